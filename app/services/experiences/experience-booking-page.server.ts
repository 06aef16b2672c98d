// /experience-bookings/{id} (ADR 182, 183): the loader reads the booking, its payments and refunds
// (after verifying a payment the gateway sent the traveler back with, `?ref=`); the action pays
// (card → the gateway; transfer/deposit → the reference and the bank details on the page), takes
// the proof of a transfer, or cancels. Plain form posts and redirects: no JavaScript needed.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { PaymentMethod } from "~/db/models/payment.server";
import { experienceBookingFor } from "~/services/experiences/experience-reads.server";
import { cancelExperienceBooking, experienceBookingPath, experienceMoney, startExperiencePayment, verifyExperiencePayment } from "~/services/experiences/experience-payments.server";
import { uploadPaymentProof } from "~/services/payments/bank-payments.server";
import { experienceBookingReviewPart, experienceReviewIntentAction, REVIEW_INTENTS } from "~/services/reviews/review-pages.server";
import { bankDetails, MAX_PROOF_BYTES, PAYMENT_METHODS } from "~/services/payments/payment.server";
import { isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export async function experienceBookingPageLoader({ request, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const user = await requireUser(request);
  const language = await getLanguage(request);
  const first = await experienceBookingFor(id, user.id, language);
  if (!first) throw new Response("Not Found", { status: 404 });
  const ref = new URL(request.url).searchParams.get("ref");
  const verified = ref && first.viewer === "traveler" ? await verifyExperiencePayment(user, id, ref) : null;
  const booking = verified ? (await experienceBookingFor(id, user.id, language))! : first;
  const money = await experienceMoney(id, booking.viewer);
  const openBank = booking.viewer === "traveler" && booking.status === "pending_payment" ? money.payments.filter((p) => p.provider === "bank" && p.status === "processing") : [];
  return {
    booking,
    money,
    verification: verified ? verified.state : null,
    openBank,
    bank: openBank.length > 0 ? bankDetails() : null,
    maxProofMegabytes: MAX_PROOF_BYTES / (1024 * 1024),
    review: await experienceBookingReviewPart(booking.id),
    language,
  };
}

export interface ExperienceBookingActionResult {
  intent: string;
  error: string;
  field: string | null;
}

function failure(intent: string, error: string, status: number, field: string | null = null) {
  return data<ExperienceBookingActionResult>({ intent, error, field }, { status });
}

export async function experienceBookingPageAction({ request, params }: ActionFunctionArgs) {
  const id = requireIdParam(params.id);
  const user = await requireUser(request);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_PROOF_BYTES + 64 * 1024) return failure("upload-proof", "payment:errors.proofTooLarge", 413, "proof");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const booking = await experienceBookingFor(id, user.id, await getLanguage(request));
  if (!booking) throw new Response("Not Found", { status: 404 });
  const here = localizedPath(request, experienceBookingPath(id));
  // Review, reply, report: the stays' review intents (ADR 184), for the two who see the booking.
  if ((REVIEW_INTENTS as readonly string[]).includes(intent)) return experienceReviewIntentAction(intent, form, user, id, here);
  try {
    switch (intent) {
      case "pay": {
        const method = String(form.get("method") ?? "");
        if (!(PAYMENT_METHODS as readonly string[]).includes(method)) return failure(intent, "booking:errors.method", 400, "method");
        const started = await startExperiencePayment(user, id, method as PaymentMethod, { language: await getLanguage(request), returnPath: here });
        if (started.kind === "gateway") return redirect(started.redirectUrl);
        return redirectWithToast(here, { type: "success", message: "experience-payments:toast.bankStarted" });
      }
      case "upload-proof": {
        const file = form.get("proof");
        if (!(file instanceof File) || file.size === 0) return failure(intent, "payment:errors.proofRequired", 400, "proof");
        await uploadPaymentProof(user, Number(form.get("paymentId")), { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
        return redirectWithToast(here, { type: "success", message: "experience-payments:toast.proofReceived" });
      }
      case "cancel": {
        // A paid booking asks for the confirmation box (its refund was shown); an unpaid hold is just given up.
        if (booking.status === "confirmed" && form.get("confirm") !== "yes") return failure(intent, "experience-payments:errors.confirmCancel", 400, "confirm");
        await cancelExperienceBooking(id, user.id);
        return redirectWithToast(here, { type: "success", message: "experience-payments:cancel.done" });
      }
      default:
        return failure(intent, "experience-payments:errors.unknownAction", 400);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    return failure(intent, error.key, error.status, error.fields ? (Object.keys(error.fields)[0] ?? null) : null);
  }
}
