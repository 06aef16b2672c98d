// The foundation's routes: exchange value, this document, client page views.
import {
  errorResponses,
  jsonContent,
  jsonResponse,
  languageParameters,
  ref,
  type OpenApiPaths,
  type JsonSchema,
} from "~/openapi/shared";

export const tags = [
  { name: "Currency", description: "Display currencies and their value against the Tunisian dinar." },
  { name: "Meta", description: "This description of the API." },
  { name: "Analytics", description: "First-party page-view events." },
];

export const schemas: Record<string, JsonSchema> = {
  TndValue: {
    type: "object",
    required: ["value"],
    additionalProperties: false,
    properties: {
      value: {
        type: "number",
        minimum: 0,
        description: "What 1 TND is worth in the currency (TND itself: 1). Display amount = TND amount × value.",
        examples: [0.292],
      },
    },
  },
  PageView: {
    type: "object",
    required: ["path"],
    additionalProperties: false,
    properties: {
      path: {
        type: "string",
        minLength: 1,
        maxLength: 2048,
        pattern: "^/(?![/\\\\])",
        description: "The page's path and query on this site, starting with a single /.",
        examples: ["/fr/accommodation?page=2"],
      },
    },
  },
};

export const paths: OpenApiPaths = {
  "/api/v1/tnd-value/{code}": {
    get: {
      operationId: "getTndValue",
      summary: "What 1 TND is worth in a currency",
      description: "Rates are set by operators. The code is an ISO 4217 code, in any case.",
      tags: ["Currency"],
      parameters: [
        {
          name: "code",
          in: "path",
          required: true,
          description: "ISO 4217 currency code (TND, EUR, USD…), case-insensitive.",
          schema: { type: "string", examples: ["EUR"] },
        },
        ...languageParameters,
      ],
      responses: {
        "200": {
          ...jsonResponse("The value of 1 TND in this currency.", ref("TndValue")),
          headers: { "Cache-Control": { schema: { type: "string" }, description: "Cacheable for a minute." } },
        },
        ...errorResponses(404, 405),
      },
    },
  },
  "/api/v1/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI 3.1 document",
      tags: ["Meta"],
      responses: {
        "200": jsonResponse("The OpenAPI document describing every /api/v1 route.", {
          type: "object",
          required: ["openapi", "info", "paths"],
          properties: {
            openapi: { type: "string", pattern: "^3\\.1\\.\\d+$" },
            info: { type: "object" },
            paths: { type: "object" },
            components: { type: "object" },
          },
        }),
        ...errorResponses(405),
      },
    },
  },
  "/api/v1/analytics/page-view": {
    post: {
      operationId: "recordPageView",
      summary: "Record a page view of a client-side navigation",
      description:
        "Sent by the browser (navigator.sendBeacon) when a route or its query changes after the first load; " +
        "the first load of a page is counted by the server. The body may be sent as text/plain holding the same JSON.",
      tags: ["Analytics"],
      parameters: [...languageParameters],
      requestBody: {
        required: true,
        content: {
          ...jsonContent(ref("PageView")),
          "text/plain": {
            schema: { type: "string", contentMediaType: "application/json", contentSchema: ref("PageView") },
          },
        },
      },
      responses: {
        "204": { description: "Recorded (or silently dropped if the database is unavailable)." },
        ...errorResponses(400, 405, 415),
      },
    },
  },
};
