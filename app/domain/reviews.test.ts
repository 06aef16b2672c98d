import { describe, expect, it } from "vitest";
import {
  addMonthsToDate,
  isQualityCheckDue,
  nextQualityCheckDate,
  ratingCallsForSuspension,
  reviewMean,
  reviewWindow,
  roundRating,
  summarizeRatings,
  suspensionChange,
  type Ratings,
} from "~/domain/reviews";

const all = (value: number): Ratings => ({ amenities: value, services: value, price: value, tours: value, location: value });
/** Five ratings whose mean is `mean` (a multiple of 0.2). */
function withMean(mean: number): Ratings {
  const total = Math.round(mean * 5);
  const base = Math.floor(total / 5);
  const extra = total - base * 5;
  const values = [0, 1, 2, 3, 4].map((i) => base + (i < extra ? 1 : 0));
  return { amenities: values[0]!, services: values[1]!, price: values[2]!, tours: values[3]!, location: values[4]! };
}

describe("averages", () => {
  it.each<[string, Ratings[], number | null, number, number | null]>([
    // [case, reviews, rating, count, amenities average]
    ["no reviews", [], null, 0, null],
    ["one review of all fives", [all(5)], 5, 1, 5],
    ["mixed aspects", [{ amenities: 5, services: 4, price: 3, tours: 2, location: 1 }], 3, 1, 5],
    ["two reviews", [all(5), all(2)], 3.5, 2, 3.5],
    ["three reviews of 4.2, 3.8 and 3.6", [withMean(4.2), withMean(3.8), withMean(3.6)], 3.8666666666666667, 3, null],
  ])("%s", (_, reviews, rating, count, amenities) => {
    const summary = summarizeRatings(reviews);
    if (rating === null) expect(summary.rating).toBeNull();
    else expect(summary.rating).toBeCloseTo(rating, 10);
    expect(summary.count).toBe(count);
    if (amenities !== null || count === 0) expect(summary.aspects.amenities).toBe(amenities);
  });

  it.each([
    [3.96, 4],
    [3.94, 3.9],
    [4.25, 4.3],
    [5, 5],
  ])("rounds %f to %f for display", (value, shown) => expect(roundRating(value)).toBe(shown));

  it("takes the mean of a review's five ratings", () => {
    expect(reviewMean({ amenities: 4, services: 4, price: 4, tours: 4, location: 3 })).toBeCloseTo(3.8, 10);
  });
});

describe("review window", () => {
  const confirmed = (checkOut: string) => ({ status: "confirmed", checkOut });
  it.each<[string, { status: string; checkOut: string }, string, string]>([
    ["before check-out", confirmed("2026-06-10"), "2026-06-09T20:00:00Z", "not_completed"],
    ["on the check-out day (Tunis)", confirmed("2026-06-10"), "2026-06-09T23:30:00Z", "open"],
    ["30 days after", confirmed("2026-06-10"), "2026-07-10T21:00:00Z", "open"],
    ["31 days after", confirmed("2026-06-10"), "2026-07-10T23:30:00Z", "closed"],
    ["cancelled stay", { status: "cancelled", checkOut: "2026-06-10" }, "2026-06-12T10:00:00Z", "not_completed"],
    ["unpaid hold", { status: "pending_payment", checkOut: "2026-06-10" }, "2026-06-12T10:00:00Z", "not_completed"],
  ])("%s", (_, reservation, now, expected) => {
    expect(reviewWindow(reservation, new Date(now))).toBe(expected);
  });
});

describe("suspension below 4 stars", () => {
  it.each<[string, Ratings[], boolean]>([
    ["3 reviews at 3.8 suspend", [withMean(3.8), withMean(3.8), withMean(3.8)], true],
    ["3 reviews averaging 3.9 (unrounded 3.93) suspend", [withMean(4), withMean(4), withMean(3.8)], true],
    ["2 reviews at 1 do not", [all(1), all(1)], false],
    ["3 reviews at exactly 4.0 do not", [all(4), all(4), all(4)], false],
    ["rising to 4.0 with a fourth review lifts", [withMean(4), withMean(3.8), withMean(3.8), withMean(4.4)], false],
    ["no reviews do not", [], false],
  ])("%s", (_, reviews, suspended) => {
    expect(ratingCallsForSuspension(summarizeRatings(reviews))).toBe(suspended);
  });

  const low = summarizeRatings([all(3), all(3), all(3)]);
  const good = summarizeRatings([all(4), all(5), all(4)]);
  it.each<[string, { reason: "rating" | "operator" } | null, typeof low, string]>([
    ["not suspended, rating low → impose", null, low, "impose"],
    ["not suspended, rating good → none", null, good, "none"],
    ["suspended for rating, still low → none", { reason: "rating" }, low, "none"],
    ["suspended for rating, rises to 4 → lift", { reason: "rating" }, good, "lift"],
    ["suspended by an operator, rating good → stays", { reason: "operator" }, good, "none"],
    ["suspended by an operator, rating low → stays", { reason: "operator" }, low, "none"],
  ])("%s", (_, current, summary, action) => {
    expect(suspensionChange(current, summary).action).toBe(action);
  });
});

describe("quality-check schedule", () => {
  it.each<[string, string[], string | null, string | null]>([
    ["no stays", [], null, null],
    ["two completed stays", ["2026-01-05", "2026-02-01"], null, null],
    ["the third completed stay opens the first check", ["2026-03-01", "2026-01-05", "2026-02-01"], null, "2026-03-01"],
    ["then every 3 months after the last check", ["2026-01-05", "2026-02-01", "2026-03-01"], "2026-03-01", "2026-06-01"],
    ["month ends are clamped", ["2026-01-05"], "2025-11-30", "2026-02-28"],
  ])("%s", (_, completedCheckOuts, lastCheckOpenedOn, due) => {
    expect(nextQualityCheckDate({ completedCheckOuts, lastCheckOpenedOn })).toBe(due);
  });

  it.each<[string, string | null, string, boolean]>([
    ["first check, before the third stay ends", null, "2026-02-28", false],
    ["first check, on the day", null, "2026-03-01", true],
    ["next check, 3 months minus a day", "2026-03-01", "2026-05-31", false],
    ["next check, 3 months on", "2026-03-01", "2026-06-01", true],
  ])("%s", (_, last, today, due) => {
    expect(isQualityCheckDue({ completedCheckOuts: ["2026-01-05", "2026-02-01", "2026-03-01"], lastCheckOpenedOn: last }, today)).toBe(due);
  });

  it("adds months across years", () => expect(addMonthsToDate("2025-12-15", 3)).toBe("2026-03-15"));
});
