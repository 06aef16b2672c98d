// POST /api/v1/Conversation/MessageNotSeen { ID_Utulisateur } → the bearer's unseen messages
// (SPEC.md §7). Asking for another user's messages is 403.
import { MessageNotSeenBodySchema } from "~/schemas/messages";
import type { UnseenMessages } from "~/schemas/messaging-api";
import { unseenMessages } from "~/services/messaging/messaging.server";
import { requireApiUser } from "~/utils/auth.server";
import { apiError, apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const body = await readJsonBody(request, MessageNotSeenBodySchema);
  if (body.ID_Utulisateur !== user.id) throw apiError(403);
  const messages = await unseenMessages(user.id);
  const unseen: UnseenMessages = { count: messages.length, messages };
  return apiJson(unseen);
});
