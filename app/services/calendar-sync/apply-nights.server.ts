import { Op, type Transaction } from "sequelize";
import { CalendarFeedNight } from "~/db/models/calendar-feed-night.server";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { planApply } from "~/domain/calendar-sync";
import { dateInTunis, type IsoDate } from "~/domain/stay-dates";
import { isRetryableConflict } from "~/services/booking/reservation-nights.server";
import { calendarChangedWebhook } from "~/services/webhooks/webhook-sources.server";

// Applying a feed's nights (ADR 120): in one transaction, the feed's rows of reservation_nights
// (unit "listing", slot 0, owned by the feed) become exactly the nights it lists from today on,
// except nights a Darna reservation holds, which stay the reservation's and are conflicts. The
// unique index that refuses double bookings refuses a booking of a night a feed took, and a feed
// taking a night a booking won meanwhile: then the whole apply runs again on the new state.

/** The unit a feed blocks: the whole listing, in the reservation-night slot a whole listing has. */
export const FEED_UNIT_KEY = "listing";

export interface AppliedNights {
  /** Nights the feed blocks after the apply. */
  blocked: number;
  taken: IsoDate[];
  freed: IsoDate[];
  /** Conflicts not told to the host yet (this apply found them first). */
  newConflicts: Array<{ night: IsoDate; reservationId: number }>;
}

function night(value: unknown): IsoDate {
  return String(value).slice(0, 10);
}

async function insertFeedNights(feedId: number, listingId: number, nights: IsoDate[], now: Date, transaction: Transaction) {
  if (nights.length === 0) return;
  await ReservationNight.bulkCreate(
    [...nights].sort().map((date) => ({ reservationId: null, calendarFeedId: feedId, listingId, unitKey: FEED_UNIT_KEY, night: date, slot: 0, createdAt: now })),
    { transaction },
  );
}

async function applyOnce(feedId: number, listingId: number, wanted: IsoDate[], now: Date, transaction: Transaction): Promise<AppliedNights> {
  const today = dateInTunis(now);
  const rows = await ReservationNight.findAll({
    attributes: ["night", "reservationId", "calendarFeedId", "unitKey"],
    where: { listingId, night: { [Op.gte]: today } },
    transaction,
  });
  const owned: IsoDate[] = [];
  const reservations = new Map<IsoDate, number>();
  const otherFeeds = new Set<IsoDate>();
  for (const row of rows) {
    const date = night(row.night);
    if (row.reservationId !== null) {
      if (!reservations.has(date)) reservations.set(date, row.reservationId);
    } else if (row.calendarFeedId === feedId) owned.push(date);
    else if (row.unitKey === FEED_UNIT_KEY) otherFeeds.add(date);
  }
  const plan = planApply({ wanted, owned, reservations, otherFeeds });

  for (let index = 0; index < plan.free.length; index += 200) {
    await ReservationNight.destroy({ where: { calendarFeedId: feedId, night: { [Op.in]: plan.free.slice(index, index + 200) } }, transaction });
  }
  await insertFeedNights(feedId, listingId, plan.take, now, transaction);

  // The feed's list of nights (what it asks for, taken or in conflict), from today on.
  const listed = await CalendarFeedNight.findAll({ where: { feedId, night: { [Op.gte]: today } }, transaction });
  const wantedSet = new Set(wanted);
  const gone = listed.filter((row) => !wantedSet.has(night(row.night))).map((row) => row.id);
  for (let index = 0; index < gone.length; index += 200) {
    await CalendarFeedNight.destroy({ where: { id: { [Op.in]: gone.slice(index, index + 200) } }, transaction });
  }
  const known = new Map(listed.map((row) => [night(row.night), row]));
  const added = wanted.filter((date) => !known.has(date));
  if (added.length > 0) await CalendarFeedNight.bulkCreate(added.map((date) => ({ feedId, listingId, night: date })), { transaction });

  // A conflict is told once per (night, reservation).
  const newConflicts = plan.conflicts.filter((conflict) => known.get(conflict.night)?.notifiedReservationId !== conflict.reservationId);
  for (const conflict of newConflicts) {
    await CalendarFeedNight.update({ notifiedReservationId: conflict.reservationId }, { where: { feedId, night: conflict.night }, transaction });
  }

  // Nights this feed let go that another feed of the listing still lists are blocked by that one.
  await handOver(listingId, feedId, plan.free, reservations, now, transaction);
  if (plan.take.length > 0 || plan.free.length > 0) {
    const changed = [...plan.take, ...plan.free].sort();
    await calendarChangedWebhook(transaction, { listingId, change: "imported", from: changed[0], to: changed.at(-1), now });
  }

  return { blocked: owned.length - plan.free.length + plan.take.length, taken: plan.take, freed: plan.free, newConflicts };
}

/** Gives freed nights to another feed of the listing that lists them (nobody else holds them now). */
export async function handOver(
  listingId: number,
  fromFeedId: number | null,
  freed: IsoDate[],
  reservations: ReadonlyMap<IsoDate, number>,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const candidates = freed.filter((date) => !reservations.has(date));
  if (candidates.length === 0) return;
  const wantedElsewhere = await CalendarFeedNight.findAll({
    where: { listingId, night: { [Op.in]: candidates }, ...(fromFeedId === null ? {} : { feedId: { [Op.ne]: fromFeedId } }) },
    order: [["feedId", "ASC"]],
    transaction,
  });
  const byNight = new Map<IsoDate, number>();
  for (const row of wantedElsewhere) if (!byNight.has(night(row.night))) byNight.set(night(row.night), row.feedId);
  const byFeed = new Map<number, IsoDate[]>();
  for (const [date, feedId] of byNight) byFeed.set(feedId, [...(byFeed.get(feedId) ?? []), date]);
  for (const [feedId, nights] of byFeed) await insertFeedNights(feedId, listingId, nights, now, transaction);
}

/**
 * Makes the feed block exactly `wanted` (from today on) in one transaction, retried when a
 * concurrent booking took one of the nights first (it keeps it: a conflict).
 */
export async function applyFeedNights(feed: { id: number; listingId: number }, wanted: IsoDate[], now: Date): Promise<AppliedNights> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeTransaction((transaction) => applyOnce(feed.id, feed.listingId, wanted, now, transaction));
    } catch (error) {
      if (attempt >= 5 || !isRetryableConflict(error)) throw error;
    }
  }
}
