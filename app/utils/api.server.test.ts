import fs from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  apiError,
  apiLanguage,
  apiRoute,
  getBearerToken,
  isMethodNotAllowedHandler,
  methodNotAllowed,
  pickAcceptLanguage,
  readJsonBody,
  requireBearerToken,
  toApiErrorResponse,
  type ApiErrorBody,
} from "~/utils/api.server";
import { AppError } from "~/utils/app-error";

type Messages = { errors: Record<string, string>; fields: Record<string, string> };
const api = Object.fromEntries(
  ["en", "fr", "es"].map((lng) => [lng, JSON.parse(fs.readFileSync(path.resolve("locales", lng, "api.json"), "utf8"))]),
) as Record<"en" | "fr" | "es", Messages>;
const commonEn = JSON.parse(fs.readFileSync(path.resolve("locales/en/common.json"), "utf8"));

function request(url = "http://localhost/api/v1/thing", init: RequestInit = {}) {
  return new Request(url, init);
}

function args(req: Request): LoaderFunctionArgs {
  return { request: req, params: {}, context: {} };
}

async function errorOf(response: Response): Promise<ApiErrorBody["error"]> {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await response.json()) as ApiErrorBody;
  expect(Object.keys(body)).toEqual(["error"]);
  return body.error;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("getBearerToken", () => {
  it.each([
    [undefined, null],
    ["Bearer abc.def-ghi_jkl~mno+p/q==", "abc.def-ghi_jkl~mno+p/q=="],
    ["bearer token123", "token123"],
    ["BEARER   token123  ", "token123"],
    ["Basic dXNlcjpwYXNz", null],
    ["Bearer", null],
    ["Bearer ", null],
    ["Bearer two tokens", null],
    ["Bearer tok@en", null],
    ["Token abc", null],
  ])("Authorization: %j → %j", (header, expected) => {
    const headers = header === undefined ? undefined : { Authorization: header };
    expect(getBearerToken(request(undefined, { headers }))).toBe(expected);
  });

  it("requireBearerToken gives the token, or an AppError 401 when there is none", () => {
    expect(requireBearerToken(request(undefined, { headers: { Authorization: "Bearer xyz" } }))).toBe("xyz");
    expect(() => requireBearerToken(request())).toThrow(AppError);
    try {
      requireBearerToken(request());
    } catch (error) {
      expect((error as AppError).status).toBe(401);
      expect((error as AppError).code).toBe("unauthorized");
    }
  });
});

describe("pickAcceptLanguage", () => {
  it.each([
    [null, null],
    ["", null],
    ["fr", "fr"],
    ["FR-fr", "fr"],
    ["de-DE,fr;q=0.8,en;q=0.5", "fr"],
    ["en;q=0.2, es;q=0.9", "es"],
    ["es;q=0, fr;q=0.1", "fr"],
    ["*", null],
    ["de, ar", null],
    ["en-GB,en;q=0.9", "en"],
  ])("%j → %j", (header, expected) => {
    expect(pickAcceptLanguage(header)).toBe(expected);
  });
});

describe("apiLanguage", () => {
  it.each([
    ["http://localhost/api/v1/x", undefined, "en"],
    ["http://localhost/api/v1/x?lng=fr", undefined, "fr"],
    ["http://localhost/api/v1/x", "es-ES,es;q=0.9,en;q=0.5", "es"],
    ["http://localhost/api/v1/x", "de-DE,fr;q=0.8", "fr"],
    ["http://localhost/api/v1/x?lng=es", "fr", "es"],
    ["http://localhost/api/v1/x?lng=de", "fr", "fr"],
    ["http://localhost/api/v1/x", "de", "en"],
  ])("%s with Accept-Language %j → %s", async (url, acceptLanguage, expected) => {
    const headers = acceptLanguage ? { "Accept-Language": acceptLanguage } : undefined;
    expect(await apiLanguage(request(url, { headers }))).toBe(expected);
  });

  it("ignores the page language cookie", async () => {
    expect(await apiLanguage(request(undefined, { headers: { Cookie: "lng=fr" } }))).toBe("en");
  });
});

