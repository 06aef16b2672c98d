// Loader and action shared by the four reservation pages (issue 6): the traveler's
// /reservation-details/{id} and /est-reservation-details/{id}, the host's
// /host/reservation-details/{id} and /host/est-reservation-details/{id}. Only the traveler, the
// listing's host and operators may open one (others: 404). The actions are the ones the state
// allows: pay (card, transfer, deposit; upload the proof), cancel (after seeing the refund),
// accept, decline (with a reason).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DeclineSchema, PAYMENT_METHODS, type PaymentMethodInput } from "~/schemas/booking";
import { bankDetails, MAX_PROOF_BYTES } from "~/services/payments/payment.server";
import { startPayment, verificationPath } from "~/services/payments/payment-start.server";
import { uploadPaymentProof } from "~/services/payments/bank-payments.server";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { acceptRequest, cancelReservation, declineRequest } from "~/services/booking/reservation.server";
import { getReservationDetails, type ReservationDetails } from "~/services/booking/reservation-details.server";
import { isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { findCurrency } from "~/utils/currency.server";
import { getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { REVIEW_INTENTS, reviewIntentAction } from "~/services/reviews/review-pages.server";
import { reservationReview } from "~/services/reviews/review-reads.server";
import { readFormData } from "~/utils/form-data.server";
import { requireIdParam } from "~/utils/id-param";
import { type UserRole } from "~/domain/staff-roles";
import { CLAIM_INTENTS, claimIntentAction } from "~/services/money/claim-pages.server";
import { reservationClaims } from "~/services/money/claims.server";
import { reservationActions } from "~/services/cohosts/host-actions.server";

export type PageSide = "traveler" | "host";

function unitIds(details: Pick<ReservationDetails, "unit">) {
  return {
    roomTypeId: details.unit?.kind === "room-type" ? details.unit.id : null,
    guesthouseRoomId: details.unit?.kind === "room" ? details.unit.id : null,
  };
}

function pagePath(details: ReservationDetails, side: PageSide): string {
  return reservationPagePath({ id: details.id, ...unitIds(details) }, side);
}

async function loadDetails(user: { id: number; role: UserRole }, id: string | undefined) {
  const reservationId = requireIdParam(id);
  try {
    return await getReservationDetails(user, reservationId);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

/** A stay not over yet that is confirmed or still on its way to being so. */
function isUpcomingStay(details: { status: string; checkOut: string }, now: Date): boolean {
  return ["confirmed", "pending_payment", "pending_host"].includes(details.status) && details.checkOut >= now.toISOString().slice(0, 10);
}

export async function reservationPageLoader({ request, params }: LoaderFunctionArgs, side: PageSide) {
  const user = await requireUser(request);
  const details = await loadDetails(user, params.id);
  // Each party has its page; operators may use either.
  const wanted: PageSide = details.side === "operator" ? side : details.side;
  const canonical = pagePath(details, wanted);
  const { pathname } = new URL(request.url);
  if (localizedPath(request, canonical) !== pathname) throw redirect(localizedPath(request, canonical));

  const openBank = details.payments.find((p) => p.provider === "bank" && p.status === "processing") ?? null;
  // The traveler's latest attempt was a bank payment the operator refused: say so, with the reason.
  const latest = details.payments.at(-1);
  const refusedBank =
    !openBank && details.side !== "host" && latest?.provider === "bank" && latest.failureReason === "refused_by_operator" ? latest : null;
  const kept = await findCurrency(details.price.displayCurrency);
  const now = new Date();
  return {
    language: await getLanguage(request),
    details,
    // The traveler's upcoming stay: the service worker keeps a copy of this page for reading
    // offline, and the page says when it was saved (ADR 234).
    savedForOffline: details.side === "traveler" && isUpcomingStay(details, now) ? now.toISOString() : null,
    openBank,
    refusedBank,
    bank: openBank || details.actions.includes("pay") ? bankDetails() : null,
    kept: kept ? { ...kept, valueMicros: details.price.displayRateMicros } : null,
    maxProofBytes: MAX_PROOF_BYTES,
    review: await reservationReview(details, new Date()),
    claims: await reservationClaims(details, details),
    // Who accepted, declined or cancelled it, the host or a co-host (ADR 147).
    hostActions: details.side === "traveler" ? [] : await reservationActions(details.id),
    byCohost: details.side === "host" && details.host.id !== user.id,
  };
}

export interface ReservationActionResult {
  intent: string;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  values?: Record<string, unknown>;
}

function failure(intent: string, key: string, status: number, fields: Record<string, string> = {}, values?: Record<string, unknown>) {
  const fieldErrors = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, [value]]));
  return data<ReservationActionResult>({ intent, formErrors: fieldErrors && Object.keys(fieldErrors).length > 0 ? [] : [key], fieldErrors, ...(values ? { values } : {}) }, { status });
}

export async function reservationPageAction({ request, params }: ActionFunctionArgs, side: PageSide) {
  const user = await requireUser(request);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_PROOF_BYTES + 64 * 1024) return failure("upload-proof", "payment:errors.proofTooLarge", 413);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const details = await loadDetails(user, params.id);
  const here = localizedPath(request, pagePath(details, details.side === "operator" ? side : details.side));
  const language = await getLanguage(request);
  if ((REVIEW_INTENTS as readonly string[]).includes(intent)) return reviewIntentAction(intent, form, user, details, here);
  if ((CLAIM_INTENTS as readonly string[]).includes(intent)) return claimIntentAction(intent, form, user, here);
  try {
    switch (intent) {
      case "pay": {
        const method = String(form.get("method") ?? "");
        if (!(PAYMENT_METHODS as readonly string[]).includes(method)) return failure(intent, "booking:errors.method", 400, { method: "booking:errors.method" });
        const returnPath = verificationPath(unitIds(details));
        const started = await startPayment(user, details.id, method as PaymentMethodInput, {
          language,
          returnPath: returnPath === "/reservation-verification" ? localizedPath(request, returnPath) : returnPath,
        });
        if (started.kind === "gateway") return redirect(started.redirectUrl);
        return redirectWithToast(here, { type: "success", message: "payment:toast.bankStarted" });
      }
      case "upload-proof": {
        const file = form.get("proof");
        const paymentId = Number(form.get("paymentId"));
        if (!(file instanceof File) || file.size === 0) return failure(intent, "payment:errors.proofRequired", 400, { proof: "payment:errors.proofRequired" });
        await uploadPaymentProof(user, paymentId, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
        return redirectWithToast(here, { type: "success", message: "payment:toast.proofReceived" });
      }
      case "cancel": {
        if (form.get("confirm") !== "yes") return failure(intent, "reservation:errors.confirmCancel", 400, { confirm: "reservation:errors.confirmCancel" });
        await cancelReservation(user, details.id);
        return redirectWithToast(here, { type: "success", message: "reservation:toast.cancelled" });
      }
      case "accept": {
        await acceptRequest(user, details.id);
        return redirectWithToast(here, { type: "success", message: "reservation:toast.accepted" });
      }
      case "decline": {
        const parsed = DeclineSchema.safeParse({ reason: form.get("reason") ?? "" });
        if (!parsed.success) return failure(intent, "reservation:errors.reasonRequired", 400, { reason: parsed.error.issues[0]!.message });
        await declineRequest(user, details.id, parsed.data.reason);
        return redirectWithToast(here, { type: "success", message: "reservation:toast.declined" });
      }
      default:
        return failure(intent, "reservation:errors.unknownAction", 400);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return failure(intent, error.key, error.status, error.fields ?? {}, error.values);
  }
}
