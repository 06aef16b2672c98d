// Writing reviews (issue 13): the traveler saves, edits or deletes the review of a completed stay
// or experience (ADR 184); the host (the partner's account) replies and reports; an operator keeps
// or hides a reported review. Each change runs in ONE transaction that also rewrites the subject's
// rating — a listing's with the host's suspension rule (host-standing.server.ts), or an
// experience's — so the rating, the suspension and the review never disagree.
import type { Transaction } from "sequelize";
import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { Listing } from "~/db/models/listing.server";
import { Partner } from "~/db/models/partner.server";
import { Reservation } from "~/db/models/reservation.server";
import { Review } from "~/db/models/review.server";
import { ReviewReport } from "~/db/models/review-report.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { textIn } from "~/domain/experiences";
import { experienceReviewWindow, reviewMean, reviewWindow, roundRating, stayMonth, type ReviewWindow } from "~/domain/reviews";
import { dateInTunis } from "~/domain/stay-dates";
import type { ReviewInput } from "~/schemas/review";
import { trackEvent } from "~/services/analytics/analytics.server";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { applyRatingRule, refreshExperienceRating } from "~/services/reviews/host-standing.server";
import { reviewPostedWebhook } from "~/services/webhooks/webhook-sources.server";
import { notify } from "~/services/notifications/notify.server";
import { queueReviewEmail } from "~/services/reviews/review-emails.server";
import { AppError } from "~/utils/app-error";
import { can, type UserRole } from "~/domain/staff-roles";
import { audit } from "~/services/admin/audit.server";

export interface Actor {
  id: number;
  role: UserRole;
  language?: string;
}

const notFound = () => new AppError(404, "reviews:errors.notFound");

/** Why a reservation cannot be reviewed by `actor` now, or null when it can. */
export function reviewRefusal(reservation: Pick<Reservation, "travelerId" | "status" | "checkOut">, actorId: number, now: Date, existing: boolean): AppError | null {
  return refusalFor(reservation.travelerId, reviewWindow(reservation, now), actorId, existing);
}

/** The one rule for both subjects: the traveler, once, inside the window. */
function refusalFor(travelerId: number, window: ReviewWindow, actorId: number, existing: boolean): AppError | null {
  if (travelerId !== actorId) return new AppError(403, "reviews:errors.notYourStay");
  if (existing) return new AppError(409, "reviews:errors.alreadyReviewed", { code: "already_reviewed" });
  if (window === "not_completed") return new AppError(409, "reviews:errors.notCompleted", { code: "not_completed" });
  if (window === "closed") return new AppError(409, "reviews:errors.windowClosed", { code: "window_closed" });
  return null;
}

async function listingTitle(listingId: number, transaction: Transaction): Promise<string> {
  const listing = await Listing.findByPk(listingId, { attributes: ["id", "title"], transaction });
  return listing?.title ?? `#${listingId}`;
}

/** What a review is about: its title and page for notifications and e-mails, and who replies. */
interface ReviewSubject {
  title: string;
  path: string;
  managerId: number | null;
}

async function subjectOf(review: Pick<Review, "listingId" | "hostId" | "experienceId" | "partnerId">, transaction: Transaction): Promise<ReviewSubject> {
  if (review.experienceId !== null && review.experienceId !== undefined) {
    const experience = await Experience.findByPk(review.experienceId, { attributes: ["id", "title"], transaction });
    const partner = review.partnerId ? await Partner.findByPk(review.partnerId, { attributes: ["id", "userId"], transaction }) : null;
    return { title: experience ? textIn(experience.title, "en") : `#${review.experienceId}`, path: `/experiences/${review.experienceId}`, managerId: partner?.userId ?? null };
  }
  return { title: await listingTitle(review.listingId!, transaction), path: `/property-details/${review.listingId}`, managerId: review.hostId };
}

/** Rewrites the subject's rating: a listing's with its host's suspension rule, or an experience's. */
async function applyRatings(review: Pick<Review, "listingId" | "hostId" | "experienceId">, transaction: Transaction, now: Date): Promise<void> {
  if (review.listingId !== null && review.hostId !== null) await applyRatingRule(review.hostId, review.listingId, transaction, now);
  if (review.experienceId !== null && review.experienceId !== undefined) await refreshExperienceRating(review.experienceId, transaction);
}

