// The booking routes (issue 6): reservations (create, list mine, details, cancel, accept,
// decline), starting a payment, verifying one, and the gateways' signed webhook.
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  jsonResponse,
  languageParameters,
  ref,
  type JsonSchema,
  type OpenApiPaths,
} from "~/openapi/shared";

export const tags = [
  { name: "Reservations", description: "Booking a stay, the traveler's and the host's reservations, cancellations and requests." },
  { name: "Payments", description: "Paying a held reservation, verifying a payment, and the gateways' callbacks." },
];

const nullableString = { type: ["string", "null"] };
const nullableDateTime = { type: ["string", "null"], format: "date-time" };
const status = {
  type: "string",
  enum: ["pending_host", "pending_payment", "confirmed", "declined", "cancelled", "expired"],
  description: "Stored state (PRODUCT.md \"Reservations\").",
};
const displayStatus = {
  type: "string",
  enum: ["pending_host", "pending_payment", "upcoming", "ongoing", "completed", "declined", "cancelled", "expired"],
  description: "What people see: a confirmed stay is upcoming, ongoing or completed by its dates.",
};
const hostTab = { type: "string", enum: ["ongoing", "upcoming", "completed", "cancelled", "pending"] };
const paymentMethod = { type: "string", enum: ["card", "bank_transfer", "bank_deposit"] };
const idParameter = { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } };

export const schemas: Record<string, JsonSchema> = {
  CreateReservationRequest: {
    type: "object",
    required: ["propertyId", "checkIn", "checkOut", "adults", "acceptTerms"],
    properties: {
      propertyId: { type: "integer", minimum: 1 },
      roomTypeId: { type: "integer", minimum: 1, description: "Hotels: the room type booked." },
      roomId: { type: "integer", minimum: 1, description: "Guesthouses: the room booked." },
      rooms: { type: "integer", minimum: 1, description: "Hotels: rooms of the type (default 1)." },
      checkIn: ref("LocalDate"),
      checkOut: ref("LocalDate"),
      adults: { type: "integer", minimum: 0 },
      children: { type: "integer", minimum: 0 },
      infants: { type: "integer", minimum: 0 },
      pets: { type: "integer", minimum: 0 },
      currency: { type: "string", pattern: "^[A-Za-z]{3}$", description: "Display currency whose rate is kept (charged in TND)." },
      acceptTerms: {
        type: "boolean",
        enum: [true],
        description: "The traveler accepts the terms of sale, as on the booking page; anything else is a 400 on this field.",
      },
    },
  },
  CreatedReservation: {
    type: "object",
    required: ["id", "reference", "status", "method", "establishment", "holdExpiresAt", "respondBy", "total", "amountDue", "currency"],
    additionalProperties: false,
    properties: {
      id: { type: "integer" },
      reference: { type: "string" },
      status,
      method: { type: "string", enum: ["direct", "request"] },
      establishment: { type: "boolean" },
      holdExpiresAt: { ...nullableDateTime, description: "Direct bookings: the nights are held until then (30 minutes)." },
      respondBy: { ...nullableDateTime, description: "Requests: the host answers by then (24 hours)." },
      total: ref("Millimes"),
      amountDue: { ...ref("Millimes"), description: "The total less any voucher applied." },
      currency: ref("CurrencyTnd"),
    },
  },
  ReservationRow: {
    type: "object",
    required: ["id", "reference", "status", "displayStatus", "hostTab", "listingId", "checkIn", "checkOut", "total", "amountDue", "currency", "path"],
    properties: {
      id: { type: "integer" },
      reference: { type: "string" },
      status,
      displayStatus,
      hostTab,
      method: { type: "string", enum: ["direct", "request"] },
      establishment: { type: "boolean" },
      listingId: { type: "integer" },
      listingTitle: { type: "string" },
      city: nullableString,
      unitName: nullableString,
      rooms: { type: "integer" },
      checkIn: ref("LocalDate"),
      checkOut: ref("LocalDate"),
      nights: { type: "integer" },
      adults: { type: "integer" },
      children: { type: "integer" },
      infants: { type: "integer" },
      pets: { type: "integer" },
      total: ref("Millimes"),
      amountDue: ref("Millimes"),
      currency: ref("CurrencyTnd"),
      holdExpiresAt: nullableDateTime,
      respondBy: nullableDateTime,
      createdAt: { type: "string", format: "date-time" },
      otherPartyName: { type: "string", description: "The traveler (host's list) or the host (traveler's list)." },
      path: { type: "string", description: "The reservation's page on the site." },
      reviewable: { type: "boolean", description: "Traveler's list: the stay is completed, checked out 30 days ago or less, and not reviewed yet." },
    },
  },
  ReservationList: {
    type: "object",
    required: ["reservations"],
    additionalProperties: false,
    properties: { reservations: { type: "array", items: ref("ReservationRow") } },
  },
  Payment: {
    type: "object",
    required: ["id", "reservationId", "reference", "method", "provider", "status", "amount", "currency", "createdAt"],
    properties: {
      id: { type: "integer" },
      reservationId: { type: "integer" },
      reference: { type: "string" },
      method: paymentMethod,
      provider: { type: "string", examples: ["sandbox", "bank"] },
      status: { type: "string", enum: ["processing", "success", "failed", "verification_failed"] },
      outcome: { type: ["string", "null"], enum: ["confirmed", "late", "duplicate", null] },
      amount: ref("Millimes"),
      currency: ref("CurrencyTnd"),
      failureReason: nullableString,
      createdAt: { type: "string", format: "date-time" },
      verifiedAt: nullableDateTime,
      proofUploaded: { type: "boolean" },
      proofName: nullableString,
      reviewedAt: nullableDateTime,
      reviewNote: nullableString,
    },
  },
  Refund: {
    type: "object",
    required: ["id", "reason", "grossAmount", "bankFee", "amount", "currency", "status", "dueAt"],
    properties: {
      id: { type: "integer" },
      reason: { type: "string", enum: ["traveler_cancelled", "host_cancelled", "late_payment", "duplicate_payment"] },
      grossAmount: ref("Millimes"),
      bankFee: ref("Millimes"),
      amount: { ...ref("Millimes"), description: "What reaches the traveler: gross less the bank fee." },
      currency: ref("CurrencyTnd"),
      status: { type: "string", enum: ["pending", "paid"] },
      dueAt: { type: "string", format: "date-time", description: "Paid within 15 days." },
      paidAt: nullableDateTime,
    },
  },
  CancellationPreview: {
    type: "object",
    required: ["paid", "refund"],
    additionalProperties: false,
    properties: {
      paid: { type: "boolean" },
      refund: {
        oneOf: [
          { type: "null" },
          {
            type: "object",
            required: ["percent", "refundable", "cleaningRefund", "voucher", "gross", "bankFee", "net", "dueDate", "ruleKey"],
            properties: {
              percent: { type: "integer" },
              refundable: ref("Millimes"),
              cleaningRefund: ref("Millimes"),
              voucher: { ...ref("Millimes"), description: "Host cancellations: the service fee as a credit for a later booking." },
              gross: ref("Millimes"),
              bankFee: ref("Millimes"),
              net: ref("Millimes"),
              dueDate: ref("LocalDate"),
              ruleKey: { type: "string" },
            },
          },
        ],
      },
    },
  },
  ReservationDetails: {
    type: "object",
    required: [
      "id",
      "reference",
      "status",
      "displayStatus",
      "side",
      "listing",
      "checkIn",
      "checkOut",
      "travelers",
      "price",
      "paid",
      "payments",
      "refunds",
      "client",
      "host",
      "hostHidden",
      "createdAt",
      "actions",
    ],
    properties: {
      id: { type: "integer" },
      reference: { type: "string" },
      status,
      displayStatus,
      hostTab,
      method: { type: "string", enum: ["direct", "request"] },
      side: { type: "string", enum: ["traveler", "host", "operator"] },
      establishment: { type: "boolean" },
      listing: {
        type: "object",
        required: ["id", "title"],
        properties: {
          id: { type: "integer" },
          title: { type: "string" },
          propertyType: nullableString,
          city: nullableString,
          governorate: nullableString,
          cancellationPolicy: { type: "string", enum: ["flexible", "moderate", "strict", "closed"] },
          checkInTime: nullableString,
          checkOutTime: nullableString,
        },
      },
      unit: {
        oneOf: [
          { type: "null" },
          {
            type: "object",
            required: ["kind", "id", "name"],
            properties: { kind: { type: "string", enum: ["room-type", "room"] }, id: { type: "integer" }, name: { type: "string" } },
          },
        ],
      },
      rooms: { type: "integer" },
      checkIn: ref("LocalDate"),
      checkOut: ref("LocalDate"),
      nights: { type: "integer" },
      travelers: {
        type: "object",
        required: ["adults", "children", "infants", "pets"],
        properties: {
          adults: { type: "integer" },
          children: { type: "integer" },
          infants: { type: "integer" },
          pets: { type: "integer" },
        },
      },
      price: {
        type: "object",
        required: ["nightsTotal", "discount", "cleaningFee", "serviceFee", "total", "voucherApplied", "amountDue", "currency"],
        properties: {
          nightsTotal: ref("Millimes"),
          discount: ref("Millimes"),
          cleaningFee: ref("Millimes"),
          serviceFee: ref("Millimes"),
          total: ref("Millimes"),
          voucherApplied: ref("Millimes"),
          amountDue: ref("Millimes"),
          hostCommission: { ...ref("Millimes"), description: "Host side only (0 for the traveler)." },
          hostPayout: { ...ref("Millimes"), description: "Host side only (0 for the traveler)." },
          currency: ref("CurrencyTnd"),
          displayCurrency: { type: "string", description: "The currency the traveler saw when booking." },
          displayRateMicros: { type: "integer", description: "What 1 TND was worth in it then, in millionths." },
        },
      },
      paid: { type: "boolean" },
      payments: { type: "array", items: ref("Payment") },
      refunds: { type: "array", items: ref("Refund") },
      client: {
        description: "The traveler (host side and operators); null for the traveler.",
        oneOf: [
          { type: "null" },
          {
            type: "object",
            required: ["id", "firstName", "lastName", "email"],
            properties: {
              id: { type: "integer" },
              firstName: { type: "string" },
              lastName: { type: "string" },
              email: { type: "string" },
              phone: nullableString,
              country: nullableString,
            },
          },
        ],
      },
      host: {
        type: "object",
        description: "Contact details and the exact address stay hidden (null) for the traveler until the stay is paid.",
        required: ["id", "firstName"],
        properties: {
          id: { type: "integer" },
          firstName: { type: "string" },
          lastName: { type: "string" },
          email: nullableString,
          phone: nullableString,
          address: {
            oneOf: [
              { type: "null" },
              {
                type: "object",
                properties: { street: nullableString, additionalAddress: nullableString, city: nullableString, postalCode: nullableString },
              },
            ],
          },
        },
      },
      hostHidden: { type: "boolean", description: "True: \"Please complete your payment to access this content.\"" },
      createdAt: { type: "string", format: "date-time", description: "Date of reservation." },
      holdExpiresAt: nullableDateTime,
      respondBy: nullableDateTime,
      confirmedAt: nullableDateTime,
      cancelledAt: nullableDateTime,
      cancelledBy: nullableString,
      declineReason: nullableString,
      actions: { type: "array", items: { type: "string", enum: ["pay", "cancel", "accept", "decline"] } },
      cancellation: { oneOf: [{ type: "null" }, ref("CancellationPreview")] },
    },
  },
  DeclineRequest: {
    type: "object",
    required: ["reason"],
    properties: { reason: { type: "string", minLength: 1, maxLength: 1000 } },
  },
  StartPaymentRequest: {
    type: "object",
    required: ["method"],
    properties: { method: paymentMethod },
  },
  BankDetails: {
    type: "object",
    required: ["accountHolder", "bankName", "rib", "iban", "bic"],
    properties: {
      accountHolder: { type: "string" },
      bankName: { type: "string" },
      bankAddress: { type: "string" },
      rib: { type: "string" },
      iban: { type: "string" },
      bic: { type: "string" },
    },
  },
  StartedPayment: {
    type: "object",
    required: ["payment", "redirectUrl", "bank"],
    additionalProperties: false,
    properties: {
      payment: ref("Payment"),
      redirectUrl: { ...nullableString, description: "Card: the gateway's hosted payment page." },
      bank: { oneOf: [{ type: "null" }, ref("BankDetails")], description: "Transfer or deposit: where to send the money (write the payment reference on it)." },
    },
  },
  PaymentVerification: {
    type: "object",
    required: ["state", "payment", "reservationId", "establishment"],
    additionalProperties: false,
    properties: {
      state: { type: "string", enum: ["processing", "success", "failed", "verification_failed", "late"] },
      payment: ref("Payment"),
      reservationId: { type: "integer" },
      establishment: { type: "boolean" },
    },
  },
  WebhookReceipt: {
    type: "object",
    required: ["received", "duplicate"],
    additionalProperties: false,
    properties: { received: { type: "boolean", const: true }, duplicate: { type: "boolean" } },
  },
};

