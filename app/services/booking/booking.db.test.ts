import { BaseError, UniqueConstraintError } from "sequelize";
import { describe, expect, it } from "vitest";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { ListingPause } from "~/db/models/listing-pause.server";
import { Job } from "~/db/models/job.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { Reservation } from "~/db/models/reservation.server";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { createReservation, previewBooking, DATES_BOOKED_KEY } from "~/services/booking/booking.server";
import { AppError } from "~/utils/app-error";
import {
  createBookingUser,
  createPublicGuesthouse,
  createPublicHotel,
  createPublicListing,
  stayFrom,
} from "../../../tests/factories/booking-factories";

const now = new Date();
const guests = { adults: 2, children: 0, infants: 0, pets: 0 };

async function book(travelerId: number, listingId: number, stay: { checkIn: string; checkOut: string }, extra: Record<string, unknown> = {}) {
  return createReservation({ id: travelerId }, { listingId, ...guests, ...stay, ...extra }, { now, termsAccepted: true });
}

async function outcome(promise: Promise<unknown>): Promise<"ok" | string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

/** The database's own words when it refuses a write (the triggers of migration 0042). */
const SLOT_REFUSED = /slot beyond the quantity of its unit/;
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "accepted";
  } catch (error) {
    if (!(error instanceof BaseError)) throw error;
    const parent = (error as BaseError & { parent?: Error }).parent;
    return parent?.message ?? error.message;
  }
}

describe("the held-nights contract, enforced by the database", () => {
  it("refuses a second holder of a night even when the code does not check", async () => {
    const traveler = await createBookingUser();
    const listing = await createPublicListing();
    const first = await book(traveler.id, listing.id, stayFrom(now, 10, 2));
    const night = (await ReservationNight.findOne({ where: { reservationId: first.id } }))!;
    await expect(
      ReservationNight.create({ reservationId: first.id, listingId: listing.id, unitKey: "listing", night: night.night, slot: 0 }),
    ).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it("refuses a room past a room type's quantity (or a second slot of a whole listing) even when the code does not check", async () => {
    const traveler = await createBookingUser();
    const { listing, roomType } = await createPublicHotel({ quantity: 3 });
    const held = await book(traveler.id, listing.id, stayFrom(now, 10, 1), { roomTypeId: roomType.id, rooms: 1 });
    const night = stayFrom(now, 20, 1).checkIn;
    const row = (slot: number, unitKey = `room-type:${roomType.id}`) => ({ reservationId: held.id, listingId: listing.id, unitKey, night, slot });
    await ReservationNight.create(row(2));
    expect(await refusal(ReservationNight.create(row(3)))).toMatch(SLOT_REFUSED);
    expect(await refusal(ReservationNight.create(row(-1)))).toMatch(SLOT_REFUSED);
    expect(await refusal(ReservationNight.update({ slot: 7 }, { where: { reservationId: held.id, night } }))).toMatch(SLOT_REFUSED);
    const house = await createPublicListing();
    expect(await refusal(ReservationNight.create({ ...row(1, "listing"), listingId: house.id }))).toMatch(SLOT_REFUSED);
    await ReservationNight.create({ ...row(0, "listing"), listingId: house.id });
  });
});

describe("createReservation", () => {
  it("books a direct listing as pending_payment, holding every night for 30 minutes", async () => {
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ basePrice: 100_000, cleaningFee: 20_000 });
    const stay = stayFrom(now, 12, 3);
    const created = await book(traveler.id, listing.id, stay);
    expect(created.status).toBe("pending_payment");
    expect(new Date(created.holdExpiresAt!).getTime()).toBe(now.getTime() + 30 * 60_000);
    // 3 × 100 + 20 cleaning = 320; 5% service fee = 16 → 336 DT.
    expect(created.total).toBe(336_000);
    const nights = await ReservationNight.findAll({ where: { reservationId: created.id }, order: [["night", "ASC"]] });
    expect(nights.map((n) => String(n.night).slice(0, 10))).toEqual([
      stay.checkIn,
      stayFrom(now, 13, 1).checkIn,
      stayFrom(now, 14, 1).checkIn,
    ]);
    const reservation = (await Reservation.findByPk(created.id))!;
    expect(reservation.displayCurrency).toBe("TND");
    expect(reservation.hostPayout).toBe(288_000);
    const jobs = await Job.findAll({ where: { name: "reservation:expire-hold" } });
    expect(jobs.some((job) => JSON.parse(job.payload).reservationId === created.id)).toBe(true);
    expect(await AnalyticsEvent.count({ where: { name: "Booked Trip", userId: traveler.id } })).toBe(1);
  });

  it("books a by-request listing as pending_host without holding any night", async () => {
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ reservationMethod: "request" });
    const created = await book(traveler.id, listing.id, stayFrom(now, 20, 2));
    expect(created.status).toBe("pending_host");
    expect(new Date(created.respondBy!).getTime()).toBe(now.getTime() + 24 * 3_600_000);
    expect(await ReservationNight.count({ where: { reservationId: created.id } })).toBe(0);
  });

  it("refuses nights already held, blocked or paused by the host, or overlapping by one night", async () => {
    const [a, b] = [await createBookingUser(), await createBookingUser()];
    const listing = await createPublicListing();
    await book(a.id, listing.id, stayFrom(now, 30, 3));
    expect(await outcome(book(b.id, listing.id, stayFrom(now, 32, 2)))).toBe(`409 ${DATES_BOOKED_KEY}`);
    // Back-to-back is fine: check-out day is the next check-in.
    expect(await outcome(book(b.id, listing.id, stayFrom(now, 33, 2)))).toBe("ok");
    await CalendarDay.create({ listingId: listing.id, date: stayFrom(now, 40, 1).checkIn, price: null, blocked: true });
    expect(await outcome(book(b.id, listing.id, stayFrom(now, 39, 3)))).toBe(`409 ${DATES_BOOKED_KEY}`);
    // The host paused the listing for set dates: those nights cannot be booked either.
    await ListingPause.create({ listingId: listing.id, startDate: stayFrom(now, 45, 1).checkIn, endDate: stayFrom(now, 48, 1).checkIn });
    expect(await outcome(book(b.id, listing.id, stayFrom(now, 44, 2)))).toBe(`409 ${DATES_BOOKED_KEY}`);
    expect(await outcome(book(b.id, listing.id, stayFrom(now, 50, 2)))).toBe("ok");
  });

  it("checks the traveler, the terms and the stay rules", async () => {
    const host = await createBookingUser();
    const unverified = await createBookingUser({ verified: false });
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, minNights: 3 });
    expect(await outcome(book(unverified.id, listing.id, stayFrom(now, 10, 3)))).toBe("403 auth:verify.required");
    expect(await outcome(book(host.id, listing.id, stayFrom(now, 10, 3)))).toBe("403 booking:errors.ownListing");
    expect(
      await outcome(createReservation({ id: traveler.id }, { listingId: listing.id, ...guests, ...stayFrom(now, 10, 3) }, { now, termsAccepted: false })),
    ).toBe("400 booking:errors.acceptTerms");
    const short = await outcome(book(traveler.id, listing.id, stayFrom(now, 10, 2)));
    expect(short).toBe("400 rules:stay.minNights");
    expect(await outcome(book(traveler.id, listing.id, stayFrom(now, 10, 3), { pets: 1 }))).toBe("400 rules:stay.petsNotAllowed");
    expect(await outcome(book(traveler.id, 999_999, stayFrom(now, 10, 3)))).toBe("404 booking:errors.listingNotFound");
  });

  it("books rooms of a hotel room type and a guesthouse room, up to what exists", async () => {
    const traveler = await createBookingUser();
    const { listing, roomType } = await createPublicHotel({ quantity: 3, roomPrice: 150_000 });
    const two = await book(traveler.id, listing.id, stayFrom(now, 10, 2), { roomTypeId: roomType.id, rooms: 2, adults: 3 });
    expect(two.status).toBe("pending_payment");
    expect(await ReservationNight.count({ where: { reservationId: two.id } })).toBe(4);
    expect(await outcome(book(traveler.id, listing.id, stayFrom(now, 10, 2), { roomTypeId: roomType.id, rooms: 2 }))).toBe(
      `409 ${DATES_BOOKED_KEY}`,
    );
    expect(await outcome(book(traveler.id, listing.id, stayFrom(now, 10, 2), { roomTypeId: roomType.id, rooms: 1 }))).toBe("ok");
    expect(await outcome(book(traveler.id, listing.id, stayFrom(now, 10, 2)))).toBe("404 booking:errors.roomNotFound");

    const { listing: dar, room } = await createPublicGuesthouse();
    const stay = await book(traveler.id, dar.id, stayFrom(now, 10, 2), { roomId: room.id });
    expect(stay.establishment).toBe(true);
    expect(await outcome(book(traveler.id, dar.id, stayFrom(now, 11, 2), { roomId: room.id }))).toBe(`409 ${DATES_BOOKED_KEY}`);
  });

  it("previews the price and availability without booking", async () => {
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ basePrice: 80_000, cleaningFee: 0 });
    const preview = await previewBooking({ listingId: listing.id, ...guests, ...stayFrom(now, 50, 2) }, { now });
    expect(preview.available).toBe(true);
    expect(preview.quote?.total).toBe(168_000);
    await book(traveler.id, listing.id, stayFrom(now, 50, 2));
    const after = await previewBooking({ listingId: listing.id, ...guests, ...stayFrom(now, 51, 2) }, { now });
    expect(after.available).toBe(false);
  });
});

