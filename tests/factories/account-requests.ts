// Calling route loaders and actions directly with Request objects, with a small cookie jar.
const ORIGIN = "http://localhost:4321";

export interface RouteResult {
  status: number;
  headers: Headers;
  /** The JSON body or `data()` value; null for redirects. */
  data: unknown;
  location: string | null;
}

type RouteFunction = (args: { request: Request; params: Record<string, string | undefined>; context: Record<string, unknown> }) => unknown;

/** Cookies as a browser keeps them: name → value, updated from Set-Cookie headers. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  store(headers: Headers) {
    for (const setCookie of headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export function formBody(fields: Record<string, string | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
  return body;
}

export function makeRequest(
  path: string,
  options: { method?: string; form?: Record<string, string | undefined>; json?: unknown; jar?: CookieJar; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(options.headers);
  if (options.jar && options.jar.cookies.size > 0) headers.set("Cookie", options.jar.header());
  let body: BodyInit | undefined;
  if (options.form) {
    body = formBody(options.form);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  }
  return new Request(new URL(path, ORIGIN), { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

/** Runs a loader or action; thrown Responses (redirects, 404s) are results too. */
export async function callRoute(
  fn: RouteFunction,
  request: Request,
  options: { params?: Record<string, string | undefined>; context?: Record<string, unknown>; jar?: CookieJar } = {},
): Promise<RouteResult> {
  let outcome: unknown;
  try {
    outcome = await fn({ request, params: options.params ?? {}, context: options.context ?? {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    outcome = thrown;
  }
  let result: RouteResult;
  if (outcome instanceof Response) {
    const location = outcome.headers.get("Location");
    const text = location ? "" : await outcome.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    result = { status: outcome.status, headers: outcome.headers, data, location };
  } else if (outcome && typeof outcome === "object" && (outcome as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = outcome as { data: unknown; init: ResponseInit | null };
    result = { status: init?.status ?? 200, headers: new Headers(init?.headers), data, location: null };
  } else {
    result = { status: 200, headers: new Headers(), data: outcome, location: null };
  }
  options.jar?.store(result.headers);
  return result;
}

/** The toast a redirect carries (decoded from the signed flash cookie). */
export async function toastOf(result: RouteResult): Promise<{ type: string; message: string } | null> {
  const { getToast } = await import("~/utils/toast.server");
  const setCookie = result.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
  if (!setCookie) return null;
  const request = new Request(ORIGIN, { headers: { Cookie: setCookie.split(";")[0]! } });
  return (await getToast(request)).toast;
}
