// GET  /api/v1/host/listings/{id}/calendars  → { exportUrl, feeds: [...] }
// POST /api/v1/host/listings/{id}/calendars  { source, url } → 201 { id } (400 "Invalid URL")
import { AddFeedSchema } from "~/schemas/calendar-sync";
import { apiCalendars } from "~/services/calendar-sync/calendar-api.server";
import { addFeed } from "~/services/calendar-sync/feeds.server";
import { actorOf, parseId } from "~/services/listings/listing-forms.server";
import { AppError } from "~/utils/app-error";
import { apiError, apiJson, apiLanguage, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getFixedT } from "~/utils/i18n.server";

function listingId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new AppError(404, "listing:errors.notFound");
  return id;
}

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const t = await getFixedT(await apiLanguage(request), "calendar-sync");
  return apiCalendars(actorOf(user), listingId(params.id), t);
});

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const user = await requireApiUser(request);
  const id = listingId(params.id);
  const body = await readJsonBody(request, AddFeedSchema);
  const feed = await addFeed(actorOf(user), id, body);
  return apiJson({ id: feed.id }, { status: 201 });
});
