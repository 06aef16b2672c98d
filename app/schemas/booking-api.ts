// Answers (and the list query) of the booking /api/v1 routes (app/openapi/booking.ts documents them).
import { z } from "~/schemas/zod";
import { PageFieldsSchema, PaginationQuerySchema } from "~/utils/api-pagination";
import { CANCELLATION_POLICIES, RESERVATION_METHODS } from "~/domain/listing";
import { DISPLAY_STATUSES, HOST_TABS, RESERVATION_STATUSES } from "~/domain/reservation-state";
import { CurrencyTnd, DateTime, LocalDate, Millimes, named } from "~/openapi/components";
import { PAYMENT_METHODS } from "~/schemas/booking";

const nullableString = z.string().nullable();
const nullableDateTime = DateTime.nullable();
const status = z.enum(RESERVATION_STATUSES).describe('Stored state (PRODUCT.md "Reservations").');
const displayStatus = z
  .enum(DISPLAY_STATUSES)
  .describe("What people see: a confirmed stay is upcoming, ongoing or completed by its dates.");
const hostTab = z.enum(HOST_TABS);
const method = z.enum(RESERVATION_METHODS);
const unitKind = z.enum(["room-type", "room"]);

/** GET /api/v1/reservations: whose side, and the host's dashboard tab. */
export const ReservationListQuerySchema = z.object({
  as: z.enum(["traveler", "host"], "api:fields.invalid").default("traveler"),
  tab: z.enum(HOST_TABS, "api:fields.invalid").default("pending").describe("Host side: the dashboard tab (default pending)."),
  ...PaginationQuerySchema.shape,
});

export const CreatedReservationSchema = named(
  "CreatedReservation",
  z.object({
    id: z.int(),
    reference: z.string(),
    status,
    method,
    establishment: z.boolean(),
    holdExpiresAt: nullableDateTime.describe("Direct bookings: the nights are held until then (30 minutes)."),
    respondBy: nullableDateTime.describe("Requests: the host answers by then (24 hours)."),
    total: Millimes,
    amountDue: Millimes.describe("The total less any voucher applied."),
    currency: CurrencyTnd,
  }),
);

export const ReservationRowSchema = named(
  "ReservationRow",
  z.looseObject({
    id: z.int(),
    reference: z.string(),
    status,
    displayStatus,
    hostTab,
    method: method.optional(),
    establishment: z.boolean().optional(),
    listingId: z.int(),
    listingTitle: z.string().optional(),
    city: nullableString.optional(),
    unitName: nullableString.optional(),
    rooms: z.int().optional(),
    checkIn: LocalDate,
    checkOut: LocalDate,
    nights: z.int().optional(),
    adults: z.int().optional(),
    children: z.int().optional(),
    infants: z.int().optional(),
    pets: z.int().optional(),
    total: Millimes,
    amountDue: Millimes,
    currency: CurrencyTnd,
    holdExpiresAt: nullableDateTime.optional(),
    respondBy: nullableDateTime.optional(),
    createdAt: DateTime.optional(),
    otherPartyName: z.string().optional().describe("The traveler (host's list) or the host (traveler's list)."),
    path: z.string().describe("The reservation's page on the site."),
    reviewable: z.boolean().optional().describe("Traveler's list: the stay is completed, checked out 30 days ago or less, and not reviewed yet."),
  }),
);

export const ReservationListSchema = named("ReservationList", z.object({ reservations: z.array(ReservationRowSchema), ...PageFieldsSchema.shape }));

export const PaymentSchema = named(
  "Payment",
  z.looseObject({
    id: z.int(),
    reservationId: z.int().nullable().describe("The reservation it pays; null when it pays an experience booking."),
    experienceBookingId: z.int().nullable().optional().describe("The experience booking it pays, if any."),
    reference: z.string(),
    method: z.enum(PAYMENT_METHODS),
    provider: z.string().meta({ examples: ["sandbox", "bank"] }),
    status: z.enum(["processing", "success", "failed", "verification_failed"]),
    outcome: z.enum(["confirmed", "late", "duplicate"]).nullable().optional(),
    amount: Millimes,
    currency: CurrencyTnd,
    failureReason: nullableString.optional(),
    createdAt: DateTime,
    verifiedAt: nullableDateTime.optional(),
    proofUploaded: z.boolean().optional(),
    proofName: nullableString.optional(),
    reviewedAt: nullableDateTime.optional(),
    reviewNote: nullableString.optional(),
  }),
);

export const RefundSchema = named(
  "Refund",
  z.looseObject({
    id: z.int(),
    reason: z.enum(["traveler_cancelled", "host_cancelled", "late_payment", "duplicate_payment", "claim"]),
    grossAmount: Millimes,
    bankFee: Millimes,
    amount: Millimes.describe("What reaches the traveler: gross less the bank fee."),
    currency: CurrencyTnd,
    status: z.enum(["pending", "paid"]),
    dueAt: DateTime.describe("Paid within 15 days."),
    dueDate: LocalDate.describe("The last day of dueAt, Tunis time (the date the cancellation preview announced)."),
    paidAt: nullableDateTime.optional(),
    paidReference: z.string().nullable().optional().describe("The operator's reference of the transfer that paid it."),
  }),
);

