// GET /api/v1/openapi.json: a valid OpenAPI 3.1 document that describes every /api/v1 route, and
// whose response schemas hold against the routes' real answers.
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument, getOpenApiDocument } from "~/openapi/document.server";
import { HTTP_METHODS, operation, type ApiOperation } from "~/openapi/operation";
import { loader as openApiLoader, action as openApiAction } from "~/routes/api.v1.openapi[.]json";
import { action as catchAllAction, loader as catchAllLoader } from "~/routes/api.v1.$";
import { isMethodNotAllowedHandler } from "~/utils/api.server";
import { operations as meOperations } from "~/openapi/me";
import { operations as favoritesOperations } from "~/openapi/favorites";
import { operations as pageTwinsOperations } from "~/openapi/page-twins";
import { compileDocumentedSchemas, expectApiResponseMatchesOpenApi, expectResponseMatchesOpenApi } from "../support/openapi";

/** Route files that are not endpoints: the JSON 404 for any unknown /api/v1 path. */
const NOT_ENDPOINTS = new Set(["api.v1.$.ts"]);
const WRITE_METHODS = ["post", "put", "patch", "delete"] as const;

const routeModules = import.meta.glob<Record<string, unknown>>(
  ["../../app/routes/api.v1.*.{ts,tsx}", "../../app/routes/api.v1.*/route.{ts,tsx}"],
);

/** Splits a flat-routes file name into URL segments, honouring [escapes]. */
function flatRouteSegments(name: string): string[] {
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
  return segments;
}

