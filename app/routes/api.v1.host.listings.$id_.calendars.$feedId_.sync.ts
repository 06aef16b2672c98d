// POST /api/v1/host/listings/{id}/calendars/{feedId}/sync: fetches the feed now and answers its
// state (a failed fetch is a 200 too: the state carries the error, and nothing else changed).
import { feedStateBody } from "~/services/calendar-sync/calendar-api.server";
import { requireFeed } from "~/services/calendar-sync/feeds.server";
import { syncFeedNow } from "~/services/calendar-sync/sync.server";
import { actorOf, parseId } from "~/services/listings/listing-forms.server";
import { AppError } from "~/utils/app-error";
import { apiError, apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getFixedT } from "~/utils/i18n.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const id = parseId(params.id);
  const feedId = parseId(params.feedId);
  if (id === null || feedId === null) throw new AppError(404, "calendar-sync:errors.feedNotFound");
  const feed = await requireFeed(actorOf(user), id, feedId);
  const t = await getFixedT(await apiLanguage(request), "calendar-sync");
  return feedStateBody(await syncFeedNow(feed), t);
});