/** When an experience booking's slot ends, and where it stands for a review at `now`. */
export async function experienceBookingWindow(booking: Pick<ExperienceBooking, "slotId" | "experienceId" | "status">, now: Date, transaction?: Transaction): Promise<{ endsAt: Date; window: ReviewWindow }> {
  const [slot, experience] = await Promise.all([
    ExperienceSlot.findByPk(booking.slotId, { transaction }),
    Experience.findByPk(booking.experienceId, { attributes: ["id", "durationMinutes"], transaction }),
  ]);
  const endsAt = new Date((slot?.startsAt.getTime() ?? 0) + (experience?.durationMinutes ?? 0) * 60_000);
  return { endsAt, window: experienceReviewWindow({ status: booking.status, endsAt }, now) };
}

function ratingColumns(input: ReviewInput) {
  return { ...input.ratings, text: input.text };
}

/** The traveler reviews their completed stay (once, from check-out to 30 days after). */
export async function saveReview(actor: Actor, reservationId: number, input: ReviewInput, options: { now?: Date } = {}): Promise<{ id: number }> {
  const now = options.now ?? new Date();
  const review = await writeTransaction(async (transaction) => {
    const reservation = await Reservation.findByPk(reservationId, { transaction });
    if (!reservation) throw notFound();
    const existing = (await Review.count({ where: { reservationId }, transaction })) > 0;
    const refusal = reviewRefusal(reservation, actor.id, now, existing);
    if (refusal) throw refusal;
    const created = await Review.create(
      {
        reservationId,
        listingId: reservation.listingId,
        hostId: reservation.hostId,
        authorId: actor.id,
        ...ratingColumns(input),
        stayMonth: stayMonth(reservation.checkIn),
        language: actor.language ?? null,
        createdAt: now,
        updatedAt: now,
      },
      { transaction },
    );
    await applyRatingRule(reservation.hostId, reservation.listingId, transaction, now);
    await notify(transaction, {
      userId: reservation.hostId,
      kind: "review.received",
      params: { listing: await listingTitle(reservation.listingId, transaction) },
      link: `/property-details/${reservation.listingId}`,
      now,
    });
    await reviewPostedWebhook(transaction, { hostId: reservation.hostId, reviewId: created.id, reservationId, listingId: reservation.listingId, now });
    return created;
  });
  await trackEvent("Reviewed Stay", {
    userId: actor.id,
    value: reviewMean(input.ratings),
    properties: { reservationId, listingId: review.listingId, rating: roundRating(reviewMean(input.ratings)), ratings: input.ratings },
  });
  return { id: review.id };
}

/** The traveler reviews their experience once its slot has ended (confirmed booking, 30-day window). */
export async function saveExperienceReview(actor: Actor, bookingId: number, input: ReviewInput, options: { now?: Date } = {}): Promise<{ id: number }> {
  const now = options.now ?? new Date();
  const review = await writeTransaction(async (transaction) => {
    const booking = await ExperienceBooking.findByPk(bookingId, { transaction });
    if (!booking) throw notFound();
    const existing = (await Review.count({ where: { experienceBookingId: bookingId }, transaction })) > 0;
    const { endsAt, window } = await experienceBookingWindow(booking, now, transaction);
    const refusal = refusalFor(booking.travelerId, window, actor.id, existing);
    if (refusal) throw refusal;
    const created = await Review.create(
      {
        reservationId: null,
        listingId: null,
        hostId: null,
        experienceBookingId: booking.id,
        experienceId: booking.experienceId,
        partnerId: booking.partnerId,
        authorId: actor.id,
        ...ratingColumns(input),
        stayMonth: dateInTunis(endsAt).slice(0, 7),
        language: actor.language ?? null,
        createdAt: now,
        updatedAt: now,
      },
      { transaction },
    );
    await applyRatings(created, transaction, now);
    const subject = await subjectOf(created, transaction);
    if (subject.managerId !== null) {
      await notify(transaction, { userId: subject.managerId, kind: "review.received", params: { listing: subject.title }, link: subject.path, now });
    }
    return created;
  });
  return { id: review.id };
}

async function ownReview(actor: Actor, reviewId: number, transaction: Transaction): Promise<Review> {
  const review = await Review.findByPk(reviewId, { transaction });
  if (!review) throw notFound();
  if (review.authorId !== actor.id) throw new AppError(403, "reviews:errors.notYourReview");
  return review;
}

/** The author edits their review (the host cannot). */
export async function updateReview(actor: Actor, reviewId: number, input: ReviewInput, options: { now?: Date } = {}): Promise<{ id: number }> {
  const now = options.now ?? new Date();
  return writeTransaction(async (transaction) => {
    const review = await ownReview(actor, reviewId, transaction);
    await review.update({ ...ratingColumns(input), updatedAt: now }, { transaction });
    await applyRatings(review, transaction, now);
    return { id: review.id };
  });
}

