// The reviews routes (issue 13): a listing's reviews, reviewing a completed stay, the author's
// edit and delete, the host's reply. Shapes are the zod schemas of app/schemas/review.ts.
import { z } from "~/schemas/zod";
import { bearer, idParams, operation } from "~/openapi/operation";
import { ReplySchema, ReviewCreatedSchema, ReviewPageSchema, ReviewSchema } from "~/schemas/review";

export const tags = [{ name: "Reviews", description: "Reviews of completed stays: five ratings and a text, the host's reply." }];

const id = idParams();

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/properties/{id}/reviews",
    operationId: "listPropertyReviews",
    summary: "A listing's visible reviews, newest first (5 a page), with its rating, count and five averages",
    tag: "Reviews",
    params: id,
    query: z.object({
      page: z.coerce.number().int().min(1).optional(),
      pageSize: z.coerce.number().int().min(1).max(100).optional().describe("Reviews per page, 1–100 (default 5); another value is a 400."),
    }),
    responses: { 200: { description: "A page of reviews; rating is null without reviews.", schema: ReviewPageSchema } },
    errors: [400, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/reservations/{id}/review",
    operationId: "reviewStay",
    scope: "reviews:write",
    idempotent: true,
    summary: "The traveler reviews a completed stay (from check-out to 30 days after, once)",
    description:
      "text: at least 10 characters (SPEC.md §5); ratings: amenities, services, price, tours and location, whole numbers 1–5. " +
      "403 when the stay is not the bearer's; 409 when already reviewed, not completed or the 30 days are over.",
    tag: "Reviews",
    ...bearer,
    params: id,
    body: ReviewSchema,
    responses: { 201: { description: "The review.", schema: ReviewCreatedSchema, headers: { Location: "The review's URL." } } },
    errors: [400, 401, 403, 404, 405, 409, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/experience-bookings/{id}/review",
    operationId: "reviewExperience",
    scope: "reviews:write",
    idempotent: true,
    summary: "The traveler reviews an experience (from the end of its slot to 30 days after, once)",
    description:
      "The stays' rules and body (ADR 184): text of at least 10 characters, five ratings 1–5. 403 when the booking is not the bearer's; " +
      "409 when already reviewed, not ended (or not confirmed) or the 30 days are over. Edit, delete, reply and report through /api/v1/reviews/{id}.",
    tag: "Reviews",
    ...bearer,
    params: id,
    body: ReviewSchema,
    responses: { 201: { description: "The review.", schema: ReviewCreatedSchema, headers: { Location: "The review's URL." } } },
    errors: [400, 401, 403, 404, 405, 409, 415],
  }),
  operation({
    method: "patch",
    path: "/api/v1/reviews/{id}",
    operationId: "updateReview",
    scope: "reviews:write",
    summary: "The author edits the review",
    tag: "Reviews",
    ...bearer,
    params: id,
    body: ReviewSchema,
    responses: { 200: { description: "The review.", schema: ReviewCreatedSchema } },
    errors: [400, 401, 403, 404, 405, 415],
  }),
  operation({
    method: "delete",
    path: "/api/v1/reviews/{id}",
    operationId: "deleteReview",
    scope: "reviews:write",
    summary: "The author deletes the review",
    description:
      "The review is gone; while the 30 days after check-out are open the author may review the stay again. " +
      "403 when the bearer is not the author; 409 when an operator hid the review after a report (it can no longer be deleted).",
    tag: "Reviews",
    ...bearer,
    params: id,
    responses: { 204: { description: "Deleted." } },
    errors: [401, 403, 404, 405, 409],
  }),
  operation({
    method: "post",
    path: "/api/v1/reviews/{id}/reply",
    operationId: "replyToReview",
    scope: "reviews:write",
    summary: "The listing's host posts (or edits) the one public reply",
    tag: "Reviews",
    ...bearer,
    params: id,
    body: ReplySchema,
    responses: { 200: { description: "The review replied to.", schema: ReviewCreatedSchema } },
    errors: [400, 401, 403, 404, 405, 415],
  }),
];
