import { describe, expect, it, vi } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { HostSuspension } from "~/db/models/host-suspension.server";
import { HostSuspensionEvent } from "~/db/models/host-suspension-event.server";
import { Job } from "~/db/models/job.server";
import { Review } from "~/db/models/review.server";
import { getSequelize } from "~/db/sequelize.server";
import { createReservation } from "~/services/booking/booking.server";
import { hostStanding, operatorSetsSuspension } from "~/services/reviews/host-standing.server";
import { hostReviews, listingReviews, recentGoodReviews, reservationReview } from "~/services/reviews/review-reads.server";
import { decideReport, deleteReview, replyToReview, reportReview, saveReview, updateReview } from "~/services/reviews/review-writes.server";
import { isPublicListing } from "~/services/listings/public-listings.server";
import { readThread } from "~/services/messaging/messaging.server";
import { startConversation } from "~/services/messaging/message-sending.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { AppError } from "~/utils/app-error";
import { createBookingUser, createPublicListing, stayFrom } from "../../../tests/factories/booking-factories";
import { createCompletedStay, stars } from "../../../tests/factories/review-factories";

const text = "A lovely stay by the sea.";

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

async function hostWithListing() {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  return { host, listing };
}

async function reviewed(hostId: number, listingId: number, value: number) {
  const traveler = await createBookingUser();
  const stay = await createCompletedStay({ hostId, listingId, travelerId: traveler.id });
  const review = await saveReview({ id: traveler.id, role: "user" }, stay.id, { text, ratings: stars(value) });
  return { traveler, stay, review };
}

async function listingRating(listingId: number) {
  const [row] = await getSequelize().query<{ rating: number | null; review_count: number }>("SELECT rating, review_count FROM listings WHERE id = :id", {
    replacements: { id: listingId },
    type: "SELECT" as never,
  });
  return { rating: row!.rating === null ? null : Number(row!.rating), count: Number(row!.review_count) };
}

describe("saving a review", () => {
  it("the traveler of a completed stay reviews it once; the listing's rating and count follow; a Reviewed Stay event is recorded", async () => {
    const { host, listing } = await hostWithListing();
    const { traveler, stay, review } = await reviewed(host.id, listing.id, 4);
    expect(await listingRating(listing.id)).toEqual({ rating: 4, count: 1 });
    expect(await outcome(saveReview({ id: traveler.id, role: "user" }, stay.id, { text, ratings: stars(5) }))).toBe("409 reviews:errors.alreadyReviewed");
    const event = await AnalyticsEvent.findOne({ where: { name: "Reviewed Stay", userId: traveler.id } });
    expect(event?.value).toBe(4);
    expect(JSON.parse(event!.properties!)).toMatchObject({ rating: 4, reservationId: stay.id });
    const page = await listingReviews(listing.id);
    expect(page).toMatchObject({ rating: 4, count: 1, items: [{ id: review.id, author: { firstName: "Test" } }] });
  });

  it("refuses someone else's stay, a stay not completed, and a stay checked out more than 30 days ago", async () => {
    const { host, listing } = await hostWithListing();
    const traveler = await createBookingUser();
    const other = await createBookingUser();
    const done = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id });
    expect(await outcome(saveReview({ id: other.id, role: "user" }, done.id, { text, ratings: stars(5) }))).toBe("403 reviews:errors.notYourStay");
    const late = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id, checkedOutDaysAgo: 31 });
    expect(await outcome(saveReview({ id: traveler.id, role: "user" }, late.id, { text, ratings: stars(5) }))).toBe("409 reviews:errors.windowClosed");
    const lastDay = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id, checkedOutDaysAgo: 30 });
    expect(await outcome(saveReview({ id: traveler.id, role: "user" }, lastDay.id, { text, ratings: stars(5) }))).toBe("ok");
    const cancelled = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id, status: "cancelled" });
    expect(await outcome(saveReview({ id: traveler.id, role: "user" }, cancelled.id, { text, ratings: stars(5) }))).toBe("409 reviews:errors.notCompleted");
    const future = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id, checkedOutDaysAgo: -2 });
    expect(await outcome(saveReview({ id: traveler.id, role: "user" }, future.id, { text, ratings: stars(5) }))).toBe("409 reviews:errors.notCompleted");
    expect((await reservationReview(future, new Date())).canReview).toBe(false);
  });

  it("only the author edits or deletes; deleting takes it out of the rating", async () => {
    const { host, listing } = await hostWithListing();
    const { traveler, review } = await reviewed(host.id, listing.id, 5);
    expect(await outcome(updateReview({ id: host.id, role: "user" }, review.id, { text, ratings: stars(1) }))).toBe("403 reviews:errors.notYourReview");
    await updateReview({ id: traveler.id, role: "user" }, review.id, { text: "Edited: still good.", ratings: stars(3) });
    expect(await listingRating(listing.id)).toEqual({ rating: 3, count: 1 });
    expect((await Review.findByPk(review.id))!.text).toBe("Edited: still good.");
    expect(await outcome(deleteReview({ id: host.id, role: "user" }, review.id))).toBe("403 reviews:errors.notYourReview");
    await deleteReview({ id: traveler.id, role: "user" }, review.id);
    expect(await listingRating(listing.id)).toEqual({ rating: null, count: 0 });
  });
});

