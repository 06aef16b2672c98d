// The booking routes (issue 6): reservations (create, list mine, details, cancel, accept,
// decline), starting a payment, verifying one, and the gateways' signed webhook.
import { z } from "~/schemas/zod";
import { named } from "~/openapi/components";
import { bearer, idParams, operation } from "~/openapi/operation";
import { CreateReservationBodySchema, DeclineSchema, StartPaymentSchema } from "~/schemas/booking";
import {
  CancellationPreviewSchema,
  CreatedReservationSchema,
  PaymentSchema,
  PaymentVerificationSchema,
  ReservationDetailsSchema,
  ReservationListQuerySchema,
  ReservationListSchema,
  StartedPaymentSchema,
  WebhookReceiptSchema,
} from "~/schemas/booking-api";

export const tags = [
  { name: "Reservations", description: "Booking a stay, the traveler's and the host's reservations, cancellations and requests." },
  { name: "Payments", description: "Paying a held reservation, verifying a payment, and the gateways' callbacks." },
];

const reservation = idParams();

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/reservations",
    operationId: "listMyReservations",
    scope: "read",
    summary: "The bearer's reservations, as traveler or as host",
    tag: "Reservations",
    ...bearer,
    query: ReservationListQuerySchema,
    responses: { 200: { description: "The reservations, newest first (host tabs by date).", schema: ReservationListSchema } },
    errors: [400, 401],
  }),
  operation({
    method: "post",
    path: "/api/v1/reservations",
    operationId: "createReservation",
    scope: "reservations:write",
    idempotent: true,
    summary: "Book a stay",
    description:
      "Direct listings answer `pending_payment` with the nights held for 30 minutes; by-request listings answer " +
      "`pending_host` (nights not held; the host has 24 hours). Nights already booked or blocked: 409 " +
      '"The selected dates are already booked". The bearer must have a verified e-mail (403 otherwise) and accept the ' +
      "terms of sale (`acceptTerms: true`; 400 otherwise, with the booking page's message on `acceptTerms`).",
    tag: "Reservations",
    ...bearer,
    body: named("CreateReservationRequest", CreateReservationBodySchema),
    responses: { 201: { description: "The reservation.", schema: CreatedReservationSchema, headers: { Location: "The reservation's URL in this API." } } },
    errors: [400, 401, 403, 404, 409, 415],
  }),
  operation({
    method: "get",
    path: "/api/v1/reservations/{id}",
    operationId: "getReservation",
    scope: "read",
    summary: "A reservation's details",
    description: "Only its traveler, its host and operators may read it; anyone else gets 404.",
    tag: "Reservations",
    ...bearer,
    params: reservation,
    responses: { 200: { description: "The reservation.", schema: ReservationDetailsSchema } },
    errors: [401, 404, 405],
  }),
  operation({
    method: "get",
    path: "/api/v1/reservations/{id}/cancel",
    operationId: "previewCancellation",
    scope: "read",
    summary: "What cancelling now would give back",
    tag: "Reservations",
    ...bearer,
    params: reservation,
    responses: { 200: { description: "The refund by the rules.", schema: CancellationPreviewSchema } },
    errors: [401, 403, 404, 409],
  }),
  operation({
    method: "post",
    path: "/api/v1/reservations/{id}/cancel",
    operationId: "cancelReservation",
    scope: "reservations:write",
    summary: "Cancel (traveler or host)",
    description:
      "The traveler is refunded by the listing's policy (service fee kept, bank fee deducted); the host cancelling " +
      "refunds everything, the service fee as a voucher for a later booking. Refunds are due within 15 days.",
    tag: "Reservations",
    ...bearer,
    params: reservation,
    responses: { 200: { description: "The cancelled reservation.", schema: ReservationDetailsSchema } },
    errors: [401, 403, 404, 409],
  }),
  operation({
    method: "post",
    path: "/api/v1/reservations/{id}/accept",
    operationId: "acceptReservationRequest",
    scope: "reservations:write",
    summary: "The host accepts a request",
    description: "The nights are held and the traveler has 24 hours to pay; overlapping pending requests are declined. 409 when the nights are taken.",
    tag: "Reservations",
    ...bearer,
    params: reservation,
    responses: { 200: { description: "The accepted reservation.", schema: ReservationDetailsSchema } },
    errors: [401, 403, 404, 405, 409],
  }),
  operation({
    method: "post",
    path: "/api/v1/reservations/{id}/decline",
    operationId: "declineReservationRequest",
    scope: "reservations:write",
    summary: "The host declines a request (a reason is required)",
    tag: "Reservations",
    ...bearer,
    params: reservation,
    body: named("DeclineRequest", DeclineSchema),
    responses: { 200: { description: "The declined reservation.", schema: ReservationDetailsSchema } },
    errors: [400, 401, 403, 404, 405, 409, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/reservations/{id}/payments",
    operationId: "startReservationPayment",
    scope: "reservations:write",
    idempotent: true,
    summary: "Start paying a held reservation",
    description:
      "card: follow `redirectUrl` to the gateway's hosted page; it sends the traveler back to /reservation-verification " +
      "(or /verify-establishment-payment) with `?ref=`. bank_transfer / bank_deposit: the bank details; upload the proof " +
      "on the reservation page, an operator confirms it. 409 when the hold is gone or already paid.",
    tag: "Payments",
    ...bearer,
    params: reservation,
    body: named("StartPaymentRequest", StartPaymentSchema),
    responses: { 201: { description: "The payment started.", schema: StartedPaymentSchema } },
    errors: [400, 401, 404, 405, 409, 415],
  }),
  operation({
    method: "get",
    path: "/api/v1/payments/{reference}",
    operationId: "verifyPayment",
    scope: "read",
    summary: "Verify a payment by its reference",
    description: "Asks the gateway and records the result once; verifying again changes nothing. Only the payer and operators.",
    tag: "Payments",
    ...bearer,
    params: z.object({ reference: z.string() }),
    responses: { 200: { description: "The payment's state.", schema: PaymentVerificationSchema } },
    errors: [401, 404, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/payments/{reference}/proof",
    operationId: "uploadPaymentProof",
    scope: "reservations:write",
    summary: "Send the receipt of a bank transfer or deposit (multipart)",
    description:
      "multipart/form-data with the file in `proof` (PDF, JPEG, PNG or WebP up to 5 MB, recognised by its bytes), as the reservation and experience booking pages upload it. " +
      "The nights (or places) stay held while an operator reviews it; a new receipt replaces the previous one. 400 on the field `proof`; 404 for another traveler's payment; 409 when the payment no longer awaits a receipt.",
    tag: "Payments",
    ...bearer,
    params: z.object({ reference: z.string() }),
    body: z.object({ proof: z.file().describe("The receipt.") }),
    bodyMediaType: "multipart/form-data",
    responses: { 200: { description: "The payment, its receipt received.", schema: PaymentSchema } },
    errors: [400, 401, 404, 405, 409, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/payments/webhook/{provider}",
    operationId: "receivePaymentWebhook",
    summary: "A payment gateway's signed callback",
    description:
      "The body is signed with HMAC-SHA256 (sandbox: header X-Sandbox-Signature: t=<unix>,v1=<hex of HMAC(secret, " +
      '"<t>.<body>")>, 5 minutes tolerance). Each event id is recorded once: the same callback twice answers ' +
      '`"duplicate": true` and changes nothing. A bad signature is a 400.',
    tag: "Payments",
    languageParameters: false,
    params: z.object({ provider: z.string().meta({ examples: ["sandbox"] }) }),
    // The gateway's own event; its provider module reads it after checking the signature.
    body: named("PaymentWebhookEvent", z.looseObject({})),
    responses: { 200: { description: "Received.", schema: WebhookReceiptSchema } },
    errors: [400, 404, 405],
  }),
];
