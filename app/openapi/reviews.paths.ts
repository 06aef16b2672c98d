// The reviews routes (issue 13). Request and response shapes are the zod schemas the forms and
// routes use (app/schemas/review.ts), turned into JSON Schema here.
import { z } from "zod";
import { ReplySchema, ReviewCreatedSchema, ReviewPageSchema, ReviewSchema } from "~/schemas/review";
import { bearerSecurity, errorResponses, jsonContent, jsonResponse, languageParameters, ref, type JsonSchema, type OpenApiPaths } from "~/openapi/shared";

export const tags = [{ name: "Reviews", description: "Reviews of completed stays: five ratings and a text, the host's reply." }];

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest as JsonSchema;
}

export const schemas: Record<string, JsonSchema> = {
  ReviewRequest: {
    ...jsonSchemaOf(ReviewSchema, "input"),
    description: "text: at least 10 characters (SPEC.md §5); ratings: five whole numbers from 1 to 5.",
  },
  ReplyRequest: jsonSchemaOf(ReplySchema, "input"),
  ReviewPage: jsonSchemaOf(ReviewPageSchema, "output"),
  ReviewCreated: jsonSchemaOf(ReviewCreatedSchema, "output"),
};

const idParameter = { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } };

export const paths: OpenApiPaths = {
  "/api/v1/properties/{id}/reviews": {
    get: {
      operationId: "listPropertyReviews",
      summary: "A listing's visible reviews, newest first, with its rating and count",
      tags: ["Reviews"],
      parameters: [idParameter, { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } }, ...languageParameters],
      responses: { "200": jsonResponse("A page of 5 reviews; rating is null without reviews.", ref("ReviewPage")), ...errorResponses(404) },
    },
  },
  "/api/v1/reservations/{id}/review": {
    post: {
      operationId: "reviewStay",
      summary: "The traveler reviews a completed stay (from check-out to 30 days after, once)",
      tags: ["Reviews"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("ReviewRequest")) },
      responses: {
        "201": jsonResponse("The review.", ref("ReviewCreated")),
        ...errorResponses(400, 401, 403, 404, 405, 409, 415),
      },
    },
  },
  "/api/v1/reviews/{id}": {
    patch: {
      operationId: "updateReview",
      summary: "The author edits the review",
      tags: ["Reviews"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("ReviewRequest")) },
      responses: { "200": jsonResponse("The review.", ref("ReviewCreated")), ...errorResponses(400, 401, 403, 404, 405, 415) },
    },
    delete: {
      operationId: "deleteReview",
      summary: "The author deletes the review",
      tags: ["Reviews"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      responses: { "204": { description: "Deleted." }, ...errorResponses(401, 403, 404, 405) },
    },
  },
  "/api/v1/reviews/{id}/reply": {
    post: {
      operationId: "replyToReview",
      summary: "The listing's host posts (or edits) the one public reply",
      tags: ["Reviews"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("ReplyRequest")) },
      responses: { "200": jsonResponse("The review replied to.", ref("ReviewCreated")), ...errorResponses(400, 401, 403, 404, 405, 415) },
    },
  },
};
