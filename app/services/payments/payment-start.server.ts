// Starting a payment (PRODUCT.md "Payments"): a payment row is created before the traveler
// leaves for the gateway, one per attempt; a bank transfer or deposit awaits its proof
// (bank-payments.server.ts). What the gateway then says is payment-results.server.ts.
import { Listing } from "~/db/models/listing.server";
import { Payment, type PaymentMethod } from "~/db/models/payment.server";
import { Reservation } from "~/db/models/reservation.server";
import { canStartPayment } from "~/domain/reservation-state";
import { isEstablishmentReservation } from "~/services/booking/reservation-emails.server";
import { reservationSnapshot } from "~/services/booking/reservation-views.server";
import { amountDue, BANK_PROVIDER_ID, PAYMENT_METHODS, toPaymentView, type PaymentView } from "~/services/payments/payment.server";
import { newReference, openGatewaySession, requireCardProvider } from "~/services/payments/payment-providers.server";
import "~/services/payments/payment-sandbox.server";
import { AppError } from "~/utils/app-error";

/** The page the gateway sends the traveler back to (the establishment one has no language prefix). */
export function verificationPath(reservation: { roomTypeId: number | null; guesthouseRoomId: number | null }): string {
  return isEstablishmentReservation(reservation) ? "/verify-establishment-payment" : "/reservation-verification";
}

export async function loadPayableReservation(travelerId: number, reservationId: number, now: Date): Promise<Reservation> {
  const reservation = await Reservation.findByPk(reservationId);
  if (!reservation || reservation.travelerId !== travelerId) throw new AppError(404, "reservation:errors.notFound");
  const check = canStartPayment(reservationSnapshot(reservation), now);
  if (!check.ok) throw new AppError(409, check.key);
  return reservation;
}

export type StartedPayment =
  | { kind: "gateway"; payment: PaymentView; redirectUrl: string }
  | { kind: "bank"; payment: PaymentView };

/**
 * Starts paying a held reservation. Card: a payment row, then a session at the gateway, whose
 * hosted page the traveler is sent to. Transfer/deposit: a payment row whose reference the
 * traveler writes on the transfer, awaiting the uploaded proof (one open bank payment per method).
 */
export async function startPayment(
  actor: { id: number },
  reservationId: number,
  method: PaymentMethod,
  options: { now?: Date; language?: string; returnPath?: string } = {},
): Promise<StartedPayment> {
  const now = options.now ?? new Date();
  if (!PAYMENT_METHODS.includes(method)) throw new AppError(400, "payment:errors.method", { fields: { method: "payment:errors.method" } });
  const reservation = await loadPayableReservation(actor.id, reservationId, now);
  const listing = method === "card" ? await Listing.findByPk(reservation.listingId, { attributes: ["title"] }) : null;
  return openPayment({
    paid: { reservationId },
    travelerId: actor.id,
    method,
    amount: amountDue(reservation),
    description: `${reservation.reference} · ${listing?.title ?? ""}`.trim(),
    returnPath: options.returnPath ?? verificationPath(reservation),
    expiresAt: reservation.holdExpiresAt ?? new Date(now.getTime() + 30 * 60_000),
    language: options.language ?? reservation.language ?? "en",
    now,
  });
}

/**
 * One attempt to pay what `paid` names (a reservation, or an experience booking — ADR 183), the
 * one way every payment starts. Card: a payment row, then a session at the gateway, whose hosted
 * page the traveler is sent to. Transfer/deposit: a payment row whose reference the traveler
 * writes on the transfer, awaiting the uploaded proof (one open bank payment per method).
 */
export async function openPayment(input: {
  paid: { reservationId: number } | { experienceBookingId: number };
  travelerId: number;
  method: PaymentMethod;
  amount: number;
  description: string;
  returnPath: string;
  expiresAt: Date;
  language: string;
  now: Date;
}): Promise<StartedPayment> {
  const { method, amount, now } = input;
  const target = "reservationId" in input.paid ? { reservationId: input.paid.reservationId } : { reservationId: null, experienceBookingId: input.paid.experienceBookingId };
  if (method !== "card") {
    const open = await Payment.findOne({
      where: { ...target, method, provider: BANK_PROVIDER_ID, status: "processing", proofPath: null },
      order: [["id", "DESC"]],
    });
    const payment =
      open ??
      (await Payment.create({
        ...target,
        travelerId: input.travelerId,
        method,
        provider: BANK_PROVIDER_ID,
        reference: newReference("BNK"),
        amount,
        status: "processing",
        createdAt: now,
        updatedAt: now,
      }));
    return { kind: "bank", payment: toPaymentView(payment) };
  }

  const provider = requireCardProvider();
  const payment = await Payment.create({
    ...target,
    travelerId: input.travelerId,
    method,
    provider: provider.id,
    reference: newReference("PAY"),
    amount,
    status: "processing",
    createdAt: now,
    updatedAt: now,
  });
  const redirectUrl = await openGatewaySession(
    provider,
    {
      reference: payment.reference,
      amount,
      currency: "TND",
      description: input.description,
      returnUrl: input.returnPath,
      expiresAt: input.expiresAt,
      language: input.language,
      now,
    },
    () => Payment.update({ status: "failed", failureReason: "gateway_unavailable" }, { where: { id: payment.id, status: "processing" } }),
    "payment",
  );
  return { kind: "gateway", payment: toPaymentView(payment), redirectUrl };
}

