// Who is signed in, and the guards routes use (ADR 030, 034).
// Pages: the `Token` cookie (HttpOnly, SameSite=Lax, Secure in production) holds the id of a
// row in `sessions`. API (/api/…): `Authorization: Bearer <token>` from POST /api/v1/auth/token.
import { createCookie, redirect, type CookieOptions } from "@remix-run/node";
import type { User } from "~/db/models/user.server";
import { userRoleOf, type UserRole } from "~/domain/staff-roles";
import { createSession, findActiveSession } from "~/utils/auth-sessions.server";
import { AppError } from "~/utils/app-error";
import { currencyCookie } from "~/utils/currency.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, languageFromPath, stripLanguage, withLanguage, type Language } from "~/utils/i18n";
import { languageCookie } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { requireApiPrincipal } from "~/utils/api-principal.server";

export interface SessionUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  hostMode: boolean;
  emailVerified: boolean;
  language: Language;
  currency: string;
  timeZone: string;
}

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: userRoleOf(user.role),
    hostMode: Boolean(user.hostMode),
    emailVerified: user.emailVerifiedAt !== null,
    language: isLanguage(user.language) ? user.language : fallbackLanguage,
    currency: user.currency ?? "TND",
    timeZone: user.timeZone ?? "Africa/Tunis",
  };
}

const SESSION_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

function isLoopbackHttp(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
  } catch {
    return false;
  }
}

/**
 * The `Token` cookie's options. Secure in production; the one exception is a production build
 * served on http://localhost (APP_URL), where browsers and test tools would drop a Secure cookie.
 */
export function tokenCookieOptions(nodeEnv: string, appUrl: string): CookieOptions {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: nodeEnv === "production" && !isLoopbackHttp(appUrl),
    maxAge: SESSION_COOKIE_MAX_AGE,
    secrets: [env.sessionSecret],
  };
}

export const tokenCookie = createCookie("Token", tokenCookieOptions(env.nodeEnv, env.appUrl));

export async function readSessionId(request: Request): Promise<string | null> {
  const value = await tokenCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

interface CurrentSession {
  user: SessionUser;
  sessionId: string;
}

// One lookup per request, however many loaders ask.
const sessionCache = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The signed-in user of a page request and their session id, or null. */
export function getOptionalSession(request: Request): Promise<CurrentSession | null> {
  let cached = sessionCache.get(request);
  if (!cached) {
    cached = (async () => {
      const sessionId = await readSessionId(request);
      if (!sessionId) return null;
      const found = await findActiveSession(sessionId, { kind: "web" });
      return found ? { user: toSessionUser(found.user), sessionId } : null;
    })();
    sessionCache.set(request, cached);
  }
  return cached;
}

export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return (await getOptionalSession(request))?.user ?? null;
}

// ——— guards ———

function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** Only a path on this site (`/x`, not `//evil.com` or `https://…`); anything else → fallback. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  return safeRedirectPath(to, fallback);
}

/** The localized login page, remembering where to come back to. */
export function loginPath(request: Request, redirectTo?: string): string {
  const url = new URL(request.url);
  const back = redirectTo ?? url.pathname + url.search;
  const login = localizedPath(request, "/auth");
  return back && back !== "/" ? `${login}?${new URLSearchParams({ redirectTo: back })}` : login;
}

/** Pages: the signed-in user, or a redirect to /auth?redirectTo=…. API: bearer token or AppError(401). */
export async function requireUser(request: Request): Promise<SessionUser> {
  if (isApiRequest(request)) return requireApiUser(request);
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginPath(request));
  return user;
}

/**
 * A user whose e-mail is verified (booking, listing). Pages send others to the please-verify
 * page (with its resend button); the API gets AppError(403).
 */
export async function requireVerifiedUser(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.emailVerified) return user;
  if (isApiRequest(request)) throw new AppError(403, "auth:verify.required", { code: "email_not_verified" });
  const url = new URL(request.url);
  const target = localizedPath(request, "/verify");
  throw redirect(`${target}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/**
 * A host: a verified user in host mode. Pages send a traveler to the mode switch (one button
 * away, and back); the API needs only a verified user, programs have no "mode".
 */
export async function requireHost(request: Request): Promise<SessionUser> {
  const user = await requireVerifiedUser(request);
  if (user.hostMode || isApiRequest(request)) return user;
  const url = new URL(request.url);
  throw redirect(`${localizedPath(request, "/profile/mode")}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

// ——— API bearer tokens ———

/**
 * The user owning the request's bearer token: a session from POST /api/v1/auth/token or a
 * personal access token (ADR 220). Throws AppError(401) for no valid token, 403
 * `insufficient_scope` when the documented operation's scope is not the token's, 429 beyond the
 * token's rate limit; apiRoute (app/utils/api.server.ts) answers them as the JSON error.
 */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  return toSessionUser((await requireApiPrincipal(request)).user);
}

// ——— signing in and out ———

/** The client's address: from the server's load context (req.ip), null when not given. */
export function clientIp(context: unknown): string | null {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return typeof ip === "string" && ip.length > 0 ? ip : null;
}

/**
 * Starts a new session for the user (a new one on every sign-in) and returns the Set-Cookie
 * headers: the `Token` cookie, and the user's language and currency (settings apply at sign-in).
 */
export async function signIn(user: User, request: Request, context: { ip: string | null; now?: Date }): Promise<Headers> {
  const session = await createSession(user.id, "web", {
    userAgent: request.headers.get("User-Agent"),
    ip: context.ip,
    now: context.now,
  });
  const sessionUser = toSessionUser(user);
  const headers = new Headers();
  headers.append("Set-Cookie", await tokenCookie.serialize(session.id));
  headers.append("Set-Cookie", await languageCookie.serialize(sessionUser.language));
  headers.append("Set-Cookie", await currencyCookie.serialize(sessionUser.currency));
  return headers;
}

export async function clearSessionCookie(): Promise<string> {
  return tokenCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Where to go after signing in: `redirectTo` when it is a local path, else home; in the user's
 * language when the target carries a language prefix.
 */
export function afterSignInPath(redirectTo: string | null | undefined, language: Language): string {
  const target = safeRedirect(redirectTo, "/");
  const url = new URL(target, "http://darna.invalid");
  if (!languageFromPath(url.pathname)) return target;
  return withLanguage(stripLanguage(url.pathname), language) + url.search + url.hash;
}

/**
 * The origin for links in e-mails: the request's own origin when it is APP_URL's or a
 * loopback address (tests, local runs), else APP_URL. A forged Host header never ends up in a
 * password-reset link.
 */
export function linkBaseUrl(request: Request | null): string {
  if (!request) return env.appUrl;
  const origin = new URL(request.url).origin;
  if (origin === new URL(env.appUrl).origin) return origin;
  const { hostname } = new URL(origin);
  return ["localhost", "127.0.0.1", "[::1]"].includes(hostname) ? origin : env.appUrl;
}
