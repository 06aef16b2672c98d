// GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the zod schemas the /api/v1
// routes validate with and answer with (ADR 011). Each API area declares its operations in
// app/openapi/<area>.ts with operation(); this module turns their schemas into JSON Schema
// 2020-12 with zod's z.toJSONSchema and lays out paths, parameters, bodies and responses.
import { z } from "zod";
import * as accounts from "~/openapi/accounts";
import * as blog from "~/openapi/blog";
import * as experiences from "~/openapi/experiences";
import * as favorites from "~/openapi/favorites";
import * as me from "~/openapi/me";
import * as pageTwins from "~/openapi/page-twins";
import * as booking from "~/openapi/booking";
import * as calendarSync from "~/openapi/calendar-sync";
import * as claims from "~/openapi/claims";
import {
  ApiErrorSchema,
  baseParameters,
  baseResponses,
  baseSecuritySchemes,
  errorResponses,
  languageParameters,
  namedSchemaEntries,
} from "~/openapi/components";
import * as discovery from "~/openapi/discovery";
import * as foundation from "~/openapi/foundation";
import * as friendTrip from "~/openapi/friend-trip";
import * as hostListingWrites from "~/openapi/host-listing-writes";
import * as listings from "~/openapi/listings";
import * as messaging from "~/openapi/messaging";
import * as money from "~/openapi/money";
import * as notifications from "~/openapi/notifications";
import * as partners from "~/openapi/partners";
import * as reviews from "~/openapi/reviews";
import * as tokens from "~/openapi/tokens";
import * as webhooks from "~/openapi/webhooks";
import type { ApiArea, ApiOperation, HttpMethod } from "~/openapi/operation";

export type JsonSchema = { [keyword: string]: unknown };
type Json = Record<string, unknown>;

export interface OpenApiOperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  /** The token scope the operation needs (also in `security`; ADR 220). */
  "x-scope"?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
export type OpenApiPathItem = Partial<Record<HttpMethod, OpenApiOperationObject>>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    parameters: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

const SCHEMA_REF = "#/components/schemas/";

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": "Requests the token may make per window (API_TOKEN_RATE_LIMIT).",
  "RateLimit-Remaining": "Requests left in the current window.",
  "RateLimit-Reset": "Seconds until the window resets.",
};

/** zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect), with refs into components.schemas. */
function conversionParams(io: "input" | "output") {
  return {
    target: "draft-2020-12" as const,
    io,
    // A transform's output (io "output" of a request-only schema) has no JSON Schema: say nothing.
    unrepresentable: "any" as const,
    override: ({ jsonSchema }: { jsonSchema: Json }) => {
      // z.int() bounds itself to safe integers; that says nothing to a client.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  };
}

function withoutRootKeywords(schema: Json): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, into));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith(SCHEMA_REF)) into.add(child.slice(SCHEMA_REF.length));
      else collectRefs(child, into);
    }
  }
}

/** The names reachable from `roots` through $refs. */
function closure(roots: Iterable<string>, schemas: Record<string, JsonSchema>): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const refs = new Set<string>();
    collectRefs(schemas[name], refs);
    queue.push(...refs);
  }
  return seen;
}

function pascal(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** A path or query parameter from one field of a zod object (its description moves up). */
function parameterOf(name: string, field: z.ZodType, location: "path" | "query") {
  const { description, ...schema } = withoutRootKeywords(z.toJSONSchema(field, conversionParams("input")));
  return {
    name,
    in: location,
    required: location === "path" || !field.safeParse(undefined).success,
    ...(typeof description === "string" ? { description } : {}),
    schema,
  };
}

function jsonRef(name: string) {
  return { $ref: `${SCHEMA_REF}${name}` };
}

/**
 * Builds the document. Two operations on one method and path, or one operationId twice, are a
 * programming error; so is a schema used by a request and a response that reads differently on
 * each side (give the two sides two schemas).
 */
export function buildOpenApiDocument(areas: ApiArea[]): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of namedSchemaEntries()) registry.add(schema, { id });
  const idFor = (schema: z.ZodType, fallback: string): string => {
    const existing = registry.get(schema)?.id;
    if (existing) return existing;
    registry.add(schema, { id: fallback });
    return fallback;
  };

  const requestRoots = new Set<string>();
  // The shared error responses (components.responses) all answer the Error schema.
  const responseRoots = new Set<string>([idFor(ApiErrorSchema, "Error")]);
  const paths: Record<string, OpenApiPathItem> = {};
  const operationIds = new Set<string>();

  const operations = areas.flatMap((area) => area.operations);
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`OpenAPI: ${op.method.toUpperCase()} ${op.path} is declared twice`);
    if (operationIds.has(op.operationId)) throw new Error(`OpenAPI: operationId "${op.operationId}" is used twice`);
    operationIds.add(op.operationId);
    item[op.method] = describeOperation(op, idFor, requestRoots, responseRoots);
  }

  const uri = (id: string) => `${SCHEMA_REF}${id}`;
  const input = z.toJSONSchema(registry, { ...conversionParams("input"), uri }).schemas as Record<string, Json>;
  const output = z.toJSONSchema(registry, { ...conversionParams("output"), uri }).schemas as Record<string, Json>;
  if (output.__shared || input.__shared) throw new Error("OpenAPI: a schema could not be named (a cycle?)");
  const inputSchemas = Object.fromEntries(Object.entries(input).map(([id, schema]) => [id, withoutRootKeywords(schema)]));
  const outputSchemas = Object.fromEntries(Object.entries(output).map(([id, schema]) => [id, withoutRootKeywords(schema)]));
  const requestNames = closure(requestRoots, inputSchemas);
  const responseNames = closure(responseRoots, outputSchemas);

  const schemas: Record<string, JsonSchema> = {};
  for (const name of [...new Set([...requestNames, ...responseNames])].sort()) {
    if (requestNames.has(name) && responseNames.has(name) && JSON.stringify(inputSchemas[name]) !== JSON.stringify(outputSchemas[name])) {
      throw new Error(`OpenAPI: schema "${name}" is used by a request and a response but reads differently on each side`);
    }
    schemas[name] = responseNames.has(name) ? outputSchemas[name]! : inputSchemas[name]!;
  }

  const tags = areas.flatMap((area) => area.tags).filter((tag, i, all) => all.findIndex((t) => t.name === tag.name) === i);
  return {
    openapi: "3.1.0",
    info: {
      title: "Darna API",
      version: "1.0.0",
      description:
        "JSON resource routes of Darna, the vacation-rental marketplace for Tunisia. Amounts are integer millimes " +
        'with "currency": "TND"; dates are YYYY-MM-DD. Errors are { "error": { "code", "message", "fields"? } } ' +
        "with messages translated by ?lng= then Accept-Language. Authenticated calls send Authorization: Bearer <token>.",
    },
    servers: [{ url: "/", description: "This server" }],
    tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas,
      responses: { ...baseResponses },
      parameters: { ...baseParameters },
      securitySchemes: { ...baseSecuritySchemes },
    },
  };
}

