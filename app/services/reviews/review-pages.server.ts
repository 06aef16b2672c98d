// The review forms of the reservation pages (issue 13): the traveler saves, edits or deletes the
// review of a completed stay; the host replies to it or reports it. Plain form posts, told apart
// by `intent`, parsed with the schemas the API uses; success redirects with a toast.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { ReplySchema, ReportSchema, ReviewSchema, type ReviewInput } from "~/schemas/review";
import { ExperienceBooking } from "~/db/models/experience.server";
import { dateInTunis } from "~/domain/stay-dates";
import { experienceBookingReview, reservationReview, type ReservationReview } from "~/services/reviews/review-reads.server";
import {
  deleteReview,
  experienceBookingWindow,
  replyToReview,
  reportReview,
  saveExperienceReview,
  saveReview,
  updateReview,
} from "~/services/reviews/review-writes.server";
import { isAppError } from "~/utils/app-error";
import type { SessionUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const REVIEW_INTENTS = ["review-save", "review-delete", "review-reply", "review-report"] as const;

export interface ReviewActionResult {
  intent: string;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  /** Conform's reply (the values typed and the errors), for the form that was posted. */
  submission?: SubmissionResult<string[]>;
}

function refused(intent: string, key: string, status: number) {
  return data<ReviewActionResult>({ intent, formErrors: [key], fieldErrors: {} }, { status });
}

/** Runs one review intent of a reservation page; `here` is the page to come back to. */
export async function reviewIntentAction(
  intent: string,
  form: FormData,
  user: SessionUser,
  reservation: { id: number; status: string; checkOut: string },
  here: string,
) {
  const current = (await reservationReview(reservation, new Date())).review;
  return runReviewIntent(intent, form, user, current, (value) => saveReview(user, reservation.id, value), here);
}

/** The review part of an experience booking's page: its review, whether it can be written, and the Tunis date the slot ended on. */
export async function experienceBookingReviewPart(bookingId: number, now: Date = new Date()): Promise<{ data: ReservationReview; endDate: string } | null> {
  const booking = await ExperienceBooking.findByPk(bookingId);
  if (!booking) return null;
  const { endsAt, window } = await experienceBookingWindow(booking, now);
  return { data: await experienceBookingReview(bookingId, window), endDate: dateInTunis(endsAt) };
}

/** The same intents on an experience booking's page (ADR 184): one set of forms and rules. */
export async function experienceReviewIntentAction(intent: string, form: FormData, user: SessionUser, bookingId: number, here: string) {
  const current = (await experienceBookingReview(bookingId, "open")).review;
  return runReviewIntent(intent, form, user, current, (value) => saveExperienceReview(user, bookingId, value), here);
}

async function runReviewIntent(
  intent: string,
  form: FormData,
  user: SessionUser,
  current: { id: number } | null,
  saveNew: (value: ReviewInput) => Promise<unknown>,
  here: string,
) {
  try {
    switch (intent) {
      case "review-save": {
        const submission = parseWithZod(form, { schema: ReviewSchema });
        if (submission.status !== "success") {
          return data<ReviewActionResult>({ intent, formErrors: [], fieldErrors: {}, submission: submission.reply() }, { status: 400 });
        }
        if (current) await updateReview(user, current.id, submission.value);
        else await saveNew(submission.value);
        return redirectWithToast(here, { type: "success", message: "reviews:toast.saved" });
      }
      case "review-delete": {
        if (!current) return refused(intent, "reviews:errors.notFound", 404);
        await deleteReview(user, current.id);
        return redirectWithToast(here, { type: "success", message: "reviews:toast.removed" });
      }
      case "review-reply": {
        if (!current) return refused(intent, "reviews:errors.notFound", 404);
        const submission = parseWithZod(form, { schema: ReplySchema });
        if (submission.status !== "success") {
          return data<ReviewActionResult>({ intent, formErrors: [], fieldErrors: {}, submission: submission.reply() }, { status: 400 });
        }
        await replyToReview(user, current.id, submission.value.reply);
        return redirectWithToast(here, { type: "success", message: "reviews:toast.replied" });
      }
      case "review-report": {
        if (!current) return refused(intent, "reviews:errors.notFound", 404);
        const submission = parseWithZod(form, { schema: ReportSchema });
        if (submission.status !== "success") {
          return data<ReviewActionResult>({ intent, formErrors: [], fieldErrors: {}, submission: submission.reply() }, { status: 400 });
        }
        await reportReview(user, current.id, submission.value.reason);
        return redirectWithToast(here, { type: "success", message: "reviews:toast.reported" });
      }
      default:
        return refused(intent, "reviews:errors.generic", 400);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refused(intent, error.key, error.status);
  }
}
