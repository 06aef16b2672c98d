// POST /api/v1/conversations/{conversationUID}/messages { message } → 201 the stored message,
// pushed to both participants' sockets. Same rules as the form (422 for contact details).
import { SendMessageBodySchema } from "~/schemas/messages";
import { sendMessage } from "~/services/messaging/message-sending.server";
import { requireApiUser } from "~/utils/auth.server";
import { apiError, apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const body = await readJsonBody(request, SendMessageBodySchema);
  return apiJson(await sendMessage(user, params.conversationUID, body.message), { status: 201 });
});
