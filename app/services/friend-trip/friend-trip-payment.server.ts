import { Op, type Transaction } from "sequelize";
import { FriendTripPayment, FriendTripRequest } from "~/db/models/friend-trip.server";
import { writeTransaction } from "~/db/write-transaction.server";
import type { FriendTripPaymentStatus } from "~/domain/friend-trip";
import { callbackVerification, newReference, openGatewaySession, requireCardProvider, verifyWithProvider, type ProviderCallback, type ProviderVerification } from "~/services/payments/payment-providers.server";
import "~/services/payments/payment-sandbox.server";
import { recordFriendTripPaid } from "~/services/money/ledger.server";
import { AppError } from "~/utils/app-error";
import { sendFriendTripRequestEmails } from "./friend-trip-emails.server";

// Paying a Friend Trip request by card through the payments gateway (ADR 071's provider interface
// and sandbox; ADR 180). Nothing is recorded twice: one row per attempt with a unique reference,
// its result written by a conditional UPDATE from a not-yet-successful state, and the request
// moved from awaiting_payment to new by a conditional UPDATE in the same transaction — so a
// return page verified twice, a webhook delivered twice, or both at once, record it once and send
// the e-mails once.

export const FRIEND_TRIP_PAYMENT_PREFIX = "FTP";
const RETURN_PATH = "/friend-trip-confirmation";

/** Starts a card payment for a request still awaiting it → the gateway's page. */
export async function startFriendTripPayment(requestId: number, options: { now?: Date; language?: string } = {}): Promise<{ reference: string; redirectUrl: string }> {
  const now = options.now ?? new Date();
  const request = await FriendTripRequest.findByPk(requestId);
  if (!request) throw new AppError(404, "friend-trip:errors.notFound");
  if (request.status !== "awaiting_payment") throw new AppError(409, "friend-trip:errors.alreadyPaid", { code: "conflict" });
  const provider = requireCardProvider();
  const payment = await FriendTripPayment.create({
    requestId: request.id,
    provider: provider.id,
    reference: newReference(FRIEND_TRIP_PAYMENT_PREFIX),
    amount: request.price,
    status: "processing",
    createdAt: now,
    updatedAt: now,
  });
  const redirectUrl = await openGatewaySession(
    provider,
    {
      reference: payment.reference,
      amount: payment.amount,
      currency: "TND",
      description: `Friend Trip ${request.pack} · ${request.reference}`,
      returnUrl: RETURN_PATH,
      expiresAt: new Date(now.getTime() + 60 * 60_000),
      language: options.language ?? request.language,
      now,
    },
    () => FriendTripPayment.update({ status: "failed", failureReason: "gateway_unavailable" }, { where: { id: payment.id, status: "processing" } }),
    "friend trip",
  );
  return { reference: payment.reference, redirectUrl };
}

/** Writes the gateway's word on a payment; true when the request became paid by this call. */
async function applyFriendTripResult(paymentId: number, result: ProviderVerification, now: Date, transaction: Transaction): Promise<boolean> {
  const payment = await FriendTripPayment.findByPk(paymentId, { transaction });
  if (!payment || result.status === "processing") return false;
  if (result.status === "unknown" || (result.status === "success" && (result.amount !== payment.amount || (result.currency ?? "TND") !== "TND"))) {
    await FriendTripPayment.update(
      { status: "verification_failed", failureReason: result.status === "unknown" ? (result.failureReason ?? "unknown") : "amount_mismatch", verifiedAt: now },
      { where: { id: payment.id, status: "processing" }, transaction },
    );
    return false;
  }
  if (result.status === "failed") {
    await FriendTripPayment.update(
      { status: "failed", failureReason: result.failureReason ?? "refused", verifiedAt: now },
      { where: { id: payment.id, status: { [Op.in]: ["processing", "verification_failed"] } }, transaction },
    );
    return false;
  }
  const [recorded] = await FriendTripPayment.update(
    { status: "success", verifiedAt: now, providerTransactionId: result.transactionId, failureReason: null },
    { where: { id: payment.id, status: { [Op.ne]: "success" } }, transaction },
  );
  if (recorded !== 1) return false;
  const [paid] = await FriendTripRequest.update({ status: "new", updatedAt: now }, { where: { id: payment.requestId, status: "awaiting_payment" }, transaction });
  if (paid !== 1) return false;
  // The pack's money in the one ledger (ADR 183), in the transaction that marks it paid.
  const request = (await FriendTripRequest.findByPk(payment.requestId, { attributes: ["id", "userId"], transaction }))!;
  await recordFriendTripPaid(request, payment.amount, now, transaction);
  return true;
}

async function applyAndNotify(paymentId: number, result: ProviderVerification, now: Date): Promise<void> {
  let requestId: number | null = null;
  await writeTransaction(async (transaction) => {
    if (await applyFriendTripResult(paymentId, result, now, transaction)) {
      requestId = (await FriendTripPayment.findByPk(paymentId, { transaction }))!.requestId;
    }
  });
  if (requestId !== null) await notifyRequestSent(requestId);
}

async function notifyRequestSent(requestId: number): Promise<void> {
  const request = await FriendTripRequest.findByPk(requestId);
  if (request) await sendFriendTripRequestEmails(request);
}

/**
 * The payments webhook's hook (payment-results.server.ts receivePaymentWebhook): a callback whose
 * reference is a Friend Trip payment is applied here, in the webhook's transaction (its event row
 * is unique, so a callback twice has its effect once). Returns what to run after commit, or null
 * when the reference is not ours.
 */
export async function applyFriendTripCallback(
  providerId: string,
  callback: ProviderCallback,
  now: Date,
  transaction: Transaction,
): Promise<(() => Promise<void>) | null> {
  const payment = await FriendTripPayment.findOne({ where: { provider: providerId, reference: callback.reference }, transaction });
  if (!payment) return null;
  const paid = await applyFriendTripResult(payment.id, callbackVerification(callback), now, transaction);
  return paid ? () => notifyRequestSent(payment.requestId) : null;
}

export interface FriendTripPaymentCheck {
  status: FriendTripPaymentStatus;
  requestReference: string;
  requestId: number;
}

/** The return page: asks the gateway (once the payment is not yet a success) and records it. */
export async function verifyFriendTripPayment(reference: string | null | undefined, now: Date = new Date()): Promise<FriendTripPaymentCheck | null> {
  const ref = reference?.trim();
  if (!ref || !ref.startsWith(FRIEND_TRIP_PAYMENT_PREFIX)) return null;
  let payment = await FriendTripPayment.findOne({ where: { reference: ref } });
  if (!payment) return null;
  if (payment.status !== "success") {
    await applyAndNotify(payment.id, await verifyWithProvider(payment.provider, payment.reference, now, "friend trip"), now);
    payment = (await FriendTripPayment.findByPk(payment.id))!;
  }
  const request = (await FriendTripRequest.findByPk(payment.requestId, { attributes: ["id", "reference"] }))!;
  return { status: payment.status, requestReference: request.reference, requestId: request.id };
}
