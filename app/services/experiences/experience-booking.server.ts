import crypto from "node:crypto";
import { Op, literal, type Transaction } from "sequelize";
import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { User } from "~/db/models/user.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { EXPERIENCE_MAX_PEOPLE, experienceHoldDeadline, quoteExperience } from "~/domain/experiences";
import { trackEvent } from "~/services/analytics/analytics.server";
import { isRetryableConflict } from "~/services/booking/reservation-nights.server";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";
import { notify } from "~/services/notifications/notify.server";
import { AppError } from "~/utils/app-error";
import { experienceBookingWebhook } from "~/services/webhooks/webhook-sources.server";

// Booking an experience slot (issue 21; ADR 182). Capacity is enforced by the database: the
// booking transaction takes its places with one conditional UPDATE of the slot's counter
// (`places_taken + n <= capacity` in the WHERE), which the database evaluates on the latest row
// under its row lock (MariaDB/InnoDB) or its single writer (SQLite). A booking that finds no row
// updated gets 409 "not enough places"; nothing else ever changes the counter but the release
// below (cancellation, expiry), which gives the places back in the transaction that ends the hold.

export const NOT_ENOUGH_PLACES_KEY = "experiences:errors.notEnoughPlaces";
export const EXPIRE_EXPERIENCE_HOLD_JOB = "experience:expire-hold";

export interface ExperienceBookingRequest {
  slotId: number;
  people: number;
  acceptTerms: boolean;
}

export interface CreatedExperienceBooking {
  id: number;
  reference: string;
  status: ExperienceBooking["status"];
  total: number;
  holdExpiresAt: string | null;
}

/** A booking reference people can read out: "DX" + 8 characters without look-alikes. */
function newExperienceReference(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let out = "DX";
  for (const byte of crypto.randomBytes(8)) out += alphabet[byte & 31];
  return out;
}

/** Takes `people` places of a slot, or returns false when fewer are left (the database decides). */
async function takePlaces(slotId: number, people: number, transaction: Transaction): Promise<boolean> {
  const [updated] = await ExperienceSlot.update(
    { placesTaken: literal(`places_taken + ${people}`) as unknown as number },
    { where: { id: slotId, [Op.and]: [literal(`places_taken + ${people} <= capacity`)] }, transaction },
  );
  return updated === 1;
}

/** Gives back the places of a booking that stops holding them. */
export async function releasePlaces(slotId: number, people: number, transaction: Transaction): Promise<void> {
  await ExperienceSlot.update(
    { placesTaken: literal(`places_taken - ${people}`) as unknown as number },
    { where: { id: slotId, placesTaken: { [Op.gte]: people } }, transaction },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A write transaction retried on a lock conflict (deadlock, SQLITE_BUSY). */
export async function retrying<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeTransaction(work);
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= 8) throw error;
      await sleep(5 + crypto.randomInt(20 * attempt));
    }
  }
}

/**
 * The booking's step as a notification for the traveler and the partner's account (ADR 146), in
 * the step's own transaction; the one who acted gets theirs already read.
 */
export async function notifyBookingSides(
  transaction: Transaction,
  booking: ExperienceBooking,
  step: "booked" | "confirmed" | "cancelled" | "expired",
  actor: "traveler" | "partner" | null,
  now: Date,
): Promise<void> {
  const params = { reference: booking.reference };
  await notify(transaction, {
    userId: booking.travelerId,
    kind: `experience.${step}`,
    params: { ...params, side: "traveler" },
    link: `/experience-bookings/${booking.id}`,
    ownAction: actor === "traveler",
    now,
  });
  const partner = await Partner.findByPk(booking.partnerId, { transaction });
  if (partner?.userId) {
    await notify(transaction, {
      userId: partner.userId,
      kind: `experience.${step}`,
      params: { ...params, side: "partner" },
      link: "/dashboard/experiences",
      ownAction: actor === "partner",
      now,
    });
    // The partner's systems hear of it too (ADR 222).
    await experienceBookingWebhook(transaction, step, { ...booking.get(), partnerUserId: partner.userId }, now);
  }
}

function peopleError(): AppError {
  return new AppError(400, "experiences:errors.people", {
    values: { max: EXPERIENCE_MAX_PEOPLE },
    fields: { people: "experiences:errors.people" },
  });
}

/**
 * Books `people` places on a slot for a signed-in, verified traveler: a pending_payment booking
 * holding its places until the hold deadline (30 min), when the job runner expires it.
 */
