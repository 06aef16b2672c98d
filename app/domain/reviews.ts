// Reviews and quality (PRODUCT.md "Reviews and quality", SPEC.md §3 Comment/review, §5, §9):
// the rules only — who may review when, how ratings average, when a host is suspended and when
// a quality check is due. Pure: "now" and the rows are parameters.
import { isCompletedStay } from "~/domain/reservation-state";
import { addDays, dateInTunis, type IsoDate } from "~/domain/stay-dates";

export const RATING_ASPECTS = ["amenities", "services", "price", "tours", "location"] as const;
export type RatingAspect = (typeof RATING_ASPECTS)[number];
export type Ratings = Record<RatingAspect, number>;

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 4000;
export const REPLY_TEXT_MAX = 2000;
/** A stay may be reviewed from its check-out date until this many days after it. */
export const REVIEW_WINDOW_DAYS = 30;
/** Below this rating (over at least SUSPENSION_MIN_REVIEWS visible reviews) a host is suspended. */
export const SUSPENSION_THRESHOLD = 4;
export const SUSPENSION_MIN_REVIEWS = 3;
/** The first quality check opens after this many completed stays, then every QUALITY_CHECK_MONTHS. */
export const QUALITY_CHECK_FIRST_STAYS = 3;
export const QUALITY_CHECK_MONTHS = 3;

/** One review's rating: the mean of its five ratings. */
export function reviewMean(ratings: Ratings): number {
  return RATING_ASPECTS.reduce((sum, aspect) => sum + ratings[aspect], 0) / RATING_ASPECTS.length;
}

/** Rounded to one decimal for display and the API (3.96 → 4.0); never used for the rule. */
export function roundRating(value: number): number {
  return Math.round(value * 10) / 10;
}

export interface RatingSummary {
  /** The average of the reviews' means (unrounded); null without reviews. */
  rating: number | null;
  count: number;
  /** The average of each aspect; null without reviews. */
  aspects: Record<RatingAspect, number | null>;
}

/** The rating of a listing (or a host over all their listings): visible reviews only. */
export function summarizeRatings(reviews: readonly Ratings[]): RatingSummary {
  const count = reviews.length;
  const aspects = Object.fromEntries(
    RATING_ASPECTS.map((aspect) => [aspect, count === 0 ? null : reviews.reduce((sum, r) => sum + r[aspect], 0) / count]),
  ) as Record<RatingAspect, number | null>;
  const rating = count === 0 ? null : reviews.reduce((sum, r) => sum + reviewMean(r), 0) / count;
  return { rating, count, aspects };
}

/** The last day a stay ending on `checkOut` may be reviewed (inclusive, Tunis dates). */
export function reviewWindowEnd(checkOut: IsoDate): IsoDate {
  return addDays(checkOut, REVIEW_WINDOW_DAYS);
}

export type ReviewWindow = "not_completed" | "open" | "closed";

/** Where a reservation stands for a new review at `now`. */
export function reviewWindow(reservation: { status: string; checkOut: IsoDate }, now: Date): ReviewWindow {
  if (!isCompletedStay({ status: reservation.status as "confirmed", checkOut: reservation.checkOut }, now)) return "not_completed";
  return dateInTunis(now) <= reviewWindowEnd(reservation.checkOut) ? "open" : "closed";
}

/**
 * Where an experience booking stands for a new review at `now` (ADR 184): like a stay, once its
 * slot has ended (start + duration) and it was confirmed, until 30 days after the Tunis date it
 * ended on. `endDate` is that date: what the page shows the window's end from.
 */
export function experienceReviewWindow(booking: { status: string; endsAt: Date }, now: Date): ReviewWindow {
  if (booking.status !== "confirmed" || now.getTime() < booking.endsAt.getTime()) return "not_completed";
  return dateInTunis(now) <= reviewWindowEnd(dateInTunis(booking.endsAt)) ? "open" : "closed";
}

/**
 * The suspension a host's visible reviews call for: suspended while their rating is below 4 over
 * at least 3 reviews. The rule compares the unrounded average (3.96 stays below 4).
 */
export function ratingCallsForSuspension(summary: Pick<RatingSummary, "rating" | "count">): boolean {
  return summary.count >= SUSPENSION_MIN_REVIEWS && summary.rating !== null && summary.rating < SUSPENSION_THRESHOLD;
}

export type SuspensionChange = { action: "impose" } | { action: "lift" } | { action: "none" };

/**
 * What the rating rule does to a host's current suspension. A rating suspension comes and goes
 * with the rating; an operator's suspension is only lifted by an operator (the rating never lifts
 * it, and a bad rating does not add a second one).
 */
export function suspensionChange(current: { reason: "rating" | "operator" } | null, summary: Pick<RatingSummary, "rating" | "count">): SuspensionChange {
  const calls = ratingCallsForSuspension(summary);
  if (!current) return calls ? { action: "impose" } : { action: "none" };
  if (current.reason === "rating" && !calls) return { action: "lift" };
  return { action: "none" };
}

/**
 * When a host's next quality check is due: after their first 3 completed stays (the date the
 * third one completed), then every 3 months after the last check opened. Null: not yet due.
 */
export function nextQualityCheckDate(input: { completedCheckOuts: readonly IsoDate[]; lastCheckOpenedOn: IsoDate | null }): IsoDate | null {
  if (input.lastCheckOpenedOn) return addMonthsToDate(input.lastCheckOpenedOn, QUALITY_CHECK_MONTHS);
  const sorted = [...input.completedCheckOuts].sort();
  return sorted.length >= QUALITY_CHECK_FIRST_STAYS ? sorted[QUALITY_CHECK_FIRST_STAYS - 1]! : null;
}

/** Is a quality check due for the host on `today`? */
export function isQualityCheckDue(input: { completedCheckOuts: readonly IsoDate[]; lastCheckOpenedOn: IsoDate | null }, today: IsoDate): boolean {
  const due = nextQualityCheckDate(input);
  return due !== null && due <= today;
}

/** `date` plus whole months, the day clamped to the month's end (2025-11-30 + 3 → 2026-02-28). */
export function addMonthsToDate(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

/** The month of a stay shown with a review ("2025-08"). */
export function stayMonth(checkIn: IsoDate): string {
  return checkIn.slice(0, 7);
}

export const QUALITY_OUTCOMES = ["passed", "warned", "suspended"] as const;
export type QualityOutcome = (typeof QUALITY_OUTCOMES)[number];