describe("a deleted review (ADR 110: one live review per reservation at a time)", () => {
  it("is gone: while the 30 days are open the traveler writes another; once they closed, not", async () => {
    const { host, listing } = await hostWithListing();
    const { traveler, stay, review } = await reviewed(host.id, listing.id, 2);
    const actor = { id: traveler.id, role: "user" as const };
    await deleteReview(actor, review.id);
    expect(await Review.count({ where: { reservationId: stay.id } })).toBe(0);
    expect((await reservationReview(stay, new Date())).canReview).toBe(true);
    const again = await saveReview(actor, stay.id, { text: "Second thoughts: it was fine.", ratings: stars(4) });
    expect(again.id).not.toBe(review.id);
    expect(await listingRating(listing.id)).toEqual({ rating: 4, count: 1 });
    expect(await outcome(saveReview(actor, stay.id, { text, ratings: stars(5) }))).toBe("409 reviews:errors.alreadyReviewed");

    // Deleted after the window closed (checked out 2 days ago, now 29 days later): gone for good.
    const later = new Date(Date.now() + 29 * 86_400_000);
    await deleteReview(actor, again.id, { now: later });
    expect((await reservationReview(stay, later)).canReview).toBe(false);
    expect(await outcome(saveReview(actor, stay.id, { text, ratings: stars(5) }, { now: later }))).toBe("409 reviews:errors.windowClosed");
  });

  it("hidden by an operator cannot be deleted by its author, who could otherwise post it again", async () => {
    const { host, listing } = await hostWithListing();
    const operator = await createBookingUser({ role: "operator" });
    const { traveler, stay, review } = await reviewed(host.id, listing.id, 1);
    const report = await reportReview({ id: host.id, role: "user" }, review.id, "They never stayed this week.");
    await decideReport({ id: operator.id, role: "operator" }, report.id, "hide", "The dates do not match the stay.");
    expect(await outcome(deleteReview({ id: traveler.id, role: "user" }, review.id))).toBe("409 reviews:errors.hiddenNoDelete");
    expect(await Review.count({ where: { reservationId: stay.id } })).toBe(1);
    expect(await outcome(saveReview({ id: traveler.id, role: "user" }, stay.id, { text, ratings: stars(1) }))).toBe("409 reviews:errors.alreadyReviewed");
    expect(await listingRating(listing.id)).toEqual({ rating: null, count: 0 });
  });
});