/** "api.v1.tnd-value.$code.ts" → ["/api/v1/tnd-value/{code}"]; optional segments give both forms. */
function pathTemplatesOf(file: string): string[] {
  const name = file
    .replace(/^.*\/routes\//, "")
    .replace(/\/route\.tsx?$/, "")
    .replace(/\.tsx?$/, "");
  let templates = [""];
  for (const raw of flatRouteSegments(name)) {
    if (raw === "_index" || (raw.startsWith("_") && !raw.startsWith("__"))) continue;
    const optional = /^\(.*\)$/.test(raw);
    const segment = (optional ? raw.slice(1, -1) : raw).replace(/_$/, "");
    const part = segment.startsWith("$") ? `{${segment.slice(1)}}` : segment;
    templates = optional ? templates.flatMap((t) => [t, `${t}/${part}`]) : templates.map((t) => `${t}/${part}`);
  }
  return templates.map((t) => t || "/");
}

describe("pathTemplatesOf (flat route names → OpenAPI paths)", () => {
  it.each([
    ["../../app/routes/api.v1.tnd-value.$code.ts", ["/api/v1/tnd-value/{code}"]],
    ["../../app/routes/api.v1.openapi[.]json.ts", ["/api/v1/openapi.json"]],
    ["../../app/routes/api.v1.analytics.page-view.ts", ["/api/v1/analytics/page-view"]],
    ["../../app/routes/api.v1.properties.$id_.quote.ts", ["/api/v1/properties/{id}/quote"]],
    ["../../app/routes/api.v1.reservations._index.ts", ["/api/v1/reservations"]],
    ["../../app/routes/api.v1.favorites.($kind).ts", ["/api/v1/favorites", "/api/v1/favorites/{kind}"]],
    ["../../app/routes/api.v1.auth.token/route.ts", ["/api/v1/auth/token"]],
  ])("%s → %j", (file, templates) => {
    expect(pathTemplatesOf(file)).toEqual(templates);
  });
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document (swagger-parser)", async () => {
    const document = getOpenApiDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("has a unique operationId and a summary for every operation", () => {
    const ids: string[] = [];
    for (const [path, item] of Object.entries(getOpenApiDocument().paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        expect(operation.summary, `${method} ${path} summary`).toBeTruthy();
        ids.push(operation.operationId);
      }
    }
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has response schemas that compile as strict JSON Schema 2020-12 (no misspelt keywords)", () => {
    expect(compileDocumentedSchemas()).toBeGreaterThan(0);
  });

  it("describes every /api/v1 route file with the methods it answers, and nothing the routes do not answer", async () => {
    const files = Object.keys(routeModules).sort();
    expect(files.length).toBeGreaterThan(0);
    const document = getOpenApiDocument();
    const missing: string[] = [];
    const answered = new Set<string>();
    for (const file of files) {
      const base = file.replace(/^.*\/routes\//, "");
      if (NOT_ENDPOINTS.has(base)) continue;
      const module = await routeModules[file]!();
      const reads = Boolean(module.loader) && !isMethodNotAllowedHandler(module.loader);
      const writes = Boolean(module.action) && !isMethodNotAllowedHandler(module.action);
      for (const template of pathTemplatesOf(file)) {
        if (reads) answered.add(`get ${template}`);
        if (writes) for (const method of WRITE_METHODS) answered.add(`${method} ${template}`);
        const item = document.paths[template];
        if (!item) {
          missing.push(`${template} (${base})`);
          continue;
        }
        if (reads && !item.get) missing.push(`GET ${template} (${base} has a loader)`);
        if (writes && !WRITE_METHODS.some((m) => item[m])) missing.push(`POST/PUT/PATCH/DELETE ${template} (${base} has an action)`);
      }
    }
    expect(missing, "routes missing from the document (app/openapi/<area>.ts)").toEqual([]);

    // The other way round: every documented operation is answered by a route's loader (GET) or action.
    const documented = Object.entries(document.paths).flatMap(([template, item]) =>
      HTTP_METHODS.filter((method) => item[method]).map((method) => `${method} ${template}`),
    );
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((operation) => !answered.has(operation)), "documented operations no route answers").toEqual([]);
  });

  it("refuses an operation declared twice, an operationId used twice, and a shape read differently by a request and a response", () => {
    const base: ApiOperation = {
      method: "get",
      path: "/p",
      operationId: "x",
      summary: "x",
      tag: "T",
      responses: { 200: { description: "ok", schema: z.object({ a: z.string() }) } },
      errors: [],
    };
    const area = (...operations: ApiOperation[]) => ({ tags: [{ name: "T", description: "t" }], operations });
    expect(() => buildOpenApiDocument([area(base, { ...base, operationId: "y" })])).toThrow(/GET \/p is declared twice/);
    expect(() => buildOpenApiDocument([area(base, { ...base, path: "/q" })])).toThrow(/operationId "x"/);
    const shared = z.object({ n: z.string().transform(Number) });
    expect(() =>
      buildOpenApiDocument([
        area(
          operation({ ...base, method: "post", body: shared }),
          operation({ ...base, operationId: "y", responses: { 200: { description: "ok", schema: shared } } }),
        ),
      ]),
    ).toThrow(/reads differently/);
    const built = buildOpenApiDocument([area(base, { ...base, method: "post", operationId: "y" })]);
    expect(Object.keys(built.paths["/p"]!)).toEqual(["get", "post"]);
  });

  it("documents a body and parameters as the route's zod schemas read them, and answers by the response schemas", () => {
    const body = z.object({ id: z.union([z.int().positive(), z.string().regex(/^\d+$/).transform(Number)]), note: z.string().optional() });
    const answer = z.object({ ok: z.literal(true) });
    const built = buildOpenApiDocument([
      {
        tags: [{ name: "T", description: "t" }],
        operations: [
          operation({
            method: "post",
            path: "/p/{id}",
            operationId: "doIt",
            summary: "Do it",
            tag: "T",
            params: z.object({ id: z.int().min(1).describe("The id.") }),
            query: z.object({ page: z.coerce.number().int().min(1).optional() }),
            body,
            responses: { 201: { description: "Done.", schema: answer } },
            errors: [400],
          }),
        ],
      },
    ]);
    const op = built.paths["/p/{id}"]!.post!;
    expect(op.parameters?.slice(0, 2)).toEqual([
      { name: "id", in: "path", required: true, description: "The id.", schema: { type: "integer", minimum: 1 } },
      { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1 } },
    ]);
    expect(op.requestBody).toEqual({ required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/DoItRequest" } } } });
    // io "input": what the client sends (a string id is accepted; unknown keys are not refused).
    expect(built.components.schemas.DoItRequest).toEqual({
      type: "object",
      properties: {
        id: { anyOf: [{ type: "integer", exclusiveMinimum: 0 }, { type: "string", pattern: "^\\d+$" }] },
        note: { type: "string" },
      },
      required: ["id"],
    });
    // io "output": what the route answers, no other key.
    expect(built.components.schemas.DoItResponse).toEqual({
      type: "object",
      properties: { ok: { type: "boolean", const: true } },
      required: ["ok"],
      additionalProperties: false,
    });
    expect(Object.keys(op.responses)).toEqual(["201", "400", "429", "500"]);
  });
});

describe("expectResponseMatchesOpenApi (the helper every API test uses)", () => {
  it("accepts a body that matches and fails one that does not", () => {
    expectResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", 200, { value: 0.29 });
    expect(() => expectResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", 200, { value: "0.29" })).toThrow();
    expect(() => expectResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", 200, { value: 1, extra: true })).toThrow();
    expect(() => expectResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", 404, { error: { code: "x" } })).toThrow();
  });

  it("fails for an undocumented path, method or status", () => {
    expect(() => expectResponseMatchesOpenApi("get", "/api/v1/nowhere", 200, {})).toThrow();
    expect(() => expectResponseMatchesOpenApi("delete", "/api/v1/tnd-value/{code}", 200, {})).toThrow();
    expect(() => expectResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", 418, {})).toThrow();
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("answers the document, and the answer matches its own description", async () => {
    const response = await openApiLoader({ request: new Request("http://localhost/api/v1/openapi.json"), params: {}, context: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = await expectApiResponseMatchesOpenApi("get", "/api/v1/openapi.json", response);
    expect(body).toEqual(JSON.parse(JSON.stringify(getOpenApiDocument())));
  });

  it("refuses a POST with a documented JSON 405", async () => {
    const response = await openApiAction({
      request: new Request("http://localhost/api/v1/openapi.json", { method: "POST" }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(405);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/openapi.json", response);
  });
});

describe("unknown /api/v1 paths", () => {
  it("answer a JSON 404 in the error shape, for reads and writes", async () => {
    for (const handler of [catchAllLoader, catchAllAction]) {
      const request = new Request("http://localhost/api/v1/no/such/thing?lng=fr", { method: "GET" });
      const response = await handler({ request, params: { "*": "no/such/thing" }, context: {} });
      expect(response.status).toBe(404);
      const body = await response.json();
      expect(body.error.code).toBe("route_not_found");
      // Same shape as every documented error.
      expectResponseMatchesOpenApi("get", "/api/v1/tnd-value/{code}", 404, body);
    }
  });
});

// ── consistency (issue 22 point 6, ADR 225) ───────────────────────────────────────────────

type JsonNode = Record<string, unknown>;
const SCHEMA_PREFIX = "#/components/schemas/";

function resolveSchema(node: unknown): JsonNode | undefined {
  let current = node as JsonNode | undefined;
  for (let i = 0; current && typeof current.$ref === "string" && i < 10; i++) {
    current = getOpenApiDocument().components.schemas[(current.$ref as string).slice(SCHEMA_PREFIX.length)] as JsonNode | undefined;
  }
  return current;
}

function successSchema(operation: { responses: Record<string, unknown> }): JsonNode | undefined {
  const ok = operation.responses["200"] as { content?: Record<string, { schema?: unknown }> } | undefined;
  return resolveSchema(ok?.content?.["application/json"]?.schema);
}

/**
 * GET operations whose answer is a list but that do not page it, each with its reason. Every
 * other list answers `page`, `pageSize` (≤ 100) and `total` and reads `?page=&pageSize=`.
 */
const UNPAGINATED_LISTS: Record<string, string> = {
  "/api/v1/etablissements/favourite": "SPEC.md §7 fixes this call's shape; GET /api/v1/favorites pages the same favorites.",
  "/api/v1/friend-trip/packs": "Always the three packs.",
  "/api/v1/host/listings/{id}/calendars": "A listing's few imported calendars (a handful of feeds).",
  "/api/v1/reservations/{id}/claims": "One stay's claims (one open at a time).",
  "/api/v1/cohost-invitations": "A host's few invitations, sent and received, answered as two lists.",
  "/api/v1/host/channel-manager": "The host's channel-manager account and links, one per listing, answered with the account.",
  "/api/v1/host/revenues": "Totals and months of one period, not a list of resources.",
  "/api/v1/properties": "The search pages as the search page's grid does (page, pageSize and a total counted up to 96, see totalCapped); its page size is the grid's.",
  "/api/v1/host/listings/{id}/photos": "A listing's own photos (30 at most), in their order: the order is the resource.",
  "/api/v1/partner/experiences/{id}/photos": "An experience's photos (30 at most), in their order: the order is the resource.",
  "/api/v1/tokens": "A user's personal access tokens: 50 at most (MAX_TOKENS_PER_USER).",
  "/api/v1/webhooks/endpoints": "A user's webhook endpoints: 10 at most.",
};

describe("the API's consistency (issue 22 point 6)", () => {
  const document = getOpenApiDocument();
  const gets = Object.entries(document.paths).flatMap(([path, item]) => (item.get ? [{ path, operation: item.get }] : []));

  it("pages every list the same way: ?page=&pageSize= in, page, pageSize ≤ 100 and total out", () => {
    const problems: string[] = [];
    for (const { path, operation } of gets) {
      const schema = successSchema(operation);
      if (!schema) continue;
      const properties = (schema.properties ?? {}) as Record<string, JsonNode>;
      // A list: an array answer, or an array named `items` or after the path's last segment
      // ("reservations" of /api/v1/reservations); a resource holding arrays is not one.
      const collection = path.split("/").pop()!;
      const isList = schema.type === "array" || ["items", collection].some((name) => properties[name] && resolveSchema(properties[name])?.type === "array");
      if (!isList || UNPAGINATED_LISTS[path]) continue;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const field of ["page", "pageSize", "total"]) if (!required.has(field)) problems.push(`${path}: the answer lacks a required "${field}"`);
      const parameters = ((operation.parameters ?? []) as JsonNode[]).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
      for (const name of ["page", "pageSize"]) if (!parameters.includes(name)) problems.push(`${path}: no ?${name}= parameter`);
      const pageSize = resolveSchema(((operation.parameters ?? []) as JsonNode[]).find((parameter) => parameter.name === "pageSize")?.schema);
      if (pageSize && pageSize.maximum !== 100) problems.push(`${path}: pageSize is not capped at 100`);
    }
    expect(problems).toEqual([]);
    // The exemptions name real list operations (none stale).
    for (const path of Object.keys(UNPAGINATED_LISTS)) expect(document.paths[path]?.get, path).toBeDefined();
  });

  it("answers every 4xx with the one error shape (a stable code), dates as YYYY-MM-DD and amounts as integer millimes", () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!/^4\d\d$/.test(status)) continue;
          const ref = (response as { $ref?: string }).$ref ?? "";
          const shared = document.components.responses[ref.replace("#/components/responses/", "")] as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined;
          if (shared?.content?.["application/json"]?.schema?.$ref !== `${SCHEMA_PREFIX}Error`) problems.push(`${method.toUpperCase()} ${path} ${status}: not the Error shape`);
        }
      }
    }
    const error = resolveSchema({ $ref: `${SCHEMA_PREFIX}Error` })!;
    expect(((error.properties as JsonNode).error as JsonNode).required).toEqual(expect.arrayContaining(["code", "message"]));

    // Field names say what a value is: dates are LocalDate (YYYY-MM-DD) or date-time instants;
    // amounts are integers (millimes).
    const DATE_NAME = /^(date|checkIn|checkOut|from|to)$|[a-z](Date|On)$/;
    const AMOUNT_NAME = /^(amount|price|total|nightlyPrice|basePrice|cleaningFee|serviceFee|pricePerPerson|totalForPeople|amountDue|hostPayout|refund)$/;
    const seen = new Set<unknown>();
    let checked = 0;
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((child, i) => walk(child, `${where}[${i}]`));
      if (!node || typeof node !== "object" || seen.has(node)) return;
      seen.add(node);
      if (typeof (node as JsonNode).$ref === "string") return walk(resolveSchema(node), String((node as JsonNode).$ref).slice(SCHEMA_PREFIX.length));
      const properties = (node as JsonNode).properties as Record<string, JsonNode> | undefined;
      for (const [name, property] of Object.entries(properties ?? {})) {
        if (DATE_NAME.test(name) || AMOUNT_NAME.test(name)) checked++;
        const variants = [property, ...(((property.anyOf ?? property.oneOf) as JsonNode[] | undefined) ?? [])].map((variant) => resolveSchema(variant) ?? variant);
        const typed = variants.filter((variant) => variant.type !== "null" && (variant.type !== undefined || variant.$ref !== undefined));
        if (DATE_NAME.test(name) && typed.some((variant) => variant.type === "string") && !typed.every((variant) => variant.type !== "string" || variant.pattern === "^\\d{4}-\\d{2}-\\d{2}$" || variant.format === "date-time" || variant.format === "date")) {
          problems.push(`${where}.${name}: a date that is neither YYYY-MM-DD nor date-time`);
        }
        // `aspects` and `ratings` hold star averages (1–5), not amounts.
        if (AMOUNT_NAME.test(name) && !/\.(aspects|ratings)$/.test(where) && typed.some((variant) => variant.type === "number")) problems.push(`${where}.${name}: an amount that is not an integer`);
      }
      for (const [key, child] of Object.entries(node)) walk(child, `${where}.${key}`);
    };
    // What the API answers (request bodies are checked by their zod schemas, whose refinements
    // the document cannot show).
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        for (const [status, response] of Object.entries(item[method]?.responses ?? {})) {
          const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.["application/json"]?.schema;
          if (schema) walk(schema, `${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it("holds the real answers of issue 22's new operations against the document in their tests", () => {
    // Each of these operations is called in tests/db and every answer checked with
    // expectApiResponseMatchesOpenApi (success and error statuses alike).
    const files = import.meta.glob<string>("./*.test.ts", { query: "?raw", import: "default", eager: true });
    const sources = Object.values(files).join("\n");
    const fresh = [...meOperations, ...favoritesOperations, ...pageTwinsOperations];
    expect(fresh.length).toBeGreaterThan(15);
    const unchecked = fresh.filter((op) => !sources.includes(`expectApiResponseMatchesOpenApi("${op.method}", "${op.path}"`));
    expect(unchecked.map((op) => `${op.method.toUpperCase()} ${op.path}`)).toEqual([]);
  });
});
