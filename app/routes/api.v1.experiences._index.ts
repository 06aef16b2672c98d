// GET /api/v1/experiences?city=&date=&people=&maxPrice=&language=&page=: approved experiences with
// a future slot, filtered as on /experiences (unreadable filters are ignored, as on the page).
import { readExperienceFilters } from "~/schemas/experiences";
import { searchExperiences } from "~/services/experiences/experience-reads.server";
import { apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(async ({ request }) => {
  const filters = readExperienceFilters(new URL(request.url).searchParams);
  const { items, total, page } = await searchExperiences(filters, await apiLanguage(request), new Date());
  return {
    items: items.map(({ id, title, city, photo, pricePerPerson, totalForPeople, durationMinutes, rating, nextStartsAt }) => ({
      id, title, city, photo, pricePerPerson, totalForPeople, durationMinutes, rating, nextStartsAt,
    })),
    total,
    page,
  };
});

export const action = methodNotAllowed(["GET"]);
