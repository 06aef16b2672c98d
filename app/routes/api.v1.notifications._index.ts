// GET /api/v1/notifications?unread=&page=&pageSize= → the bearer's notifications, newest first,
// titles in the request's language, with the unread count (ADR 146).
import { NotificationListQuerySchema } from "~/schemas/notifications";
import { listNotifications } from "~/services/notifications/notification-reads.server";
import { apiJson, apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const query = NotificationListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return apiJson(await listNotifications(user.id, await apiLanguage(request), query));
});

export const action = methodNotAllowed(["GET", "HEAD"]);
