// The base of every /api/v1 resource route (PRODUCT.md "The /api/v1 resource routes"):
//
//   export const loader = apiRoute(async ({ request, params }) => {
//     const user = await requireApiUser(request);          // throws AppError(401) → JSON 401
//     const input = await readJsonBody(request, MySchema);  // invalid → JSON 400 with fields
//     return apiJson(await myService(user, input));         // or return a plain object
//   });
//
// Errors always have the shape { "error": { "code", "message", "fields"? } }: `code` is stable
// and machine-readable, `message` (and each field message) is translated by `?lng=` then
// Accept-Language. Internals (stack traces, SQL, keys of unknown errors) never reach the client.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiLanguageOf } from "~/utils/api-error-body";
import { pickAcceptLanguage } from "~/utils/i18n";
import { AppError, defaultCode, isAppError } from "~/utils/app-error";
import type { Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";
import { parseIdParam } from "~/utils/id-param";

export interface ApiErrorBody {
  error: {
    /** Stable, machine-readable: invalid_input, unauthorized, forbidden, not_found, conflict… */
    code: string;
    /** Translated for the caller. */
    message: string;
    /** Invalid input only: one translated message per field ("dates.checkIn" for nested fields). */
    fields?: Record<string, string>;
  };
}

export { pickAcceptLanguage };

export type ApiHandlerArgs = LoaderFunctionArgs | ActionFunctionArgs;
export type ApiHandler = (args: ApiHandlerArgs) => Promise<Response | object> | Response | object;

/** A JSON response (200 unless `init` says otherwise). Amounts inside stay integer millimes. */
export function apiJson(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return Response.json(data, { ...init, headers });
}

/** The language of an API answer: `?lng=`, then Accept-Language, then English. The language
 * cookie and path prefix are page conventions, not API ones. */
export async function apiLanguage(request: Request): Promise<Language> {
  return apiLanguageOf(request.url, request.headers.get("Accept-Language"));
}

const TRANSLATION_KEY = /^(?:[a-z][\w-]*:)?[\w-]+(?:\.[\w-]+)*$/i;

/** True for "ns:some.key" or "some.key" — the forms message keys take (never a sentence). */
export function isTranslationKey(value: string): boolean {
  return TRANSLATION_KEY.test(value);
}

/** The key of the generic message for an HTTP status ("api:errors.not_found"). */
export function statusMessageKey(status: number): string {
  if (status === 405) return "api:errors.method_not_allowed";
  if (status === 415) return "api:errors.unsupported_media_type";
  return `api:errors.${status >= 500 ? "server_error" : defaultCode(status) === "error" ? "invalid_input" : defaultCode(status)}`;
}

/** An AppError whose message is the generic one for its status (api:errors.<code>). */
export function apiError(
  status: number,
  key: string = statusMessageKey(status),
  options: ConstructorParameters<typeof AppError>[2] = {},
): AppError {
  return new AppError(status, key, {
    ...options,
    code: options.code ?? (status === 405 ? "method_not_allowed" : status === 415 ? "unsupported_media_type" : undefined),
  });
}

interface ErrorDescription {
  status: number;
  code: string;
  key: string;
  values?: Record<string, unknown>;
  /** Field name → translation key. */
  fields?: Record<string, string>;
  headers?: HeadersInit;
}

/** Builds the JSON error response, translating the message and field messages. */
export async function apiErrorResponse(request: Request, description: ErrorDescription): Promise<Response> {
  const language = await apiLanguage(request);
  // "api" first; "common" lets a bare key such as "errors.server" resolve too. Keys naming another
  // namespace ("auth:validation.required") resolve from the bundled resources.
  const t = await getFixedT(language, ["api", "common"]);
  const generic = String(t(statusMessageKey(description.status)));
  const translate = (key: string, values?: Record<string, unknown>) =>
    isTranslationKey(key) ? String(t(key, { ...values, defaultValue: generic })) : generic;
  const body: ApiErrorBody = { error: { code: description.code, message: translate(description.key, description.values) } };
  if (description.fields && Object.keys(description.fields).length > 0) {
    body.error.fields = Object.fromEntries(
      Object.entries(description.fields).map(([field, key]) => [
        field,
        isTranslationKey(key) ? String(t(key, { ...description.values, defaultValue: t("api:fields.invalid") })) : String(t("api:fields.invalid")),
      ]),
    );
  }
  const headers = new Headers(description.headers);
  if (description.status === 401 && !headers.has("WWW-Authenticate")) headers.set("WWW-Authenticate", 'Bearer realm="darna"');
  return apiJson(body, { status: description.status, headers });
}

/** Per-field translation keys for a zod error; fields named by their dotted path. */
export function fieldKeysFromZodError(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.path.length === 0) continue;
    const field = issue.path.map(String).join(".");
    if (fields[field]) continue; // the first problem of a field is the one to fix first
    if (isTranslationKey(issue.message)) fields[field] = issue.message;
    else if (issue.code === "invalid_type" && isMissing(issue)) fields[field] = "api:fields.required";
    else fields[field] = "api:fields.invalid";
  }
  return fields;
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  if ("input" in issue) return issue.input === undefined;
  // zod's own message when no custom one was given and the input was not reported.
  return / received undefined$/.test(issue.message);
}

/**
 * Turns anything a handler threw into the JSON error answer: an AppError keeps its status, key,
 * values and fields; a zod error is a 400 with per-field messages; a thrown Response keeps its
 * status (a redirect is passed through); anything else is a 500 whose details go to the log only.
 */
