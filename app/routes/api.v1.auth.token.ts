// POST /api/v1/auth/token { email, password } → { token, user, expiresAt }: a bearer token for
// the API (a server-side session of kind "api", listed and revocable in /profile/security).
// Same answers and rate limits as the login form: 401 "Incorrect username or password.", 429.
import type { TokenResponse } from "~/schemas/accounts-api";
import { TokenRequestSchema } from "~/schemas/login";
import { verifyCredentials } from "~/services/accounts/auth.server";
import { createSession } from "~/utils/auth-sessions.server";
import { apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { clientIp, toSessionUser } from "~/utils/auth.server";

export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"])({ request, context, params: {} });
  const { email, password } = await readJsonBody(request, TokenRequestSchema);
  const ip = clientIp(context);
  const user = await verifyCredentials(email, password, { ip });
  const session = await createSession(user.id, "api", { ip, userAgent: request.headers.get("User-Agent") });
  const body: TokenResponse = { token: session.id, user: toSessionUser(user), expiresAt: session.expiresAt.toISOString() };
  return apiJson(body);
});

export const loader = methodNotAllowed(["POST"]);