function describeOperation(
  op: ApiOperation,
  idFor: (schema: z.ZodType, fallback: string) => string,
  requestRoots: Set<string>,
  responseRoots: Set<string>,
): OpenApiOperationObject {
  const parameters = [
    ...Object.entries(op.params?.shape ?? {}).map(([name, field]) => parameterOf(name, field as z.ZodType, "path")),
    ...Object.entries(op.query?.shape ?? {}).map(([name, field]) => parameterOf(name, field as z.ZodType, "query")),
    ...(op.languageParameters === false ? [] : languageParameters),
    ...(op.idempotent ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : []),
  ];
  let requestBody: unknown;
  if (op.body) {
    const name = idFor(op.body, `${pascal(op.operationId)}Request`);
    requestRoots.add(name);
    requestBody = {
      required: true,
      content: {
        [op.bodyMediaType ?? "application/json"]: { schema: jsonRef(name) },
        ...(op.bodyAlsoAsText
          ? { "text/plain": { schema: { type: "string", contentMediaType: "application/json", contentSchema: jsonRef(name) } } }
          : {}),
      },
    };
  }
  const successes = Object.entries(op.responses);
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of successes) {
    if (!spec) continue;
    const response: Json = { description: spec.description };
    if (spec.schema) {
      const name = idFor(spec.schema, `${pascal(op.operationId)}Response${successes.length > 1 ? status : ""}`);
      responseRoots.add(name);
      response.content = { "application/json": { schema: jsonRef(name) } };
    }
    const headers: Record<string, string> = { ...spec.headers };
    // Token holders' answers carry the token's rate limit (ADR 220); replays say so (ADR 221).
    if (op.scope) Object.assign(headers, RATE_LIMIT_HEADERS);
    if (op.idempotent) headers["Idempotent-Replayed"] = "`true` when this is the stored first answer for the Idempotency-Key.";
    if (Object.keys(headers).length > 0) {
      response.headers = Object.fromEntries(
        Object.entries(headers).map(([header, description]) => [header, { schema: { type: "string" }, description }]),
      );
    }
    responses[status] = response;
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    // The scope a bearer token needs; an operation with a scope but no `auth` takes a token optionally.
    ...(op.auth === "bearer" ? { security: [{ bearerAuth: op.scope ? [op.scope] : [] }] } : op.scope ? { security: [{}, { bearerAuth: [op.scope] }] } : {}),
    ...(op.scope ? { "x-scope": op.scope } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      ...responses,
      ...errorResponses([...op.errors, ...(op.scope ? ([401, 403] as const) : []), ...(op.idempotent ? ([400, 409, 422] as const) : [])]),
    },
  };
}

/** Every API area (their tags are listed in this order). */
export const API_AREAS: ApiArea[] = [
  accounts,
  blog,
  booking,
  calendarSync,
  claims,
  discovery,
  experiences,
  foundation,
  friendTrip,
  listings,
  hostListingWrites,
  messaging,
  money,
  notifications,
  partners,
  reviews,
  tokens,
  webhooks,
  favorites,
  me,
  pageTwins,
];

let cached: OpenApiDocument | null = null;

/** The API's OpenAPI 3.1 document (built once per process; treat it as read-only). */
export function getOpenApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument(API_AREAS);
  return cached;
}