export async function toApiErrorResponse(request: Request, error: unknown): Promise<Response> {
  if (isAppError(error)) {
    const headers = new Headers();
    const retryAfter = error.values?.retryAfterSeconds;
    if (error.status === 429 && typeof retryAfter === "number") headers.set("Retry-After", String(Math.ceil(retryAfter)));
    if (error.status === 405 && Array.isArray(error.values?.allow)) headers.set("Allow", error.values.allow.join(", "));
    if (error.code === "insufficient_scope" && typeof error.values?.scope === "string") {
      headers.set("WWW-Authenticate", `Bearer realm="darna", error="insufficient_scope", scope="${error.values.scope}"`);
    }
    return apiErrorResponse(request, {
      status: error.status,
      code: error.code,
      key: error.key,
      values: error.values,
      fields: error.fields,
      headers,
    });
  }
  if (error instanceof z.core.$ZodError) {
    return apiErrorResponse(request, {
      status: 400,
      code: "invalid_input",
      key: "api:errors.invalid_input",
      fields: fieldKeysFromZodError(error),
    });
  }
  if (error instanceof Response) {
    if (error.status >= 300 && error.status < 400) return error;
    if (error.status >= 400 && error.status < 600) {
      const status = error.status;
      return apiErrorResponse(request, { status, code: apiError(status).code, key: statusMessageKey(status) });
    }
  }
  console.error(`api: unexpected error on ${request.method} ${new URL(request.url).pathname}`, error);
  return apiErrorResponse(request, { status: 500, code: "server_error", key: "api:errors.server_error" });
}

/**
 * Wraps an API loader or action: whatever the handler throws becomes the JSON error answer, and
 * a plain object it returns becomes a 200 JSON answer. Use it for every /api/v1 route.
 */
export function apiRoute(handler: ApiHandler): (args: ApiHandlerArgs) => Promise<Response> {
  return async (args) => {
    const run = async (): Promise<Response> => {
      try {
        // Every `{id}` of the API is a numeric id (ADR 090): anything else is an unknown resource.
        if (args.params.id !== undefined && parseIdParam(args.params.id) === null) throw apiError(404, "api:errors.not_found");
        const result = await handler(args);
        return result instanceof Response ? result : apiJson(result);
      } catch (error) {
        return toApiErrorResponse(args.request, error);
      }
    };
    let response: Response;
    try {
      // Loaded on use: the token services import this module (ADR 220, 221).
      const { wantsIdempotency, withIdempotency } = await import("~/utils/api-idempotency.server");
      response = wantsIdempotency(args.request) ? await withIdempotency(args, run) : await run();
    } catch (error) {
      response = await toApiErrorResponse(args.request, error);
    }
    return withRateLimitHeaders(args.request, response);
  };
}

/** The token's RateLimit-* fields on an answer to a token holder (ADR 220). */
async function withRateLimitHeaders(request: Request, response: Response): Promise<Response> {
  const { rateLimitStateOf } = await import("~/utils/api-principal.server");
  const state = rateLimitStateOf(request);
  if (!state) return response;
  const { rateLimitHeaders } = await import("~/utils/api-rate-limit.server");
  try {
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a fetched or redirect Response): copy it.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) copy.headers.set(name, value);
    return copy;
  }
}

const METHOD_NOT_ALLOWED = Symbol.for("darna.api.methodNotAllowed");

/**
 * A loader or action that answers 405 (JSON, with an Allow header): for the methods a resource
 * route does not offer, e.g. `export const action = methodNotAllowed(["GET"])`.
 */
export function methodNotAllowed(allow: string[]): (args: ApiHandlerArgs) => Promise<Response> {
  const handler = apiRoute(() => {
    throw apiError(405, "api:errors.method_not_allowed", { values: { allow } });
  });
  return Object.assign(handler, { [METHOD_NOT_ALLOWED]: true });
}

/** True for a handler made by methodNotAllowed (the OpenAPI coverage test skips them). */
export function isMethodNotAllowedHandler(value: unknown): boolean {
  return typeof value === "function" && (value as unknown as Record<symbol, unknown>)[METHOD_NOT_ALLOWED] === true;
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750; the scheme in any case), or
 * null when the header is missing, uses another scheme or is malformed.
 */
export function getBearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/**
 * The bearer token, or an AppError(401) the API answers as
 * `{ "error": { "code": "unauthorized", … } }` with `WWW-Authenticate: Bearer`.
 * requireApiUser (auth.server.ts) builds on it and uses the same error for an unknown token.
 */
export function requireBearerToken(request: Request): string {
  const token = getBearerToken(request);
  if (!token) throw apiError(401, "api:errors.unauthorized");
  return token;
}

/** No request body of the API nests deeper than a few levels; 5,000 would overflow the stack of
 * whatever walks it next (zod's error reporting does). */
export const MAX_JSON_DEPTH = 32;

/** How deep arrays and objects nest in a JSON text (strings skipped), without parsing it. */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") deepest = Math.max(deepest, ++depth);
    else if (char === "]" || char === "}") depth--;
  }
  return deepest;
}

/**
 * Reads a JSON body and parses it with `schema`. A body that is not JSON is a 400
 * (`invalid_json`); a body the schema refuses is a 400 with per-field messages. `text/plain`
 * bodies are read as JSON too (navigator.sendBeacon sends strings that way).
 */
export async function readJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "" && type !== "application/json" && type !== "text/plain" && !type.endsWith("+json")) {
    throw apiError(415, "api:errors.unsupported_media_type");
  }
  let data: unknown;
  try {
    const text = await request.text();
    if (jsonNestingDepth(text) > MAX_JSON_DEPTH) throw new Error("too deep");
    data = JSON.parse(text);
  } catch {
    throw apiError(400, "api:errors.invalid_json", { code: "invalid_json" });
  }
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) {
    throw apiError(400, "api:errors.invalid_input", { fields: fieldKeysFromZodError(result.error) });
  }
  return result.data;
}