describe("leave a comment from the conversation's reservation panel", () => {
  it("the traveler of a reviewable stay gets the link to the review form, 'edit' once reviewed; the host and closed windows get none", async () => {
    const { host, listing } = await hostWithListing();
    const traveler = await createBookingUser();
    const today = dateInTunis(new Date());
    const { conversationUID } = await startConversation(
      traveler,
      { propertyId: listing.id, checkIn: addDays(today, 30), checkOut: addDays(today, 33), message: "Hello, is it free?" },
      new Date(),
    );
    expect((await readThread(traveler, conversationUID)).reservation).toBeNull();
    const stay = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id });
    const path = `/reservation-details/${stay.id}#review`;
    expect((await readThread(traveler, conversationUID)).reservation?.review).toEqual({ path, reviewed: false });
    expect((await readThread(host, conversationUID)).reservation?.review).toBeNull();
    // Past the 30 days without a review: nothing to offer.
    expect((await readThread(traveler, conversationUID, { now: new Date(Date.now() + 40 * 86_400_000) })).reservation?.review).toBeNull();

    await saveReview({ id: traveler.id, role: "user" }, stay.id, { text, ratings: stars(5) });
    expect((await readThread(traveler, conversationUID)).reservation?.review).toEqual({ path, reviewed: true });
    expect((await readThread(host, conversationUID)).reservation?.review).toBeNull();
  });
});

