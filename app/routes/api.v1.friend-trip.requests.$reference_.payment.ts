// POST /api/v1/friend-trip/requests/{reference}/payment → { reference, paymentUrl }: a new card
// payment for a Friend Trip request still awaiting payment, as /friend-trip-failed's "try again"
// does (findRequestByReference, startFriendTripPayment; ADR 225). No account needed: the
// reference is what the requester holds. 404 for an unknown reference; 409 once paid.
import { findRequestByReference } from "~/services/friend-trip/friend-trip-requests.server";
import { startFriendTripPayment } from "~/services/friend-trip/friend-trip-payment.server";
import { apiError, apiLanguage, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const found = await findRequestByReference(params.reference);
  if (!found) throw apiError(404, "friend-trip:errors.notFound", { code: "not_found" });
  const { reference, redirectUrl } = await startFriendTripPayment(found.id, { language: await apiLanguage(request) });
  return { reference: found.reference, paymentReference: reference, paymentUrl: redirectUrl };
});
