// The foundation's routes: exchange value, this document, client page views.
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";
import { operation } from "~/openapi/operation";
import { PageViewSchema } from "~/schemas/analytics";
import { OpenApiDocumentSchema, TndValueSchema } from "~/schemas/foundation-api";

export const tags = [
  { name: "Currency", description: "Display currencies and their value against the Tunisian dinar." },
  { name: "Meta", description: "This description of the API." },
  { name: "Analytics", description: "First-party page-view events." },
];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/tnd-value/{code}",
    operationId: "getTndValue",
    summary: "What 1 TND is worth in a currency",
    description: "Rates are set by operators. The code is an ISO 4217 code, in any case.",
    tag: "Currency",
    params: z.object({
      code: z.string().meta({ description: "ISO 4217 currency code (TND, EUR, USD…), case-insensitive.", examples: ["EUR"] }),
    }),
    responses: {
      200: { description: "The value of 1 TND in this currency.", schema: TndValueSchema, headers: { "Cache-Control": "Cacheable for a minute." } },
    },
    errors: [404, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This OpenAPI 3.1 document",
    tag: "Meta",
    languageParameters: false,
    responses: { 200: { description: "The OpenAPI document describing every /api/v1 route.", schema: OpenApiDocumentSchema } },
    errors: [405],
  }),
  operation({
    method: "post",
    path: "/api/v1/analytics/page-view",
    operationId: "recordPageView",
    summary: "Record a page view of a client-side navigation",
    description:
      "Sent by the browser (navigator.sendBeacon) when a route or its query changes after the first load; " +
      "the first load of a page is counted by the server. The body may be sent as text/plain holding the same JSON.",
    tag: "Analytics",
    body: named("PageView", PageViewSchema),
    bodyAlsoAsText: true,
    responses: { 204: { description: "Recorded (or silently dropped if the database is unavailable)." } },
    errors: [400, 405, 415],
  }),
];
