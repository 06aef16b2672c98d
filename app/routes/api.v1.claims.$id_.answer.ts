// POST /api/v1/claims/{id}/answer { answer } → 204: the host answers a claim on their stay, as on
// the host's reservation page (ClaimAnswerSchema, answerClaim; ADR 225).
import { ClaimAnswerSchema } from "~/schemas/claim";
import { answerClaim } from "~/services/money/claims.server";
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const { answer } = await readJsonBody(request, ClaimAnswerSchema);
  await answerClaim(user, Number(params.id), answer);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
