// The scope × operation matrix (issue 22 points 2 and 7, ADR 220): every documented bearer
// operation declares a scope; a personal access token lacking it gets 403 `insufficient_scope`
// (translated, the one error shape, documented), a token holding only it gets past the check,
// and a session token from POST /api/v1/auth/token holds every scope. The check is made once,
// in requireApiPrincipal, by matching the request against the document.
import { describe, expect, it } from "vitest";
import { API_SCOPES, type ApiScope } from "~/domain/api-scopes";
import { API_AREAS } from "~/openapi/document.server";
import type { ApiOperation } from "~/openapi/operation";
import { createToken } from "~/services/api-tokens/tokens.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createAccount } from "../factories/account-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const routeModules = import.meta.glob<Record<string, unknown>>(["../../app/routes/api.v1.*.{ts,tsx}", "../../app/routes/api.v1.*/route.{ts,tsx}"]);

/** "api.v1.reservations.$id_.claims.ts" → "/api/v1/reservations/{id}/claims" (as tests/db/openapi.test.ts reads flat routes). */
function templatesOf(file: string): string[] {
  const name = file.replace(/^.*\/routes\//, "").replace(/\/route\.tsx?$/, "").replace(/\.tsx?$/, "");
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of name) {
    if (char === "[" && !escaped) escaped = true;
    else if (char === "]" && escaped) escaped = false;
    else if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else current += char;
  }
  segments.push(current);
  let templates = [""];
  for (const raw of segments) {
    if (raw === "_index" || (raw.startsWith("_") && !raw.startsWith("__"))) continue;
    const optional = /^\(.*\)$/.test(raw);
    const segment = (optional ? raw.slice(1, -1) : raw).replace(/_$/, "");
    const part = segment.startsWith("$") ? `{${segment.slice(1)}}` : segment;
    templates = optional ? templates.flatMap((t) => [t, `${t}/${part}`]) : templates.map((t) => `${t}/${part}`);
  }
  return templates;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;

async function handlerFor(operation: ApiOperation): Promise<{ handler: Handler; params: Record<string, string>; url: string }> {
  for (const [file, load] of Object.entries(routeModules)) {
    if (!templatesOf(file).includes(operation.path)) continue;
    const module = await load();
    const handler = (operation.method === "get" ? module.loader : module.action) as Handler;
    const params: Record<string, string> = {};
    const url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      params[name] = "1";
      return "1";
    });
    return { handler, params, url };
  }
  throw new Error(`no route file answers ${operation.path}`);
}

async function callAs(operation: ApiOperation, token: string, language = "en"): Promise<Response> {
  const { handler, params, url } = await handlerFor(operation);
  const hasBody = operation.method !== "get" && operation.method !== "delete";
  const request = new Request(`http://localhost:4321${url}?lng=${language}`, {
    method: operation.method.toUpperCase(),
    headers: { Authorization: `Bearer ${token}`, ...(hasBody ? { "Content-Type": "application/json" } : {}) },
    body: hasBody ? "{}" : undefined,
  });
  return handler({ request, params, context: {} });
}

const operations = API_AREAS.flatMap((area) => area.operations);
const scoped = operations.filter((operation) => operation.scope);
const label = (operation: ApiOperation) => `${operation.method.toUpperCase()} ${operation.path} (${operation.scope})`;

describe("every bearer operation declares its scope", () => {
  it("has a scope from API_SCOPES on each operation with auth: bearer", () => {
    const bearer = operations.filter((operation) => operation.auth === "bearer");
    expect(bearer.length).toBeGreaterThan(30);
    expect(bearer.filter((operation) => !operation.scope).map(label), "bearer operations without a scope").toEqual([]);
    for (const operation of scoped) expect(API_SCOPES, label(operation)).toContain(operation.scope);
  });
});

describe("the scope × operation matrix", () => {
  it.each(scoped.map((operation) => [label(operation), operation] as const))("%s: 403 insufficient_scope without the scope, past the check with it", async (_name, operation) => {
    const user = await createAccount();
    const scope = operation.scope!;
    const others = API_SCOPES.filter((candidate) => candidate !== scope);
    const lacking = await createToken(user.id, { name: "lacking", scopes: [...others], expiresInDays: 30 });
    const holding = await createToken(user.id, { name: "holding", scopes: [scope], expiresInDays: 30 });

    const refused = await callAs(operation, lacking.token, "fr");
    expect(refused.status, "without the scope").toBe(403);
    const body = (await expectApiResponseMatchesOpenApi(operation.method, operation.path, refused)) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("insufficient_scope");
    expect(body.error.message).toBe(`Ce jeton n’a pas la portée requise par cette opération (${scope}).`);
    expect(refused.headers.get("WWW-Authenticate")).toContain(`scope="${scope}"`);

    const allowed = await callAs(operation, holding.token);
    const answer = allowed.status === 204 ? null : ((await allowed.clone().json()) as { error?: { code: string } });
    expect(answer?.error?.code ?? "", `with only ${scope}: ${allowed.status}`).not.toBe("insufficient_scope");
    expect(allowed.status).not.toBe(401);
  });

  it("lets a session token from POST /api/v1/auth/token call every operation, whatever its scope", async () => {
    const user = await createAccount();
    const session = (await createSession(user.id, "api")).id;
    for (const operation of scoped) {
      const response = await callAs(operation, session);
      const answer = response.status === 204 ? null : ((await response.json()) as { error?: { code: string } });
      expect(answer?.error?.code ?? "", label(operation)).not.toBe("insufficient_scope");
    }
  });

  it("fails closed: a method no operation documents needs every scope", async () => {
    const user = await createAccount();
    const almostAll = await createToken(user.id, { name: "almost", scopes: API_SCOPES.filter((scope) => scope !== "webhooks:write"), expiresInDays: 30 });
    // api.v1.reviews.$id.ts authenticates before it looks at the method: PUT is documented nowhere.
    const module = await routeModules["../../app/routes/api.v1.reviews.$id.ts"]!();
    const put = await (module.action as Handler)({
      request: new Request("http://localhost:4321/api/v1/reviews/1", { method: "PUT", headers: { Authorization: `Bearer ${almostAll.token}` } }),
      params: { id: "1" },
      context: {},
    });
    expect(put.status).toBe(403);
    expect(((await put.json()) as { error: { code: string } }).error.code).toBe("insufficient_scope");
  });

  it("names each scope an operation needs in the document (security and x-scope)", async () => {
    const { getOpenApiDocument } = await import("~/openapi/document.server");
    const document = getOpenApiDocument();
    for (const operation of scoped) {
      const documented = document.paths[operation.path]![operation.method]!;
      expect(documented["x-scope"], label(operation)).toBe(operation.scope);
      expect(documented.security?.some((requirement) => requirement.bearerAuth?.includes(operation.scope as ApiScope)), label(operation)).toBe(true);
    }
  });
});
