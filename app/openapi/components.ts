// The named schemas of GET /api/v1/openapi.json and the parts every operation shares (error
// responses, language parameters, bearer security). Shapes are zod schemas: `named("X", schema)`
// makes one a component (`#/components/schemas/X`); the document generator (document.server.ts)
// turns them into JSON Schema 2020-12 with zod's own z.toJSONSchema (ADR 011).
import { z } from "~/schemas/zod";
import { API_SCOPES } from "~/domain/api-scopes";

const namedSchemas = new Map<string, z.ZodType>();

/**
 * Declares `schema` as the component `id` and returns it unchanged. A module-level Map rather than
 * zod's global registry: Vite's dev server and vitest re-evaluate app modules while zod stays
 * loaded, and the global registry refuses an id it already holds. For the same reason a name
 * declared again replaces the earlier schema (a module re-evaluated after an edit).
 */
export function named<T extends z.ZodType>(id: string, schema: T): T {
  namedSchemas.set(id, schema);
  return schema;
}

/** Every named schema, by id. */
export function namedSchemaEntries(): Array<[string, z.ZodType]> {
  return [...namedSchemas.entries()];
}

export const Millimes = named("Millimes", z.int().describe("An amount in millimes (1 TND = 1000 millimes)."));

export const CurrencyTnd = named(
  "CurrencyTnd",
  z.literal("TND").describe("Charges, payouts and refunds are in Tunisian dinars."),
);

export const LocalDate = named(
  "LocalDate",
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ format: "date", description: "A calendar date in Africa/Tunis, YYYY-MM-DD." }),
);

/** An ISO 8601 instant, as JSON serializes a Date. */
export const DateTime = z.string().meta({ format: "date-time" });

/** Every error answer of the API (app/utils/api.server.ts writes it). */
export const ApiErrorSchema = named(
  "Error",
  z
    .object({
      error: z.object({
        code: z.string().meta({
          description:
            "Stable, machine-readable: invalid_input, invalid_json, unauthorized, forbidden, not_found, method_not_allowed, conflict, unsupported_media_type, unprocessable, too_many_requests, server_error, or a more precise code.",
          examples: ["not_found"],
        }),
        message: z.string().describe("Translated by ?lng= then Accept-Language."),
        fields: z
          .record(z.string(), z.string())
          .optional()
          .describe("Invalid input only: one translated message per field (nested fields joined with dots)."),
      }),
    })
    .describe("Every error answer of the API."),
);

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
  502: "BadGateway",
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/**
 * The shared error responses for these statuses (all with the `Error` schema). 429 and 500 can
 * happen anywhere, so they are always included.
 */
export function errorResponses(statuses: readonly ErrorStatus[]): Record<string, { $ref: string }> {
  const all = new Set<ErrorStatus>([...statuses, 429, 500]);
  return Object.fromEntries(
    [...all].sort().map((status) => [String(status), { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` }]),
  );
}

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const errorResponse = (description: string) => ({ description, content: errorContent });

export const baseResponses = {
  BadRequest: errorResponse("Invalid input: `error.fields` holds one translated message per field."),
  Unauthorized: {
    ...errorResponse("No valid bearer token."),
    headers: { "WWW-Authenticate": { schema: { type: "string" }, description: "Bearer" } },
  },
  Forbidden: errorResponse(
    "The bearer may not do this; `insufficient_scope` when the token lacks the operation's scope (also in WWW-Authenticate).",
  ),
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
    headers: {
      "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." },
      "RateLimit-Limit": { schema: { type: "integer" }, description: "A token's requests per window (token holders only)." },
      "RateLimit-Remaining": { schema: { type: "integer" }, description: "0." },
      "RateLimit-Reset": { schema: { type: "integer" }, description: "Seconds until the window resets." },
    },
  },
  ServerError: errorResponse("A server error occurred. Please try again later."),
  BadGateway: errorResponse("A provider Darna depends on (for example, the channel manager) could not be reached."),
};

/** `?lng=` and Accept-Language, which choose the language of error messages. */
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
  /** The Idempotency-Key header of creating POSTs (ADR 221). */
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Any unique string (1–255 visible ASCII characters; a UUID is fine). The same key with the same body within 24 hours " +
      "answers the first answer's status and body again (with `Idempotent-Replayed: true`) without doing the work twice; " +
      "the same key with another body is a 422 `idempotency_key_reused`; while the first request with the key is still " +
      "running, the next waits for its answer or gets 409 `idempotency_in_progress`. Keys belong to the token's user.",
    schema: { type: "string", minLength: 1, maxLength: 255 },
  },
};

export const languageParameters = [
  { $ref: "#/components/parameters/Lng" },
  { $ref: "#/components/parameters/AcceptLanguage" },
];

export const baseSecuritySchemes = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description:
      "A session token from POST /api/v1/auth/token (every scope), or a personal access token (`darna_pat_…`, made on " +
      "/profile/security or with POST /api/v1/tokens) holding the scopes chosen for it: " +
      `${API_SCOPES.join(", ")}. Each operation names the scope it needs in \`security\` ` +
      "(and `x-scope`); outside it: 403 `insufficient_scope`. Each token may make API_TOKEN_RATE_LIMIT requests per window " +
      "(RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset on every answer; 429 with Retry-After beyond).",
  },
};