/**
 * The author deletes their review; it is gone, and while the window is open they may write
 * another (one live review per reservation at a time; ADR 110). A review an operator hid cannot be
 * deleted: its author could otherwise publish the same words again past the operator's decision.
 */
export async function deleteReview(actor: Actor, reviewId: number, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  await writeTransaction(async (transaction) => {
    const review = await ownReview(actor, reviewId, transaction);
    if (review.hiddenAt) throw new AppError(409, "reviews:errors.hiddenNoDelete", { code: "hidden" });
    await review.destroy({ transaction });
    await applyRatings(review, transaction, now);
  });
}

/** A review the actor may answer: of their listing, or of an experience of the partner they manage. */
async function hostsReview(actor: Actor, reviewId: number, transaction: Transaction): Promise<{ review: Review; subject: ReviewSubject }> {
  const review = await Review.findByPk(reviewId, { transaction });
  if (!review) throw notFound();
  const subject = await subjectOf(review, transaction);
  if (subject.managerId !== actor.id) throw new AppError(403, "reviews:errors.notYourListing");
  return { review, subject };
}

/** The listing's host posts (or edits) their one public reply. */
export async function replyToReview(actor: Actor, reviewId: number, reply: string, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  await writeTransaction(async (transaction) => {
    const { review, subject } = await hostsReview(actor, reviewId, transaction);
    const firstReply = review.repliedAt === null;
    await review.update({ replyText: reply, repliedAt: now }, { transaction });
    // The author hears of the reply once, not of every later edit.
    if (firstReply) {
      await notify(transaction, {
        userId: review.authorId,
        kind: "review.replied",
        params: { listing: subject.title },
        link: subject.path,
        now,
      });
    }
  });
}

/** The host reports a review as false; an operator decides at /admin/reviews. */
export async function reportReview(actor: Actor, reviewId: number, reason: string, options: { now?: Date } = {}): Promise<{ id: number }> {
  const now = options.now ?? new Date();
  return writeTransaction(async (transaction) => {
    const { review } = await hostsReview(actor, reviewId, transaction);
    const open = await ReviewReport.count({ where: { reviewId: review.id, status: "open" }, transaction });
    if (open > 0) throw new AppError(409, "reviews:errors.alreadyReported");
    const report = await ReviewReport.create({ reviewId: review.id, reporterId: actor.id, reason, createdAt: now, updatedAt: now }, { transaction });
    return { id: report.id };
  });
}

/**
 * An operator keeps or hides a reported review, with a note; the author and the host are told.
 * Hiding takes the review out of the averages (and may lift the host's suspension).
 */
export async function decideReport(
  operator: Actor,
  reportId: number,
  decision: "keep" | "hide",
  note: string,
  options: { now?: Date } = {},
): Promise<void> {
  if (!can(operator.role, "moderate")) throw new AppError(403, "reviews:errors.operatorsOnly");
  const now = options.now ?? new Date();
  await writeTransaction(async (transaction) => {
    const report = await ReviewReport.findByPk(reportId, { transaction });
    if (!report) throw notFound();
    if (report.status !== "open") throw new AppError(409, "reviews:errors.alreadyDecided");
    const review = await Review.findByPk(report.reviewId, { transaction });
    if (!review) throw notFound();
    await report.update({ status: decision === "hide" ? "hidden" : "kept", decidedBy: operator.id, decidedAt: now, decisionNote: note }, { transaction });
    await audit(transaction, { operatorId: operator.id, kind: `review_report.${decision}`, recordId: report.id, reason: note, details: { reviewId: review.id }, now });
    if (decision === "hide") {
      await review.update({ hiddenAt: now, hiddenBy: operator.id, hiddenNote: note }, { transaction });
      await applyRatings(review, transaction, now);
    }
    const reservation = review.reservationId ? await Reservation.findByPk(review.reservationId, { transaction }) : null;
    const subject = await subjectOf(review, transaction);
    const kept = decision === "keep";
    const values = { note };
    if (subject.managerId !== null) {
      await queueReviewEmail(
        { kind: kept ? "reportKeptHost" : "reportHiddenHost", userId: subject.managerId, path: subject.path, values },
        transaction,
        `report:${report.id}`,
      );
    }
    await queueReviewEmail(
      {
        kind: kept ? "reportKeptAuthor" : "reportHiddenAuthor",
        userId: review.authorId,
        path: reservation
          ? reservationPagePath(reservation, "traveler")
          : review.experienceBookingId
            ? `/experience-bookings/${review.experienceBookingId}`
            : "/profile/trips",
        values,
      },
      transaction,
      `report:${report.id}`,
    );
  });
}
