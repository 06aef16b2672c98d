// The claims routes (issue 14 points 5 and 8): a traveler's amenity-failure or cleanliness
// claim within 24 hours of check-in, and a stay's claims.
import { bearer, idParams, operation } from "~/openapi/operation";
import { ClaimSchema } from "~/schemas/claim";
import { ClaimApiSchema, ClaimListSchema } from "~/schemas/claims-api";

export const tags = [{ name: "Claims", description: "Amenity-failure and cleanliness claims on a stay, decided by operators." }];

const id = idParams();

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/reservations/{id}/claims",
    operationId: "listReservationClaims",
    scope: "read",
    summary: "A stay's claims, oldest first",
    description: "For the stay's traveler, its host and operators; 403 for anyone else.",
    tag: "Claims",
    ...bearer,
    params: id,
    responses: { 200: { description: "The claims.", schema: ClaimListSchema } },
    errors: [401, 403, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/reservations/{id}/claims",
    operationId: "openClaim",
    scope: "claims:write",
    idempotent: true,
    summary: "The traveler opens a claim within 24 hours of check-in",
    description:
      "kind amenity (amenity: one of air_conditioning, heating, boiler, pool, jacuzzi, internet; affectedNights: nights of the stay, YYYY-MM-DD; refund up to 25 % of each night's price) " +
      "or cleanliness (refund up to the cleaning fee); text: 10 to 2000 characters. The stay's host earning is withheld until an operator decides. " +
      "403 for anyone but the stay's traveler (its host included); 409 outside the 24 hours after check-in, for an unpaid stay, or while a claim is open; 422 with field errors. " +
      "Photos are added from the reservation page's form.",
    tag: "Claims",
    ...bearer,
    params: id,
    body: ClaimSchema,
    responses: { 201: { description: "The claim, open.", schema: ClaimApiSchema, headers: { Location: "The stay's claims." } } },
    errors: [400, 401, 403, 404, 405, 409, 415, 422],
  }),
];