describe("no double booking under concurrent requests", () => {
  it("50 concurrent bookings of overlapping nights: exactly one holds, the others get 409", async () => {
    const listing = await createPublicListing();
    const travelers = await Promise.all(Array.from({ length: 10 }, () => createBookingUser()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(book(travelers[i % 10]!.id, listing.id, stayFrom(now, 60 + (i % 3), 3)))),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === `409 ${DATES_BOOKED_KEY}`)).toHaveLength(49);
    expect(await Reservation.count({ where: { listingId: listing.id, status: "pending_payment" } })).toBe(1);
    expect(await ReservationNight.count({ where: { listingId: listing.id } })).toBe(3);
  });

  it("50 concurrent bookings of a room type of 3 rooms: exactly 3 hold", async () => {
    const { listing, roomType } = await createPublicHotel({ quantity: 3 });
    const travelers = await Promise.all(Array.from({ length: 10 }, () => createBookingUser()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        outcome(book(travelers[i % 10]!.id, listing.id, stayFrom(now, 70 + (i % 2), 2), { roomTypeId: roomType.id, rooms: 1 })),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(3);
    expect(results.filter((r) => r === `409 ${DATES_BOOKED_KEY}`)).toHaveLength(47);
    const nights = await ReservationNight.findAll({ where: { listingId: listing.id } });
    const perNight = new Map<string, number>();
    for (const n of nights) perNight.set(String(n.night), (perNight.get(String(n.night)) ?? 0) + 1);
    expect(Math.max(...perNight.values())).toBeLessThanOrEqual(3);
  });
});