describe("toApiErrorResponse", () => {
  const statuses: Array<[number, string, string]> = [
    [400, "invalid_input", "invalid_input"],
    [401, "unauthorized", "unauthorized"],
    [403, "forbidden", "forbidden"],
    [404, "not_found", "not_found"],
    [409, "conflict", "conflict"],
    [422, "unprocessable", "unprocessable"],
    [429, "too_many_requests", "too_many_requests"],
    [500, "server_error", "server_error"],
  ];
  it.each(statuses)("AppError %s → code %s with the translated generic message", async (status, code, key) => {
    for (const lng of ["en", "fr", "es"] as const) {
      const response = await toApiErrorResponse(request(`http://localhost/api/v1/x?lng=${lng}`), apiError(status));
      expect(response.status).toBe(status);
      expect(await errorOf(response)).toEqual({ code, message: api[lng].errors[key] });
    }
  });

  it("401 tells the client to use a bearer token; 429 gives Retry-After when known", async () => {
    const unauthorized = await toApiErrorResponse(request(), apiError(401));
    expect(unauthorized.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    const tooMany = await toApiErrorResponse(request(), apiError(429, undefined, { values: { retryAfterSeconds: 41.2 } }));
    expect(tooMany.headers.get("Retry-After")).toBe("42");
  });

  it("translates an AppError's own key with its values, by Accept-Language", async () => {
    const error = new AppError(404, "api:errors.currency_not_found", { values: { code: "XYZ" } });
    const fr = await toApiErrorResponse(request(undefined, { headers: { "Accept-Language": "fr-FR,fr;q=0.9" } }), error);
    expect(await errorOf(fr)).toEqual({
      code: "not_found",
      message: api.fr.errors.currency_not_found.replace("{{code}}", "XYZ"),
    });
  });

  it("resolves keys of other namespaces and bare common keys", async () => {
    const other = await toApiErrorResponse(request(), new AppError(404, "common:errors.notFound"));
    expect((await errorOf(other)).message).toBe(commonEn.errors.notFound);
    const bare = await toApiErrorResponse(request(), new AppError(500, "errors.server"));
    expect((await errorOf(bare)).message).toBe(commonEn.errors.server);
  });

  it("falls back to the status's generic message for a key nobody translated, never showing the key", async () => {
    const response = await toApiErrorResponse(request(), new AppError(409, "nowhere:no.such.key", { code: "dates_taken" }));
    expect(await errorOf(response)).toEqual({ code: "dates_taken", message: api.en.errors.conflict });
  });

  it("translates per-field messages of an AppError", async () => {
    const error = new AppError(400, "api:errors.invalid_input", {
      fields: { path: "api:fields.localPath", "dates.checkIn": "api:fields.required", other: "Some English sentence" },
    });
    const response = await toApiErrorResponse(request("http://localhost/api/v1/x?lng=es"), error);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: "invalid_input",
      message: api.es.errors.invalid_input,
      fields: { path: api.es.fields.localPath, "dates.checkIn": api.es.fields.required, other: api.es.fields.invalid },
    });
  });

  it("turns a zod error into a 400 with one translated message per field", async () => {
    const schema = z.object({
      name: z.string(),
      age: z.number().int(),
      dates: z.object({ checkIn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "api:fields.localPath" }) }),
    });
    const result = schema.safeParse({ age: 1.5, dates: { checkIn: "tomorrow" } });
    expect(result.success).toBe(false);
    const response = await toApiErrorResponse(request("http://localhost/api/v1/x?lng=fr"), result.error);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: "invalid_input",
      message: api.fr.errors.invalid_input,
      fields: { name: api.fr.fields.required, age: api.fr.fields.invalid, "dates.checkIn": api.fr.fields.localPath },
    });
  });

  it("answers a thrown non-redirect Response with its status, and passes a redirect through", async () => {
    const notFound = await toApiErrorResponse(request(), new Response("Not Found", { status: 404 }));
    expect(notFound.status).toBe(404);
    expect(await errorOf(notFound)).toEqual({ code: "not_found", message: api.en.errors.not_found });
    const redirect = new Response(null, { status: 302, headers: { Location: "/elsewhere" } });
    expect(await toApiErrorResponse(request(), redirect)).toBe(redirect);
  });

  it("hides an unknown error behind a translated 500 and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const secret = new Error("SQLITE_ERROR: no such table: users_secret_column");
    const response = await toApiErrorResponse(request("http://localhost/api/v1/x?lng=fr"), secret);
    expect(response.status).toBe(500);
    const text = await response.clone().text();
    expect(text).not.toContain("SQLITE");
    expect(text).not.toContain("users_secret_column");
    expect(await errorOf(response)).toEqual({ code: "server_error", message: api.fr.errors.server_error });
    expect(log).toHaveBeenCalled();
  });
});