export const CancellationPreviewSchema = named(
  "CancellationPreview",
  z.object({
    paid: z.boolean(),
    refund: z
      .looseObject({
        percent: z.int(),
        refundable: Millimes,
        cleaningRefund: Millimes,
        voucher: Millimes.describe("Host cancellations: the service fee as a credit for a later booking."),
        gross: Millimes,
        bankFee: Millimes,
        net: Millimes,
        dueDate: LocalDate,
        ruleKey: z.string(),
      })
      .nullable(),
  }),
);

const count = z.int();

export const ReservationDetailsSchema = named(
  "ReservationDetails",
  z.looseObject({
    id: z.int(),
    reference: z.string(),
    status,
    displayStatus,
    hostTab: hostTab.optional(),
    method: method.optional(),
    side: z.enum(["traveler", "host", "operator"]),
    establishment: z.boolean().optional(),
    listing: z.looseObject({
      id: z.int(),
      title: z.string(),
      propertyType: nullableString.optional(),
      city: nullableString.optional(),
      governorate: nullableString.optional(),
      cancellationPolicy: z.enum(CANCELLATION_POLICIES).optional(),
      checkInTime: nullableString.optional(),
      checkOutTime: nullableString.optional(),
    }),
    unit: z.looseObject({ kind: unitKind, id: z.int(), name: z.string() }).nullable().optional(),
    rooms: z.int().optional(),
    checkIn: LocalDate,
    checkOut: LocalDate,
    nights: z.int().optional(),
    travelers: z.looseObject({ adults: count, children: count, infants: count, pets: count }),
    price: z.looseObject({
      nightsTotal: Millimes,
      discount: Millimes,
      cleaningFee: Millimes,
      serviceFee: Millimes,
      total: Millimes,
      voucherApplied: Millimes,
      amountDue: Millimes,
      hostCommission: Millimes.optional().describe("Host side only (0 for the traveler)."),
      hostPayout: Millimes.optional().describe("Host side only (0 for the traveler)."),
      currency: CurrencyTnd,
      displayCurrency: z.string().optional().describe("The currency the traveler saw when booking."),
      displayRateMicros: z.int().optional().describe("What 1 TND was worth in it then, in millionths."),
    }),
    paid: z.boolean(),
    payments: z.array(PaymentSchema),
    refunds: z.array(RefundSchema),
    client: z
      .looseObject({
        id: z.int(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: nullableString.optional(),
        country: nullableString.optional(),
      })
      .nullable()
      .describe("The traveler (host side and operators); null for the traveler."),
    host: z
      .looseObject({
        id: z.int(),
        firstName: z.string(),
        lastName: z.string().optional(),
        email: nullableString.optional(),
        phone: nullableString.optional(),
        address: z
          .looseObject({
            street: nullableString.optional(),
            additionalAddress: nullableString.optional(),
            city: nullableString.optional(),
            postalCode: nullableString.optional(),
          })
          .nullable()
          .optional(),
      })
      .describe("Contact details and the exact address stay hidden (null) for the traveler until the stay is paid."),
    hostHidden: z.boolean().describe('True: "Please complete your payment to access this content."'),
    createdAt: DateTime.describe("Date of reservation."),
    holdExpiresAt: nullableDateTime.optional(),
    respondBy: nullableDateTime.optional(),
    confirmedAt: nullableDateTime.optional(),
    cancelledAt: nullableDateTime.optional(),
    cancelledBy: nullableString.optional(),
    declineReason: nullableString.optional(),
    actions: z.array(z.enum(["pay", "cancel", "accept", "decline"])),
    cancellation: CancellationPreviewSchema.nullable().optional(),
  }),
);

export const BankDetailsSchema = named(
  "BankDetails",
  z.looseObject({
    accountHolder: z.string(),
    bankName: z.string(),
    bankAddress: z.string().optional(),
    rib: z.string(),
    iban: z.string(),
    bic: z.string(),
  }),
);

export const StartedPaymentSchema = named(
  "StartedPayment",
  z.object({
    payment: PaymentSchema,
    redirectUrl: nullableString.describe("Card: the gateway's hosted payment page."),
    bank: BankDetailsSchema.nullable().describe("Transfer or deposit: where to send the money (write the payment reference on it)."),
  }),
);

export const PaymentVerificationSchema = named(
  "PaymentVerification",
  z.object({
    state: z.enum(["processing", "success", "failed", "verification_failed", "late"]),
    payment: PaymentSchema,
    reservationId: z.int().nullable().describe("Null for an experience booking's payment (see payment.experienceBookingId)."),
    establishment: z.boolean(),
  }),
);

export const WebhookReceiptSchema = named("WebhookReceipt", z.object({ received: z.literal(true), duplicate: z.boolean() }));
