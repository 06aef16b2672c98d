// GET /api/v1/experiences?city=&date=&people=&maxPrice=&language=&page=: approved experiences with
// a future slot, filtered as on /experiences (unreadable filters are ignored, as on the page).
import { readExperienceFilters } from "~/schemas/experiences";
import { EXPERIENCES_PAGE_SIZE, searchExperiences } from "~/services/experiences/experience-reads.server";
import { apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { readPageSize } from "~/utils/api-pagination";

export const loader = apiRoute(async ({ request }) => {
  const filters = readExperienceFilters(new URL(request.url).searchParams);
  // `page` stays as lenient as the page's filters; `pageSize` (1–100) is checked like every list's.
  const pageSize = readPageSize(request.url, EXPERIENCES_PAGE_SIZE);
  const { items, total, page } = await searchExperiences(filters, await apiLanguage(request), new Date(), pageSize);
  return {
    items: items.map(({ id, title, city, photo, pricePerPerson, totalForPeople, durationMinutes, rating, nextStartsAt }) => ({
      id, title, city, photo, pricePerPerson, totalForPeople, durationMinutes, rating, nextStartsAt,
    })),
    total,
    page,
    pageSize,
  };
});

export const action = methodNotAllowed(["GET"]);
