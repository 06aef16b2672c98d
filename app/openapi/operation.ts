// One /api/v1 operation, declared with the zod schemas the route validates with (path parameters,
// query, body) and the zod schemas of its answers. Each API area (app/openapi/<area>.ts) is a list
// of these; document.server.ts turns them into the OpenAPI 3.1 document.
import { z } from "~/schemas/zod";
import type { ApiScope } from "~/domain/api-scopes";
import type { ErrorStatus } from "~/openapi/components";

export type HttpMethod = "get" | "put" | "post" | "delete" | "patch";
export const HTTP_METHODS: readonly HttpMethod[] = ["get", "put", "post", "delete", "patch"];

export interface ApiResponseSpec {
  description: string;
  /** The JSON body; none for an empty answer (204). */
  schema?: z.ZodType;
  /** Response headers worth telling clients about: name → description. */
  headers?: Record<string, string>;
}

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template; the route table must answer it (tests/db/openapi.test.ts). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** "bearer": needs `Authorization: Bearer <token>`. */
  auth?: "bearer";
  /** The token scope a bearer operation needs (app/domain/api-scopes.ts; issue 22). */
  scope?: ApiScope;
  /** A creating POST: an `Idempotency-Key` header replays its first answer (ADR 221). */
  idempotent?: true;
  /** Path parameters: each key is a `{name}` of the path. */
  params?: z.ZodObject;
  /** Query parameters (optional unless the schema requires them). */
  query?: z.ZodObject;
  /** The JSON body, described as zod reads it (io "input"). */
  body?: z.ZodType;
  /** The body's media type when it is not JSON (a multipart upload: the body schema lists its parts). */
  bodyMediaType?: "multipart/form-data";
  /** The body may also come as text/plain holding the same JSON (navigator.sendBeacon). */
  bodyAlsoAsText?: boolean;
  /** Successful answers by status. */
  responses: Partial<Record<200 | 201 | 204, ApiResponseSpec>>;
  /** Error statuses this operation answers (429 and 500 are added to every operation). */
  errors: readonly ErrorStatus[];
  /** Adds `?lng=` and Accept-Language (default true). */
  languageParameters?: boolean;
}

/** Declares an operation (typed; the document generator does the rest). */
export function operation(spec: ApiOperation): ApiOperation {
  return spec;
}

/** Spread into a bearer operation: `Authorization: Bearer <token>` required. */
export const bearer = { auth: "bearer" as const };

/** Path parameters: `{id}` and the other ids named, each a positive integer. */
export function idParams(...others: string[]): z.ZodObject {
  return z.object(Object.fromEntries(["id", ...others].map((name) => [name, z.int().min(1)])));
}

/** What an area module exports. */
export interface ApiArea {
  tags: Array<{ name: string; description: string }>;
  operations: ApiOperation[];
}
