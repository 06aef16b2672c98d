// GET /api/v1/conversations/{conversationUID} → the thread (marks it seen for the bearer) and the
// reservation beside it. Only the two participants (and operators); anyone else gets 404.
import { readThread } from "~/services/messaging/messaging.server";
import { requireApiUser } from "~/utils/auth.server";
import { apiJson, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return apiJson(await readThread(user, params.conversationUID));
});

export const action = methodNotAllowed(["GET", "HEAD"]);
