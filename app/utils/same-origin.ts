// Cross-site request forgery guard: a browser names the page that sent a request in `Origin`
// (and `Sec-Fetch-Site`). State-changing requests must come from our own pages.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginCheckInput {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite?: string | undefined;
  /** Extra origins allowed (e.g. APP_URL behind a proxy that rewrites Host). */
  allowedOrigins?: string[];
}

/** True when `origin` names the same host as the request (or one explicitly allowed). */
export function originMatchesHost(origin: string, host: string | undefined, allowedOrigins: string[] = []): boolean {
  if (allowedOrigins.includes(origin)) return true;
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false; // "null" and other opaque origins
  }
}

/**
 * Whether a request may go on. Safe methods always may; others are refused when the browser
 * says they come from another site. Programs (no Origin header, no Sec-Fetch-Site) may call.
 */
export function isRequestFromAllowedOrigin(input: OriginCheckInput): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return true;
  // Under `Referrer-Policy: no-referrer` a browser sends "Origin: null" even for our own form
  // posts; Sec-Fetch-Site still tells where the request came from.
  if (input.origin === "null") return input.secFetchSite === "same-origin";
  if (input.origin !== undefined) return originMatchesHost(input.origin, input.host, input.allowedOrigins);
  return input.secFetchSite !== "cross-site" && input.secFetchSite !== "same-site";
}

/**
 * The host to hand Remix as `X-Forwarded-Host` for a write that our guard let through from an
 * allowed origin (APP_URL's) while the proxy in front rewrote `Host` (nginx's default
 * `proxy_set_header Host $proxy_host`): Remix compares Origin with X-Forwarded-Host or Host and
 * answers 500 to every form post otherwise. Null when Remix's own check already passes.
 */
export function forwardedHostForAllowedOrigin(input: OriginCheckInput & { forwardedHost: string | undefined }): string | null {
  if (SAFE_METHODS.has(input.method.toUpperCase()) || input.forwardedHost || !input.origin) return null;
  if (!input.allowedOrigins?.includes(input.origin)) return null;
  const originHost = new URL(input.origin).host;
  return originHost === input.host ? null : originHost;
}
