// POST /api/v1/me/password { currentPassword, password, confirmPassword } → 204: the password
// changed as /profile/security changes it (same rules and messages, the e-mail, every other
// session signed out; the calling token stays valid). ADR 225.
import { ChangePasswordBodySchema } from "~/schemas/me-api";
import { changeMyPassword } from "~/services/accounts/me.server";
import { apiError, apiRoute, getBearerToken, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { linkBaseUrl, requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const body = await readJsonBody(request, ChangePasswordBodySchema);
  await changeMyPassword(user.id, body, { keepSessionId: getBearerToken(request), baseUrl: linkBaseUrl(request) });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