export const paths: OpenApiPaths = {
  "/api/v1/reservations": {
    get: {
      operationId: "listMyReservations",
      summary: "The bearer's reservations, as traveler or as host",
      tags: ["Reservations"],
      security: bearerSecurity,
      parameters: [
        { name: "as", in: "query", required: false, schema: { type: "string", enum: ["traveler", "host"], default: "traveler" } },
        { name: "tab", in: "query", required: false, description: "Host side: the dashboard tab (default pending).", schema: hostTab },
        ...languageParameters,
      ],
      responses: { "200": jsonResponse("The reservations, newest first (host tabs by date).", ref("ReservationList")), ...errorResponses(400, 401) },
    },
    post: {
      operationId: "createReservation",
      summary: "Book a stay",
      description:
        "Direct listings answer `pending_payment` with the nights held for 30 minutes; by-request listings answer " +
        "`pending_host` (nights not held; the host has 24 hours). Nights already booked or blocked: 409 " +
        '"The selected dates are already booked". The bearer must have a verified e-mail (403 otherwise) and accept the ' +
        "terms of sale (`acceptTerms: true`; 400 otherwise, with the booking page's message on `acceptTerms`).",
      tags: ["Reservations"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("CreateReservationRequest")) },
      responses: {
        "201": jsonResponse("The reservation.", ref("CreatedReservation")),
        ...errorResponses(400, 401, 403, 404, 409, 415),
      },
    },
  },
  "/api/v1/reservations/{id}": {
    get: {
      operationId: "getReservation",
      summary: "A reservation's details",
      description: "Only its traveler, its host and operators may read it; anyone else gets 404.",
      tags: ["Reservations"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      responses: { "200": jsonResponse("The reservation.", ref("ReservationDetails")), ...errorResponses(401, 404, 405) },
    },
  },
  "/api/v1/reservations/{id}/cancel": {
    get: {
      operationId: "previewCancellation",
      summary: "What cancelling now would give back",
      tags: ["Reservations"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      responses: { "200": jsonResponse("The refund by the rules.", ref("CancellationPreview")), ...errorResponses(401, 403, 404, 409) },
    },
    post: {
      operationId: "cancelReservation",
      summary: "Cancel (traveler or host)",
      description:
        "The traveler is refunded by the listing's policy (service fee kept, bank fee deducted); the host cancelling " +
        "refunds everything, the service fee as a voucher for a later booking. Refunds are due within 15 days.",
      tags: ["Reservations"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      responses: { "200": jsonResponse("The cancelled reservation.", ref("ReservationDetails")), ...errorResponses(401, 403, 404, 409) },
    },
  },
  "/api/v1/reservations/{id}/accept": {
    post: {
      operationId: "acceptReservationRequest",
      summary: "The host accepts a request",
      description: "The nights are held and the traveler has 24 hours to pay; overlapping pending requests are declined. 409 when the nights are taken.",
      tags: ["Reservations"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      responses: { "200": jsonResponse("The accepted reservation.", ref("ReservationDetails")), ...errorResponses(401, 403, 404, 405, 409) },
    },
  },
  "/api/v1/reservations/{id}/decline": {
    post: {
      operationId: "declineReservationRequest",
      summary: "The host declines a request (a reason is required)",
      tags: ["Reservations"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("DeclineRequest")) },
      responses: { "200": jsonResponse("The declined reservation.", ref("ReservationDetails")), ...errorResponses(400, 401, 403, 404, 405, 409, 415) },
    },
  },
  "/api/v1/reservations/{id}/payments": {
    post: {
      operationId: "startReservationPayment",
      summary: "Start paying a held reservation",
      description:
        "card: follow `redirectUrl` to the gateway's hosted page; it sends the traveler back to /reservation-verification " +
        "(or /verify-establishment-payment) with `?ref=`. bank_transfer / bank_deposit: the bank details; upload the proof " +
        "on the reservation page, an operator confirms it. 409 when the hold is gone or already paid.",
      tags: ["Payments"],
      security: bearerSecurity,
      parameters: [idParameter, ...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("StartPaymentRequest")) },
      responses: { "201": jsonResponse("The payment started.", ref("StartedPayment")), ...errorResponses(400, 401, 404, 405, 409, 415) },
    },
  },
  "/api/v1/payments/{reference}": {
    get: {
      operationId: "verifyPayment",
      summary: "Verify a payment by its reference",
      description: "Asks the gateway and records the result once; verifying again changes nothing. Only the payer and operators.",
      tags: ["Payments"],
      security: bearerSecurity,
      parameters: [{ name: "reference", in: "path", required: true, schema: { type: "string" } }, ...languageParameters],
      responses: { "200": jsonResponse("The payment's state.", ref("PaymentVerification")), ...errorResponses(401, 404, 405) },
    },
  },
  "/api/v1/payments/webhook/{provider}": {
    post: {
      operationId: "receivePaymentWebhook",
      summary: "A payment gateway's signed callback",
      description:
        "The body is signed with HMAC-SHA256 (sandbox: header X-Sandbox-Signature: t=<unix>,v1=<hex of HMAC(secret, " +
        '"<t>.<body>")>, 5 minutes tolerance). Each event id is recorded once: the same callback twice answers ' +
        '`"duplicate": true` and changes nothing. A bad signature is a 400.',
      tags: ["Payments"],
      parameters: [{ name: "provider", in: "path", required: true, schema: { type: "string", examples: ["sandbox"] } }],
      requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
      responses: { "200": jsonResponse("Received.", ref("WebhookReceipt")), ...errorResponses(400, 404, 405) },
    },
  },
};
