// Who calls the API and what they may do (issue 22 point 2, ADR 220). One bearer token per
// request, either a session from POST /api/v1/auth/token (every scope) or a personal access
// token (its scopes). The scope check lives here, once: the request is matched against the
// documented operations (app/openapi/<area>.ts) and the operation's `scope` must be one of the
// token's, else 403 `insufficient_scope`. A request no documented operation answers, or an
// operation without a scope, needs every scope (fails closed for scoped tokens).
// Each authenticated request also counts against the token's rate limit.
import type { User } from "~/db/models/user.server";
import { API_SCOPES, type ApiScope } from "~/domain/api-scopes";
import { hitApiRateLimit, type RateLimitState } from "~/utils/api-rate-limit.server";
import { operationOfRequest } from "~/utils/api-operations.server";
import { findActiveToken, isPersonalAccessToken } from "~/utils/personal-access-tokens.server";
import { getBearerToken } from "~/utils/api.server";
import { AppError } from "~/utils/app-error";
import { findActiveSession, sessionHandle } from "~/utils/auth-sessions.server";

export interface ApiPrincipal {
  user: User;
  scopes: readonly ApiScope[];
  /** "session" (POST /api/v1/auth/token) or "personal" (a personal access token). */
  kind: "session" | "personal";
  /** Names the token for rate limits (not secret). */
  key: string;
}

const principals = new WeakMap<Request, Promise<ApiPrincipal>>();
const rateLimits = new WeakMap<Request, RateLimitState>();

/** The rate-limit state counted for this request, if a token was checked (apiRoute adds the headers). */
export function rateLimitStateOf(request: Request): RateLimitState | undefined {
  return rateLimits.get(request);
}

/**
 * The caller of an API request, checked once per request however many times it is asked:
 * 401 for a missing, unknown, expired or revoked token; 403 `insufficient_scope` when the
 * operation's scope is not the token's; 429 beyond the token's rate limit.
 */
export function requireApiPrincipal(request: Request): Promise<ApiPrincipal> {
  let found = principals.get(request);
  if (!found) {
    found = authenticate(request);
    principals.set(request, found);
  }
  return found;
}

async function authenticate(request: Request): Promise<ApiPrincipal> {
  const token = getBearerToken(request);
  let principal: ApiPrincipal | null = null;
  if (token && isPersonalAccessToken(token)) {
    const found = await findActiveToken(token);
    if (found) principal = { user: found.user, scopes: found.scopes, kind: "personal", key: `pat:${found.token.id}` };
  } else if (token) {
    const found = await findActiveSession(token, { kind: "api" });
    if (found) principal = { user: found.user, scopes: API_SCOPES, kind: "session", key: `session:${sessionHandle(token)}` };
  }
  if (!principal) throw new AppError(401, "api:errors.unauthorized", { code: "unauthorized" });

  const limit = await hitApiRateLimit(principal.key);
  rateLimits.set(request, limit);
  if (!limit.allowed) {
    throw new AppError(429, "api:errors.too_many_requests", { code: "too_many_requests", values: { retryAfterSeconds: limit.resetSeconds } });
  }

  const needed = requiredScope(request);
  if (!hasScope(principal.scopes, needed)) {
    throw new AppError(403, "api:errors.insufficient_scope", {
      code: "insufficient_scope",
      values: { scope: needed ?? API_SCOPES.join(" ") },
    });
  }
  return principal;
}

/** The scope the request's documented operation needs; null when none is documented (needs all). */
function requiredScope(request: Request): ApiScope | null {
  return operationOfRequest(request)?.scope ?? null;
}

function hasScope(held: readonly ApiScope[], needed: ApiScope | null): boolean {
  return needed ? held.includes(needed) : API_SCOPES.every((scope) => held.includes(scope));
}
