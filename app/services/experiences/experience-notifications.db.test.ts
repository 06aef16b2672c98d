// Issue 16 point 4: experience bookings are notifications too — booked, cancelled and expired, one
// per concerned user (the traveler and the partner's account), written in the step's transaction;
// whoever acted gets theirs already read.
import { describe, expect, it } from "vitest";
import { Notification } from "~/db/models/notification.server";
import { bookExperience, cancelUnpaidExperienceBooking, expireExperienceHold } from "~/services/experiences/experience-booking.server";
import { createBookingUser } from "../../../tests/factories/booking-factories";
import { createExperience, createPartner } from "../../../tests/factories/experience-factories";

async function notificationsOf(userId: number) {
  const rows = await Notification.findAll({ where: { userId }, order: [["id", "ASC"]] });
  return rows.map((row) => [row.kind, row.link, row.readAt ? "read" : "unread"]);
}

describe("experience booking notifications", () => {
  it("a booking notifies the partner (unread) and the traveler (read, their own act); the traveler's cancellation notifies the partner", async () => {
    const traveler = await createBookingUser();
    const { user: partnerUser, partner } = await createPartner();
    const { slots } = await createExperience({ partnerId: partner.id });
    const booked = await bookExperience(traveler, { slotId: slots[0]!.id, people: 2, acceptTerms: true });
    expect(await notificationsOf(traveler.id)).toEqual([["experience.booked", `/experience-bookings/${booked.id}`, "read"]]);
    expect(await notificationsOf(partnerUser.id)).toEqual([["experience.booked", "/dashboard/experiences", "unread"]]);

    await cancelUnpaidExperienceBooking(booked.id, traveler.id);
    expect(await notificationsOf(traveler.id)).toEqual([
      ["experience.booked", `/experience-bookings/${booked.id}`, "read"],
      ["experience.cancelled", `/experience-bookings/${booked.id}`, "read"],
    ]);
    expect(await notificationsOf(partnerUser.id)).toEqual([
      ["experience.booked", "/dashboard/experiences", "unread"],
      ["experience.cancelled", "/dashboard/experiences", "unread"],
    ]);
  });

  it("an expired hold notifies both sides, unread; a hold that is not due notifies no one", async () => {
    const traveler = await createBookingUser();
    const { user: partnerUser, partner } = await createPartner();
    const { slots } = await createExperience({ partnerId: partner.id });
    const now = new Date();
    const booked = await bookExperience(traveler, { slotId: slots[0]!.id, people: 1, acceptTerms: true }, { now });
    expect(await expireExperienceHold(booked.id, now)).toBe(false);
    expect(await Notification.count({ where: { kind: "experience.expired", userId: [traveler.id, partnerUser.id] } })).toBe(0);
    expect(await expireExperienceHold(booked.id, new Date(now.getTime() + 31 * 60_000))).toBe(true);
    expect((await notificationsOf(traveler.id)).at(-1)).toEqual(["experience.expired", `/experience-bookings/${booked.id}`, "unread"]);
    expect((await notificationsOf(partnerUser.id)).at(-1)).toEqual(["experience.expired", "/dashboard/experiences", "unread"]);
  });
});
