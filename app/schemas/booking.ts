import { z } from "~/schemas/zod";

// Booking forms (/payment, /establishment-payment, reservation pages, host calendar) and the
// matching /api/v1 bodies. Messages are translation keys. The stay rules themselves (dates, guest
// counts) are the domain's validateStay: these schemas only read the shapes.

export const PAYMENT_METHODS = ["card", "bank_transfer", "bank_deposit"] as const;
export type PaymentMethodInput = (typeof PAYMENT_METHODS)[number];

const count = z.coerce.number({ error: "booking:errors.count" }).int("booking:errors.count").min(0, "booking:errors.count").max(50, "booking:errors.count");
const optionalId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce.number({ error: "booking:errors.invalid" }).int().positive().optional(),
);
const isoDate = z.string({ error: "booking:errors.date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "booking:errors.date");

/** The stay as the property pages link to /payment and /establishment-payment (GET query). */
export const StayQuerySchema = z.object({
  propertyId: z.coerce.number({ error: "booking:errors.invalid" }).int().positive(),
  roomTypeId: optionalId,
  roomId: optionalId,
  rooms: z.preprocess((value) => (value === "" || value === undefined ? 1 : value), z.coerce.number().int().min(1).max(50)).default(1),
  checkIn: isoDate,
  checkOut: isoDate,
  adults: z.preprocess((value) => (value === "" || value === undefined ? 1 : value), count),
  children: z.preprocess((value) => (value === "" || value === undefined ? 0 : value), count),
  infants: z.preprocess((value) => (value === "" || value === undefined ? 0 : value), count),
  pets: z.preprocess((value) => (value === "" || value === undefined ? 0 : value), count),
});

/** The /payment form: the stay (hidden fields), the payment method and the terms of sale. */
export const BookingFormSchema = StayQuerySchema.extend({
  method: z.enum(PAYMENT_METHODS, { error: "booking:errors.method" }),
  acceptTerms: z.literal("on", { error: "booking:errors.acceptTerms" }),
});

/** POST /api/v1/reservations. */
export const CreateReservationBodySchema = z.object({
  propertyId: z.number({ error: "api:fields.required" }).int().positive(),
  roomTypeId: z.number().int().positive().optional().describe("Hotels: the room type booked."),
  roomId: z.number().int().positive().optional().describe("Guesthouses: the room booked."),
  rooms: z.number().int().min(1).max(50).optional().describe("Hotels: rooms of the type (default 1)."),
  checkIn: isoDate,
  checkOut: isoDate,
  adults: z.number({ error: "api:fields.required" }).int().min(0).max(50),
  children: z.number().int().min(0).max(50).optional(),
  infants: z.number().int().min(0).max(50).optional(),
  pets: z.number().int().min(0).max(50).optional(),
  /** The display currency whose rate is kept on the reservation (charged in TND regardless). */
  currency: z.string().regex(/^[A-Za-z]{3}$/).optional().describe("Display currency whose rate is kept (charged in TND)."),
  /** The traveler accepts the terms of sale, as the page's checkbox does (ADR 072). */
  acceptTerms: z
    .literal(true, { error: "booking:errors.acceptTerms" })
    .describe("The traveler accepts the terms of sale, as on the booking page; anything else is a 400 on this field."),
});

/** Choosing how to pay a held reservation (reservation page, API). */
export const StartPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: "booking:errors.method" }),
});

/** Declining a request: a reason is required (SPEC.md §5). */
export const DeclineSchema = z.object({
  reason: z
    .string({ error: "reservation:errors.reasonRequired" })
    .trim()
    .min(1, "reservation:errors.reasonRequired")
    .max(1000, "reservation:errors.reasonTooLong"),
});

/** The host calendar's forms: block/unblock a date, a range or all; set or reset a price. */
export const CalendarFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("block"), from: isoDate, to: z.string().optional() }),
  z.object({ intent: z.literal("unblock"), from: isoDate, to: z.string().optional() }),
  z.object({ intent: z.literal("block-all") }),
  z.object({ intent: z.literal("unblock-all") }),
  z.object({
    intent: z.literal("price"),
    from: isoDate,
    to: z.string().optional(),
    price: z.string({ error: "calendar:errors.price" }).trim().min(1, "calendar:errors.price"),
  }),
  z.object({ intent: z.literal("reset-price"), from: isoDate, to: z.string().optional() }),
]);

/** The operator's review of a bank transfer or deposit (/admin/payments). */
export const BankReviewSchema = z.object({
  paymentId: z.coerce.number().int().positive(),
  intent: z.enum(["confirm", "refuse"]),
  note: z.string().trim().max(1000).optional(),
});

/** The sandbox gateway's hosted card form. */
export const SandboxCardSchema = z.object({
  intent: z.enum(["pay", "cancel"]).default("pay"),
  cardNumber: z.string().default(""),
  expiry: z.string().default(""),
  cvc: z.string().default(""),
  holder: z.string().default(""),
});
