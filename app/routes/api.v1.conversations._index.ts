// GET /api/v1/conversations → the bearer's conversations (traveler and host sides) with unseen
// counts. POST { propertyId, checkIn, checkOut, message } → 201 { conversationUID, message }:
// "contact host", same rules as the property page (dates required, contact-detail filter → 422).
import { StartConversationBodySchema } from "~/schemas/messages";
import { listConversations } from "~/services/messaging/messaging.server";
import { startConversation } from "~/services/messaging/message-sending.server";
import { requireApiUser } from "~/utils/auth.server";
import { apiError, apiJson, apiRoute, readJsonBody } from "~/utils/api.server";
import { LEGACY_LIST_PAGE_SIZE, paginate, readPagination } from "~/utils/api-pagination";

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const { items, ...page } = paginate(await listConversations(user.id, "all"), readPagination(request.url, LEGACY_LIST_PAGE_SIZE));
  return apiJson({ conversations: items, ...page });
});

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "HEAD", "POST"] } });
  const user = await requireApiUser(request);
  const body = await readJsonBody(request, StartConversationBodySchema);
  const result = await startConversation(user, body);
  return apiJson(result, { status: 201 });
});