describe("apiRoute", () => {
  it("returns a handler's Response as it is and a plain object as 200 JSON", async () => {
    const own = new Response("x", { status: 201 });
    expect(await apiRoute(() => own)(args(request()))).toBe(own);
    const response = await apiRoute(async () => ({ value: 1 }))(args(request()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ value: 1 });
  });

  it("turns what the handler throws into the JSON error shape", async () => {
    const response = await apiRoute(() => {
      throw new AppError(403, "api:errors.forbidden");
    })(args(request("http://localhost/api/v1/x", { headers: { "Accept-Language": "es" } })));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({ code: "forbidden", message: api.es.errors.forbidden });
  });
});

describe("methodNotAllowed", () => {
  it("answers 405 with Allow and is recognisable", async () => {
    const handler = methodNotAllowed(["GET", "HEAD"]);
    const response = await handler(args(request(undefined, { method: "POST" })));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(await errorOf(response)).toEqual({ code: "method_not_allowed", message: api.en.errors.method_not_allowed });
    expect(isMethodNotAllowedHandler(handler)).toBe(true);
    expect(isMethodNotAllowedHandler(apiRoute(() => ({})))).toBe(false);
  });
});

describe("readJsonBody", () => {
  const schema = z.object({ path: z.string().startsWith("/", { error: "api:fields.localPath" }) });
  const post = (body: string, type?: string) =>
    request(undefined, { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  it.each([
    ["application/json", '{"path":"/fr"}'],
    ["application/json; charset=utf-8", '{"path":"/fr"}'],
    ["text/plain;charset=UTF-8", '{"path":"/fr"}'],
  ])("reads %s", async (type, body) => {
    expect(await readJsonBody(post(body, type), schema)).toEqual({ path: "/fr" });
  });

  it.each([
    ["not JSON", post("{nope", "application/json"), 400, "invalid_json"],
    ["a form body", post("path=%2F", "application/x-www-form-urlencoded"), 415, "unsupported_media_type"],
  ])("refuses %s", async (_name, req, status, code) => {
    const error = await readJsonBody(req, schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(status);
    expect((error as AppError).code).toBe(code);
  });

  it("refuses what the schema refuses, with field keys (missing → required)", async () => {
    const wrong = await readJsonBody(post('{"path":"fr"}', "application/json"), schema).catch((e: unknown) => e);
    expect((wrong as AppError).fields).toEqual({ path: "api:fields.localPath" });
    const missing = await readJsonBody(post("{}", "application/json"), z.object({ path: z.string() })).catch((e: unknown) => e);
    expect((missing as AppError).status).toBe(400);
    expect((missing as AppError).fields).toEqual({ path: "api:fields.required" });
  });
});
