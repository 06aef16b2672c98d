// Reading reviews (issue 13): a listing's page of reviews with its rating and the five averages,
// the review of a reservation (its page's form), recent good reviews (home), reviews a host
// received (public profile), reports for operators. Hidden reviews are never shown in public
// nor counted.
import { QueryTypes } from "sequelize";
import { Review } from "~/db/models/review.server";
import { getSequelize } from "~/db/sequelize.server";
import { RATING_ASPECTS, reviewMean, reviewWindow, roundRating, summarizeRatings, type Ratings, type ReviewWindow } from "~/domain/reviews";
import { textIn } from "~/domain/experiences";
import type { ReviewItem, ReviewPage } from "~/schemas/review";
import { publicListingCondition } from "~/services/listings/public-listings.server";

export const REVIEWS_PAGE_SIZE = 5;

interface ReviewRow {
  id: number;
  text: string;
  amenities: number;
  services: number;
  price: number;
  tours: number;
  location: number;
  author_id: number;
  first_name: string;
  stay_month: string;
  reply_text: string | null;
  replied_at: string | Date | null;
  created_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const ratingsOf = (row: Pick<ReviewRow, "amenities" | "services" | "price" | "tours" | "location">): Ratings => ({
  amenities: Number(row.amenities),
  services: Number(row.services),
  price: Number(row.price),
  tours: Number(row.tours),
  location: Number(row.location),
});

function toItem(row: ReviewRow): ReviewItem {
  const ratings = ratingsOf(row);
  return {
    id: Number(row.id),
    text: row.text,
    ratings,
    rating: roundRating(reviewMean(ratings)),
    author: { id: Number(row.author_id), firstName: row.first_name },
    stayMonth: row.stay_month,
    reply: row.reply_text && row.replied_at ? { text: row.reply_text, at: iso(row.replied_at) } : null,
    createdAt: iso(row.created_at),
  };
}

const SELECT_REVIEW = `SELECT r.id, r.text, r.amenities, r.services, r.price, r.tours, r.location, r.author_id, u.first_name,
        r.stay_month, r.reply_text, r.replied_at, r.created_at
   FROM reviews r JOIN users u ON u.id = r.author_id`;

/** A page of a listing's visible reviews, newest first, with its rating and five averages. */
export function listingReviews(listingId: number, requestedPage = 1, pageSize = REVIEWS_PAGE_SIZE): Promise<ReviewPage> {
  return subjectReviews("listing", listingId, requestedPage, pageSize);
}

/** The same for an experience (ADR 184). */
export function experienceReviews(experienceId: number, requestedPage = 1, pageSize = REVIEWS_PAGE_SIZE): Promise<ReviewPage> {
  return subjectReviews("experience", experienceId, requestedPage, pageSize);
}

async function subjectReviews(subject: "listing" | "experience", id: number, requestedPage: number, pageSize: number): Promise<ReviewPage> {
  const sequelize = getSequelize();
  const column = subject === "listing" ? "r.listing_id" : "r.experience_id";
  // A plain statement, not a model query: on every property page (ADR 247), and on SQLite each
  // model query sends a PRAGMA table_info of its own first.
  const all = await sequelize.query<Pick<ReviewRow, "amenities" | "services" | "price" | "tours" | "location">>(
    `SELECT r.amenities, r.services, r.price, r.tours, r.location FROM reviews r WHERE ${column} = :id AND r.hidden_at IS NULL`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  const summary = summarizeRatings(all.map(ratingsOf));
  const pageCount = Math.max(1, Math.ceil(summary.count / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const rows = await sequelize.query<ReviewRow>(
    `${SELECT_REVIEW} WHERE ${column} = :id AND r.hidden_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT :limit OFFSET :offset`,
    { replacements: { id, limit: pageSize, offset: (page - 1) * pageSize }, type: QueryTypes.SELECT },
  );
  return {
    items: rows.map(toItem),
    rating: summary.rating === null ? null : roundRating(summary.rating),
    count: summary.count,
    page,
    pageCount,
    pageSize,
    total: summary.count,
    aspects: Object.fromEntries(RATING_ASPECTS.map((a) => [a, summary.aspects[a] === null ? null : roundRating(summary.aspects[a]!)])) as ReviewPage["aspects"],
  };
}

export interface ReservationReview {
  /** The traveler may write a review now. */
  canReview: boolean;
  /** Why not, when the stay is completed but the window closed. */
  window: "not_completed" | "open" | "closed";
  review: (ReviewItem & { hidden: boolean; reported: boolean }) | null;
}

/** The review part of a reservation's page (the traveler's form, the host's reply and report). */
export async function reservationReview(reservation: { id: number; status: string; checkOut: string }, now: Date): Promise<ReservationReview> {
  return reviewOfSubject("r.reservation_id", reservation.id, reviewWindow(reservation, now));
}

/** The same for an experience booking's page, its window given (experienceBookingWindow). */
export function experienceBookingReview(bookingId: number, window: ReviewWindow): Promise<ReservationReview> {
  return reviewOfSubject("r.experience_booking_id", bookingId, window);
}

async function reviewOfSubject(column: "r.reservation_id" | "r.experience_booking_id", id: number, window: ReviewWindow): Promise<ReservationReview> {
  const rows = await getSequelize().query<ReviewRow & { hidden_at: string | Date | null; open_reports: number }>(
    `${SELECT_REVIEW.replace("FROM reviews r", ", r.hidden_at, (SELECT COUNT(*) FROM review_reports rr WHERE rr.review_id = r.id AND rr.status = 'open') AS open_reports FROM reviews r")}
      WHERE ${column} = :id`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  const row = rows[0];
  return {
    canReview: !row && window === "open",
    window,
    review: row ? { ...toItem(row), hidden: row.hidden_at !== null, reported: Number(row.open_reports) > 0 } : null,
  };
}

/** The reservations among `ids` their traveler can review now (API `reviewable`). */
export async function reviewedReservationIds(ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await Review.findAll({ where: { reservationId: ids }, attributes: ["reservationId"] });
  return new Set(rows.map((row) => row.reservationId).filter((id): id is number => id !== null));
}

export interface ReviewWithListing extends ReviewItem {
  listing: { id: number; title: string; kind: "property" | "establishment"; city: string | null };
}

async function reviewsWithListing(where: string, replacements: Record<string, unknown>, limit: number, offset = 0): Promise<ReviewWithListing[]> {
  const rows = await getSequelize().query<ReviewRow & { listing_id: number; title: string | null; property_type: string; city: string | null }>(
    `${SELECT_REVIEW.replace("FROM reviews r JOIN users u ON u.id = r.author_id", ", l.id AS listing_id, l.title, l.property_type, l.city FROM reviews r JOIN users u ON u.id = r.author_id JOIN listings l ON l.id = r.listing_id")}
      WHERE r.hidden_at IS NULL AND ${publicListingCondition("l")} AND ${where}
      ORDER BY r.created_at DESC, r.id DESC LIMIT :limit OFFSET :offset`,
    { replacements: { ...replacements, limit, offset }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({
    ...toItem(row),
    listing: {
      id: Number(row.listing_id),
      title: row.title ?? "",
      kind: row.property_type === "hotel" || row.property_type === "guesthouse" ? "establishment" : "property",
      city: row.city,
    },
  }));
}

/** The home page's "reviews": recent good reviews (mean of 4 or more) of public listings. */
export function recentGoodReviews(limit = 6): Promise<ReviewWithListing[]> {
  return reviewsWithListing("(r.amenities + r.services + r.price + r.tours + r.location) >= 20", {}, limit);
}

/** Reviews a host received over their public listings (public profile), with the host's rating. */
export async function hostReviews(hostId: number, limit = 10): Promise<{ items: ReviewWithListing[]; rating: number | null; count: number }> {
  const all = await Review.findAll({ where: { hostId, hiddenAt: null }, attributes: [...RATING_ASPECTS] });
  const summary = summarizeRatings(all.map(ratingsOf));
  const items = await reviewsWithListing("r.host_id = :hostId", { hostId }, limit);
  return { items, rating: summary.rating === null ? null : roundRating(summary.rating), count: summary.count };
}

export interface OpenReport {
  id: number;
  reason: string;
  createdAt: string;
  reporter: string;
  /** The listing's or the experience's title and page (ADR 184). */
  review: ReviewItem & { listingTitle: string; subjectPath: string };
}

/** Reports waiting for an operator, oldest first. */
export async function openReports(): Promise<OpenReport[]> {
  const rows = await getSequelize().query<
    ReviewRow & { report_id: number; reason: string; reported_at: string | Date; reporter: string; listing_id: number | null; title: string | null; experience_id: number | null; experience_title: string | null }
  >(
    `SELECT rr.id AS report_id, rr.reason, rr.created_at AS reported_at, ru.first_name AS reporter,
            r.id, r.text, r.amenities, r.services, r.price, r.tours, r.location, r.author_id, u.first_name,
            r.stay_month, r.reply_text, r.replied_at, r.created_at, r.listing_id, l.title, r.experience_id, e.title AS experience_title
       FROM review_reports rr
       JOIN reviews r ON r.id = rr.review_id
       JOIN users u ON u.id = r.author_id
       JOIN users ru ON ru.id = rr.reporter_id
       LEFT JOIN listings l ON l.id = r.listing_id
       LEFT JOIN experiences e ON e.id = r.experience_id
      WHERE rr.status = 'open'
      ORDER BY rr.created_at ASC, rr.id ASC LIMIT 100`,
    { type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({
    id: Number(row.report_id),
    reason: row.reason,
    createdAt: iso(row.reported_at),
    reporter: row.reporter,
    review: {
      ...toItem(row),
      listingTitle: row.experience_id ? textIn(row.experience_title ?? "{}", "en") : (row.title ?? ""),
      subjectPath: row.experience_id ? `/experiences/${row.experience_id}` : `/property-details/${row.listing_id}`,
    },
  }));
}

/** The traveler's reservations, each saying whether its stay can be reviewed now (API `reviewable`). */
export async function withReviewable<Row extends { id: number; status: string; checkOut: string }>(rows: Row[], now: Date = new Date()): Promise<(Row & { reviewable: boolean })[]> {
  const reviewed = await reviewedReservationIds(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, reviewable: !reviewed.has(row.id) && reviewWindow(row, now) === "open" }));
}
