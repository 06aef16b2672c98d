// POST /api/v1/notifications/read { ids? } → marks the bearer's notifications read: these ids
// (ids of other users' notifications change nothing), or all of them when `ids` is absent.
import { MarkNotificationsReadBodySchema } from "~/schemas/notifications";
import { markRead, unreadCount } from "~/services/notifications/notification-reads.server";
import { apiError, apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const body = await readJsonBody(request, MarkNotificationsReadBodySchema);
  const marked = await markRead(user.id, body.ids);
  return apiJson({ marked, unread: await unreadCount(user.id) });
});