describe("suspension below 4 stars, in the transaction that changes a review", () => {
  it("3 reviews averaging below 4 suspend the host (recorded, host e-mailed, listing out of search and unbookable); 2 do not; rising to 4 lifts", async () => {
    const { host, listing } = await hostWithListing();
    await reviewed(host.id, listing.id, 4);
    const second = await reviewed(host.id, listing.id, 3);
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null } })).toBe(0);
    const third = await reviewed(host.id, listing.id, 4);
    // (4 + 3 + 4) / 3 = 3.67
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null, reason: "rating" } })).toBe(1);
    expect(await isPublicListing(listing.id)).toBeNull();
    const traveler = await createBookingUser();
    const booking = createReservation({ id: traveler.id }, { listingId: listing.id, adults: 1, children: 0, infants: 0, pets: 0, ...stayFrom(new Date(), 20, 2) }, { now: new Date(), termsAccepted: true });
    expect(await outcome(booking)).toBe("409 reviews:errors.hostSuspended");
    const imposed = await HostSuspensionEvent.findAll({ where: { hostId: host.id } });
    expect(imposed.map((e) => [e.action, e.source, e.actorId, e.reviewCount])).toEqual([["imposed", "rating", null, 3]]);
    expect(await Job.count({ where: { name: "reviews:email" } })).toBeGreaterThan(0);
    expect((await hostStanding(host.id)).suspension).toMatchObject({ reason: "rating" });

    // The 3-star traveler edits to 5: (4 + 5 + 4) / 3 = 4.33 → lifted in the same transaction.
    await updateReview({ id: second.traveler.id, role: "user" }, second.review.id, { text, ratings: stars(5) });
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null } })).toBe(0);
    expect(await isPublicListing(listing.id)).not.toBeNull();
    // Deleting one leaves 2 reviews: never suspended below 3.
    await updateReview({ id: second.traveler.id, role: "user" }, second.review.id, { text, ratings: stars(1) });
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null } })).toBe(1);
    await deleteReview({ id: third.traveler.id, role: "user" }, third.review.id);
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null } })).toBe(0);
    const history = (await hostStanding(host.id)).history.map((h) => h.action);
    expect(history).toEqual(["lifted", "imposed", "lifted", "imposed"]);
  });

  it("a rolled-back review changes nothing: the suspension is never applied without its review", async () => {
    const { host, listing } = await hostWithListing();
    await reviewed(host.id, listing.id, 3);
    await reviewed(host.id, listing.id, 3);
    const traveler = await createBookingUser();
    const stay = await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id });
    // The suspension's record fails: the review that called for it is not saved either.
    const failing = vi.spyOn(HostSuspensionEvent, "create").mockRejectedValueOnce(new Error("disk full"));
    await expect(saveReview({ id: traveler.id, role: "user" }, stay.id, { text, ratings: stars(1) })).rejects.toThrow("disk full");
    failing.mockRestore();
    expect(await Review.count({ where: { reservationId: stay.id } })).toBe(0);
    expect(await listingRating(listing.id)).toEqual({ rating: 3, count: 2 });
    expect(await HostSuspension.count({ where: { hostId: host.id } })).toBe(0);
  });

  it("an operator hiding a reported review changes the average and may lift the suspension; the author and host are told", async () => {
    const { host, listing } = await hostWithListing();
    const operator = await createBookingUser({ role: "operator" });
    await reviewed(host.id, listing.id, 5);
    await reviewed(host.id, listing.id, 4);
    const unfair = await reviewed(host.id, listing.id, 1);
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null } })).toBe(1);
    expect(await outcome(reportReview({ id: unfair.traveler.id, role: "user" }, unfair.review.id, "false"))).toBe("403 reviews:errors.notYourListing");
    const report = await reportReview({ id: host.id, role: "user" }, unfair.review.id, "They never stayed this week.");
    expect(await outcome(decideReport({ id: host.id, role: "user" }, report.id, "hide", "no"))).toBe("403 reviews:errors.operatorsOnly");
    await decideReport({ id: operator.id, role: "operator" }, report.id, "hide", "The dates do not match the stay.");
    expect(await listingRating(listing.id)).toEqual({ rating: 4.5, count: 2 });
    expect((await listingReviews(listing.id)).items.map((i) => i.id)).not.toContain(unfair.review.id);
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null } })).toBe(0);
    const emails = await Job.findAll({ where: { name: "reviews:email" } });
    const kinds = emails.map((job) => JSON.parse(job.payload) as { kind: string; userId: number }).filter((p) => p.userId === host.id || p.userId === unfair.traveler.id).map((p) => p.kind);
    expect(kinds).toEqual(expect.arrayContaining(["reportHiddenHost", "reportHiddenAuthor"]));
    expect(await outcome(decideReport({ id: operator.id, role: "operator" }, report.id, "keep", "again"))).toBe("409 reviews:errors.alreadyDecided");
  });

  it("the host replies once (editable); only the listing's host may", async () => {
    const { host, listing } = await hostWithListing();
    const { traveler, review } = await reviewed(host.id, listing.id, 5);
    expect(await outcome(replyToReview({ id: traveler.id, role: "user" }, review.id, "Thanks"))).toBe("403 reviews:errors.notYourListing");
    await replyToReview({ id: host.id, role: "user" }, review.id, "Thank you!");
    await replyToReview({ id: host.id, role: "user" }, review.id, "Thank you, come back soon!");
    expect((await listingReviews(listing.id)).items[0]!.reply?.text).toBe("Thank you, come back soon!");
  });

  it("an operator imposes and lifts a suspension with a reason; the rating never lifts an operator's suspension", async () => {
    const { host, listing } = await hostWithListing();
    const operator = await createBookingUser({ role: "operator" });
    await operatorSetsSuspension(operator.id, host.id, "impose", "Repeated complaints.");
    expect(await isPublicListing(listing.id)).toBeNull();
    await reviewed(host.id, listing.id, 5);
    expect(await HostSuspension.count({ where: { hostId: host.id, liftedAt: null, reason: "operator" } })).toBe(1);
    await operatorSetsSuspension(operator.id, host.id, "lift", "Explained and fixed.");
    expect(await isPublicListing(listing.id)).not.toBeNull();
    const history = (await hostStanding(host.id)).history;
    expect(history.map((h) => [h.action, h.source, h.actorId, h.note])).toEqual([
      ["lifted", "operator", operator.id, "Explained and fixed."],
      ["imposed", "operator", operator.id, "Repeated complaints."],
    ]);
  });
});

describe("reviews shown elsewhere", () => {
  it("the home page's recent good reviews (4 stars or more, visible, public listing) and the reviews a host received", async () => {
    const { host, listing } = await hostWithListing();
    const good = await reviewed(host.id, listing.id, 5);
    const poor = await reviewed(host.id, listing.id, 3);
    const home = (await recentGoodReviews(50)).map((r) => r.id);
    expect(home).toContain(good.review.id);
    expect(home).not.toContain(poor.review.id);
    const received = await hostReviews(host.id);
    expect(received).toMatchObject({ rating: 4, count: 2 });
    expect(received.items.map((r) => r.listing.id)).toEqual([listing.id, listing.id]);
  });
});
