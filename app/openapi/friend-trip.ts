// The Friend Trip routes (issue 21 points 1 and 7): the packs as offered today, and a request.
import { operation } from "~/openapi/operation";
import { createFriendTripRequestSchema } from "~/schemas/friend-trip";
import { FriendTripPackListSchema, FriendTripRequestCreatedSchema } from "~/schemas/friend-trip-api";

export const tags = [{ name: "Friend Trip", description: "The concierge packs and their requests." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/friend-trip/packs",
    operationId: "listFriendTripPacks",
    summary: "The three packs, their prices today and the promotion while it lasts",
    tag: "Friend Trip",
    responses: { 200: { description: "The packs, basic, custom and premium.", schema: FriendTripPackListSchema } },
    errors: [405],
  }),
  operation({
    method: "post",
    path: "/api/v1/friend-trip/requests",
    operationId: "requestFriendTrip",
    idempotent: true,
    summary: "Requests a Friend Trip pack",
    description:
      "No account needed. startDate not in the past (Tunis), endDate on or after it; consent must be true. A free pack is sent at once (status new, e-mails to the requester and the team); " +
      "a paid one answers awaiting_payment and the paymentUrl of the card gateway, and is sent once paid. 400 for a body that is not JSON; 422 with field errors.",
    tag: "Friend Trip",
    body: createFriendTripRequestSchema("1970-01-01"),
    responses: { 201: { description: "The request.", schema: FriendTripRequestCreatedSchema } },
    errors: [400, 405, 415, 422],
  }),
];