export async function bookExperience(
  traveler: { id: number } | null,
  request: ExperienceBookingRequest,
  options: { now?: Date; language?: string } = {},
): Promise<CreatedExperienceBooking> {
  const now = options.now ?? new Date();
  if (!traveler) throw new AppError(401, "experiences:errors.signIn");
  const user = await User.findByPk(traveler.id);
  if (!user) throw new AppError(401, "experiences:errors.signIn");
  if (!user.emailVerifiedAt) throw new AppError(403, "auth:verify.required", { code: "email_not_verified" });
  if (!request.acceptTerms) {
    throw new AppError(400, "experiences:errors.acceptTerms", { fields: { acceptTerms: "experiences:errors.acceptTerms" } });
  }
  if (!Number.isInteger(request.people) || request.people < 1 || request.people > EXPERIENCE_MAX_PEOPLE) throw peopleError();

  const slot = await ExperienceSlot.findByPk(request.slotId);
  const experience = slot ? await Experience.findByPk(slot.experienceId) : null;
  if (!slot || !experience || experience.status !== "approved") {
    throw new AppError(404, "experiences:errors.slotNotFound", { fields: { slotId: "experiences:errors.slotNotFound" } });
  }
  if (slot.startsAt.getTime() <= now.getTime()) {
    throw new AppError(400, "experiences:errors.slotPast", { fields: { slotId: "experiences:errors.slotPast" } });
  }
  const quote = quoteExperience(experience.pricePerPerson, request.people);
  const holdExpiresAt = experienceHoldDeadline(now);

  const booking = await retrying(async (transaction) => {
    if (!(await takePlaces(slot.id, request.people, transaction))) {
      throw new AppError(409, NOT_ENOUGH_PLACES_KEY, { fields: { people: NOT_ENOUGH_PLACES_KEY } });
    }
    const created = await ExperienceBooking.create(
      {
        reference: newExperienceReference(),
        slotId: slot.id,
        experienceId: experience.id,
        partnerId: experience.partnerId,
        travelerId: user.id,
        people: request.people,
        pricePerPerson: quote.pricePerPerson,
        total: quote.total,
        commission: quote.commission,
        partnerEarning: quote.partnerEarning,
        status: "pending_payment",
        holdExpiresAt,
        language: options.language ?? user.language ?? null,
      },
      { transaction },
    );
    await enqueueJob(
      EXPIRE_EXPERIENCE_HOLD_JOB,
      { bookingId: created.id },
      { runAt: holdExpiresAt, uniqueKey: `experience-hold:${created.id}`, transaction },
    );
    await notifyBookingSides(transaction, created, "booked", "traveler", now);
    return created;
  });
  await trackEvent("Booked Experience", {
    userId: user.id,
    value: Math.round(booking.total / 1000),
    at: now,
    properties: { experienceBookingId: booking.id, experienceId: experience.id, partnerId: experience.partnerId, people: booking.people },
  });
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    total: booking.total,
    holdExpiresAt: booking.holdExpiresAt ? booking.holdExpiresAt.toISOString() : null,
  };
}

/** Expires an unpaid hold whose deadline passed and frees its places; a paid or newer state is left alone. */
export async function expireExperienceHold(bookingId: number, now: Date): Promise<boolean> {
  return retrying(async (transaction) => {
    const booking = await ExperienceBooking.findByPk(bookingId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!booking || booking.status !== "pending_payment" || !booking.holdExpiresAt) return false;
    if (booking.holdExpiresAt.getTime() > now.getTime()) return false;
    await booking.update({ status: "expired", holdExpiresAt: null }, { transaction });
    await releasePlaces(booking.slotId, booking.people, transaction);
    await notifyBookingSides(transaction, booking, "expired", null, now);
    return true;
  });
}

/**
 * The traveler (or the partner's account) gives up an unpaid hold: the booking is cancelled and
 * its places freed in one transaction. Paid bookings are cancelled with their refund by
 * cancelExperienceBooking (experience-payments.server.ts, ADR 183).
 */
export async function cancelUnpaidExperienceBooking(bookingId: number, actorId: number, now: Date = new Date()): Promise<void> {
  const booking = await ExperienceBooking.findByPk(bookingId);
  if (!booking) throw new AppError(404, "experiences:errors.bookingNotFound");
  let by: "traveler" | "partner" | null = booking.travelerId === actorId ? "traveler" : null;
  if (!by && (await Partner.count({ where: { id: booking.partnerId, userId: actorId } })) === 1) by = "partner";
  if (!by) throw new AppError(404, "experiences:errors.bookingNotFound");
  const done = await retrying(async (transaction) => {
    const [updated] = await ExperienceBooking.update(
      { status: "cancelled", cancelledAt: now, cancelledBy: by, holdExpiresAt: null },
      { where: { id: booking.id, status: "pending_payment" }, transaction },
    );
    if (updated !== 1) return false;
    await releasePlaces(booking.slotId, booking.people, transaction);
    await notifyBookingSides(transaction, booking, "cancelled", by, now);
    return true;
  });
  if (!done) throw new AppError(409, "experiences:errors.notCancellable");
}

registerJobHandler(EXPIRE_EXPERIENCE_HOLD_JOB, async (payload, { now }) => {
  await expireExperienceHold(Number((payload as { bookingId: number }).bookingId), now);
});
