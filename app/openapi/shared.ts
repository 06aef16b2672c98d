// Building blocks for the `app/openapi/*.paths.ts` modules that describe the /api/v1 routes.
// Each module exports `paths` (and optionally `schemas`, `tags`); document.server.ts merges them
// into GET /api/v1/openapi.json. Schemas are JSON Schema 2020-12 (OpenAPI 3.1), and the tests
// hold every route's real answers against them (tests/support/openapi.ts).

export type JsonSchema = { [keyword: string]: unknown };
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
export const HTTP_METHODS: readonly HttpMethod[] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  [extension: string]: unknown;
}

export type OpenApiPathItem = Partial<Record<HttpMethod, OpenApiOperation>> & {
  summary?: string;
  description?: string;
  parameters?: unknown[];
};

export type OpenApiPaths = Record<string, OpenApiPathItem>;

/** What a `*.paths.ts` module exports. */
export interface OpenApiPathsModule {
  paths: OpenApiPaths;
  /** Named schemas, referenced as `ref("Name")`. */
  schemas?: Record<string, JsonSchema>;
  tags?: Array<{ name: string; description?: string }>;
}

/** `{ $ref: "#/components/schemas/Name" }` */
export function ref(name: string): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/** A JSON body/response content with this schema. */
export function jsonContent(schema: JsonSchema): { "application/json": { schema: JsonSchema } } {
  return { "application/json": { schema } };
}

/** A JSON response: `{ description, content: { "application/json": { schema } } }`. */
export function jsonResponse(description: string, schema: JsonSchema) {
  return { description, content: jsonContent(schema) };
}

const ERROR_RESPONSES = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  409: "Conflict",
  415: "UnsupportedMediaType",
  422: "Unprocessable",
  429: "TooManyRequests",
  500: "ServerError",
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/**
 * The shared error responses for these statuses (all have the `Error` schema). 429 and 500 can
 * happen anywhere, so they are always included.
 */
export function errorResponses(...statuses: ErrorStatus[]): Record<string, { $ref: string }> {
  const all = new Set<ErrorStatus>([...statuses, 429, 500]);
  return Object.fromEntries(
    [...all].sort().map((status) => [String(status), { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` }]),
  );
}

/** For operations that need `Authorization: Bearer <token>`. */
export const bearerSecurity = [{ bearerAuth: [] as string[] }];

/** `?lng=` and Accept-Language, which choose the language of error messages. */
export const languageParameters = [
  { $ref: "#/components/parameters/Lng" },
  { $ref: "#/components/parameters/AcceptLanguage" },
];

/** Schemas every module may reference with ref(). */
export const baseSchemas: Record<string, JsonSchema> = {
  Error: {
    type: "object",
    description: "Every error answer of the API.",
    required: ["error"],
    additionalProperties: false,
    properties: {
      error: {
        type: "object",
        required: ["code", "message"],
        additionalProperties: false,
        properties: {
          code: {
            type: "string",
            description:
              "Stable, machine-readable: invalid_input, invalid_json, unauthorized, forbidden, not_found, method_not_allowed, conflict, unsupported_media_type, unprocessable, too_many_requests, server_error, or a more precise code.",
            examples: ["not_found"],
          },
          message: { type: "string", description: "Translated by ?lng= then Accept-Language." },
          fields: {
            type: "object",
            description: "Invalid input only: one translated message per field (nested fields joined with dots).",
            additionalProperties: { type: "string" },
          },
        },
      },
    },
  },
  Millimes: {
    type: "integer",
    description: "An amount in millimes (1 TND = 1000 millimes).",
  },
  CurrencyTnd: {
    type: "string",
    const: "TND",
    description: "Charges, payouts and refunds are in Tunisian dinars.",
  },
  LocalDate: {
    type: "string",
    pattern: "^\\d{4}-\\d{2}-\\d{2}$",
    format: "date",
    description: "A calendar date in Africa/Tunis, YYYY-MM-DD.",
  },
};

function errorResponse(description: string) {
  return jsonResponse(description, ref("Error"));
}

export const baseResponses = {
  BadRequest: errorResponse("Invalid input: `error.fields` holds one translated message per field."),
  Unauthorized: {
    ...errorResponse("No valid bearer token."),
    headers: { "WWW-Authenticate": { schema: { type: "string" }, description: "Bearer" } },
  },
  Forbidden: errorResponse("The bearer may not do this."),
  NotFound: errorResponse("No such resource."),
  MethodNotAllowed: {
    ...errorResponse("This method is not offered here."),
    headers: { Allow: { schema: { type: "string" }, description: "The methods offered." } },
  },
  Conflict: errorResponse("Conflicts with the current state (for example, dates already booked)."),
  UnsupportedMediaType: errorResponse("The body must be JSON."),
  Unprocessable: errorResponse("Well-formed, but cannot be processed."),
  TooManyRequests: {
    ...errorResponse("Rate limit reached."),
    headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
  },
  ServerError: errorResponse("A server error occurred. Please try again later."),
};

export const baseParameters = {
  Lng: {
    name: "lng",
    in: "query",
    required: false,
    description: "Language of messages; wins over Accept-Language.",
    schema: { type: "string", enum: ["en", "fr", "es"] },
  },
  AcceptLanguage: {
    name: "Accept-Language",
    in: "header",
    required: false,
    description: "Language of messages when `lng` is not given (en, fr, es; default en).",
    schema: { type: "string" },
  },
};

export const baseSecuritySchemes = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "The token from POST /api/v1/auth/token.",
  },
};
