import { describe, expect, it } from "vitest";
import { ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { Job } from "~/db/models/job.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { bookExperience, cancelUnpaidExperienceBooking, expireExperienceHold, NOT_ENOUGH_PLACES_KEY } from "~/services/experiences/experience-booking.server";
import { AppError } from "~/utils/app-error";
import { createBookingUser } from "../../../tests/factories/booking-factories";
import { createExperience } from "../../../tests/factories/experience-factories";

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

describe("booking an experience slot", () => {
  it("holds the places for 30 minutes at the price of N people with a 10 % commission", async () => {
    const now = new Date();
    const traveler = await createBookingUser();
    const { slots } = await createExperience({ pricePerPerson: 45_000, capacity: 8 });
    const booked = await bookExperience(traveler, { slotId: slots[0]!.id, people: 3, acceptTerms: true }, { now });
    expect(booked).toMatchObject({ status: "pending_payment", total: 135_000 });
    expect(booked.reference).toMatch(/^DX[2-9A-Z]{8}$/);
    const row = (await ExperienceBooking.findByPk(booked.id))!;
    expect(row).toMatchObject({ people: 3, commission: 13_500, partnerEarning: 121_500, travelerId: traveler.id });
    expect(Math.abs(row.holdExpiresAt!.getTime() - (now.getTime() + 30 * 60_000))).toBeLessThan(1000);
    expect((await ExperienceSlot.findByPk(slots[0]!.id))!.placesTaken).toBe(3);
    const events = await AnalyticsEvent.findAll({ where: { name: "Booked Experience", userId: traveler.id } });
    expect(events.map((event) => event.value)).toEqual([135]);
  });

  it("refuses more people than places left, a draft experience, a past slot, missing terms and no account", async () => {
    const traveler = await createBookingUser();
    const { slots } = await createExperience({ capacity: 4 });
    expect(await outcome(bookExperience(traveler, { slotId: slots[0]!.id, people: 5, acceptTerms: true }))).toBe(`409 ${NOT_ENOUGH_PLACES_KEY}`);
    expect(await outcome(bookExperience(traveler, { slotId: slots[0]!.id, people: 0, acceptTerms: true }))).toBe("400 experiences:errors.people");
    expect(await outcome(bookExperience(traveler, { slotId: slots[0]!.id, people: 1, acceptTerms: false }))).toBe("400 experiences:errors.acceptTerms");
    expect(await outcome(bookExperience(null, { slotId: slots[0]!.id, people: 1, acceptTerms: true }))).toBe("401 experiences:errors.signIn");
    const draft = await createExperience({ status: "pending" });
    expect(await outcome(bookExperience(traveler, { slotId: draft.slots[0]!.id, people: 1, acceptTerms: true }))).toBe("404 experiences:errors.slotNotFound");
    const past = await createExperience({ slotStarts: [new Date(Date.now() - 3_600_000)] });
    expect(await outcome(bookExperience(traveler, { slotId: past.slots[0]!.id, people: 1, acceptTerms: true }))).toBe("400 experiences:errors.slotPast");
    expect((await ExperienceSlot.findByPk(slots[0]!.id))!.placesTaken).toBe(0);
  });

  it("expires an unpaid hold through the job runner and frees its places", async () => {
    const now = new Date();
    const traveler = await createBookingUser();
    const { slots } = await createExperience({ capacity: 2 });
    const booked = await bookExperience(traveler, { slotId: slots[0]!.id, people: 2, acceptTerms: true }, { now });
    expect(await Job.count({ where: { uniqueKey: `experience-hold:${booked.id}` } })).toBe(1);
    expect(await expireExperienceHold(booked.id, now)).toBe(false);
    await runDueJobs({ now: new Date(now.getTime() + 31 * 60_000) });
    expect((await ExperienceBooking.findByPk(booked.id))!.status).toBe("expired");
    expect((await ExperienceSlot.findByPk(slots[0]!.id))!.placesTaken).toBe(0);
    expect(await expireExperienceHold(booked.id, new Date(now.getTime() + 3_600_000))).toBe(false);
    expect((await ExperienceSlot.findByPk(slots[0]!.id))!.placesTaken).toBe(0);
    expect(await outcome(bookExperience(traveler, { slotId: slots[0]!.id, people: 2, acceptTerms: true }))).toBe("ok");
  });
});

describe("capacity under concurrent bookings, enforced by the database", () => {
  it("50 concurrent bookings of the last places: exactly capacity holds, the others get 409", async () => {
    const travelers = await Promise.all(Array.from({ length: 10 }, () => createBookingUser()));
    const { slots } = await createExperience({ capacity: 7 });
    const slotId = slots[0]!.id;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(bookExperience(travelers[i % 10]!, { slotId, people: 1, acceptTerms: true }))),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(7);
    expect(results.filter((r) => r === `409 ${NOT_ENOUGH_PLACES_KEY}`)).toHaveLength(43);
    expect((await ExperienceSlot.findByPk(slotId))!.placesTaken).toBe(7);
    expect(await ExperienceBooking.sum("people", { where: { slotId, status: "pending_payment" } })).toBe(7);
  });

  it("50 concurrent bookings of 2 people against 9 places: never more than the capacity", async () => {
    const travelers = await Promise.all(Array.from({ length: 10 }, () => createBookingUser()));
    const { slots } = await createExperience({ capacity: 9 });
    const slotId = slots[0]!.id;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(bookExperience(travelers[i % 10]!, { slotId, people: 2, acceptTerms: true }))),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(4);
    expect((await ExperienceSlot.findByPk(slotId))!.placesTaken).toBe(8);
  });
});

describe("cancelling an unpaid hold", () => {
  it("frees the places for the traveler or the partner's account, once; strangers get 404", async () => {
    const traveler = await createBookingUser();
    const { slots } = await createExperience({ capacity: 4 });
    const booked = await bookExperience(traveler, { slotId: slots[0]!.id, people: 3, acceptTerms: true });
    const stranger = await createBookingUser();
    expect(await outcome(cancelUnpaidExperienceBooking(booked.id, stranger.id))).toBe("404 experiences:errors.bookingNotFound");
    await cancelUnpaidExperienceBooking(booked.id, traveler.id);
    expect(await ExperienceBooking.findByPk(booked.id)).toMatchObject({ status: "cancelled", cancelledBy: "traveler" });
    expect((await ExperienceSlot.findByPk(slots[0]!.id))!.placesTaken).toBe(0);
    expect(await outcome(cancelUnpaidExperienceBooking(booked.id, traveler.id))).toBe("409 experiences:errors.notCancellable");
    expect((await ExperienceSlot.findByPk(slots[0]!.id))!.placesTaken).toBe(0);
  });
});
