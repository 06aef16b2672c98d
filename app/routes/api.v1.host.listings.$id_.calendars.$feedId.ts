// DELETE /api/v1/host/listings/{id}/calendars/{feedId}: removes the feed and frees its nights (204).
import { removeFeed } from "~/services/calendar-sync/feeds.server";
import { actorOf, parseId } from "~/services/listings/listing-forms.server";
import { AppError } from "~/utils/app-error";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "DELETE") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["DELETE"] } });
  const user = await requireApiUser(request);
  const id = parseId(params.id);
  const feedId = parseId(params.feedId);
  if (id === null || feedId === null) throw new AppError(404, "calendar-sync:errors.feedNotFound");
  await removeFeed(actorOf(user), id, feedId);
  return new Response(null, { status: 204 });
});
