// The partner routes (issue 21 points 2, 3 and 7; ADR 181): a partner's public page as data and
// the partner proposal.
import { z } from "~/schemas/zod";
import { operation } from "~/openapi/operation";
import { PartnerProposalBodySchema } from "~/schemas/partner-proposal";
import { PartnerProposalCreatedSchema, PublicPartnerSchema } from "~/schemas/partners-api";

export const tags = [{ name: "Partners", description: "Providers of services and activities, and proposals to become one." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/partners/{id}",
    operationId: "getPartner",
    scope: "read",
    summary: "An active partner's public page",
    description: "404 for an unknown or suspended partner. The contact is null unless the caller (bearer) booked with the partner.",
    tag: "Partners",
    params: z.object({ id: z.int().min(1) }),
    responses: { 200: { description: "The partner.", schema: PublicPartnerSchema } },
    errors: [401, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/partner-proposals",
    operationId: "proposePartnership",
    scope: "experiences:write",
    idempotent: true,
    summary: "Proposes a service or an activity (become a partner)",
    description:
      "Anyone may propose; with a bearer token the proposal is linked to that account (an operator's approval then makes it the partner's manager). " +
      "Prices are millimes; availability dates YYYY-MM-DD with times HH:MM (to after from); website, when given, an http(s) URL. " +
      "The proposer and the team are e-mailed; 400 with field errors.",
    tag: "Partners",
    body: PartnerProposalBodySchema,
    responses: { 201: { description: "The proposal, pending review.", schema: PartnerProposalCreatedSchema } },
    errors: [400, 401, 405, 415],
  }),
];
