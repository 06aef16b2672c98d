import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { CalendarDay } from "~/db/models/calendar-day.server";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { Listing } from "~/db/models/listing.server";
import { ListingPause } from "~/db/models/listing-pause.server";
import { Reservation } from "~/db/models/reservation.server";
import { monthCalendar, type MonthCalendar } from "~/domain/availability";
import { HOLDING_STATUSES } from "~/domain/reservation-state";
import { addDays, addMonths, isIsoDate, nightsBetween, nightsOf, parseIsoMonth, todayInTunis } from "~/domain/stay-dates";
import { DEFAULT_BOOKING_WINDOW_DAYS } from "~/domain/stay-rules";
import { loadManagedListing, type Actor } from "~/services/listings/listing-access.server";
import { cohostedListingIds } from "~/services/cohosts/cohost-access.server";
import { recordHostAction } from "~/services/cohosts/host-actions.server";
import type { HostActionKind } from "~/db/models/host-action.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { AppError } from "~/utils/app-error";
import type { FeedSource } from "~/domain/calendar-sync";
import { externalNightSources } from "~/services/calendar-sync/external-nights.server";
import { calendarChangedWebhook } from "~/services/webhooks/webhook-sources.server";

// The host calendar (/dashboard/calendrier/{id}): a month of nights with their state (booked,
// held, blocked, paused, free) and price, and the host's changes — block or unblock a date, a
// range or all upcoming dates, set a price for a date or a range. Writes go to calendar_days (the
// listings' table), one row per date that has a block or its own price.

/** The longest range changed at once (a year and a day). */
export const MAX_CALENDAR_RANGE_DAYS = 366;

export interface HostCalendar {
  listing: { id: number; title: string; basePrice: number; establishment: boolean };
  calendar: MonthCalendar;
  /** Nights imported calendars block, with the sources that block them (shown apart from the host's blocks). */
  external: Record<string, FeedSource[]>;
  today: string;
}

function currentMonth(now: Date): string {
  return todayInTunis(now).slice(0, 7);
}

/** The `YYYY-MM` asked for, or this month (Tunis) when it is missing or malformed. */
export function calendarMonth(value: unknown, now: Date): string {
  return parseIsoMonth(value) ? String(value) : currentMonth(now);
}

/** How many rooms the listing has: 1 for a whole listing, the rooms of an establishment. */
async function roomCount(listingId: number, propertyType: string | null): Promise<number> {
  if (propertyType === "hotel") {
    const hotel = await Hotel.findOne({ where: { listingId }, attributes: ["id"] });
    if (!hotel) return 0;
    const types = await HotelRoomType.findAll({ where: { hotelId: hotel.id }, attributes: ["quantity"] });
    return types.reduce((sum, type) => sum + type.quantity, 0);
  }
  if (propertyType === "guesthouse") {
    const guesthouse = await Guesthouse.findOne({ where: { listingId }, attributes: ["id"] });
    return guesthouse ? GuesthouseRoom.count({ where: { guesthouseId: guesthouse.id } }) : 0;
  }
  return 1;
}

export async function getHostCalendar(actor: Actor, listingId: number, month: string, options: { now?: Date } = {}): Promise<HostCalendar> {
  const now = options.now ?? new Date();
  const listing = await loadManagedListing(actor, listingId);
  if (!parseIsoMonth(month)) throw new AppError(400, "calendar:errors.month");
  const first = `${month}-01`;
  const end = `${addMonths(month, 1)}-01`;
  const establishment = listing.propertyType === "hotel" || listing.propertyType === "guesthouse";
  const [reservations, days, pauses, quantity, external] = await Promise.all([
    Reservation.findAll({
      attributes: ["checkIn", "checkOut", "status", "rooms"],
      where: { listingId, status: { [Op.in]: [...HOLDING_STATUSES] }, checkIn: { [Op.lt]: end }, checkOut: { [Op.gt]: first } },
    }),
    CalendarDay.findAll({ where: { listingId, date: { [Op.gte]: first, [Op.lt]: end } } }),
    ListingPause.findAll({ where: { listingId, startDate: { [Op.lt]: end }, endDate: { [Op.gt]: first } } }),
    roomCount(listingId, listing.propertyType),
    externalNightSources(listingId, first, end),
  ]);
  const pricesByDate = new Map<string, number>();
  for (const day of days) if (day.price !== null) pricesByDate.set(day.date, day.price);
  const calendar = monthCalendar({
    month,
    now,
    facts: {
      reservations: reservations.map((r) => ({ checkIn: r.checkIn, checkOut: r.checkOut, status: r.status, rooms: r.rooms })),
      blockedDates: days.filter((day) => day.blocked).map((day) => day.date),
      externalDates: Object.keys(external),
      pauses: pauses.map((pause) => ({ start: pause.startDate, end: pause.endDate })),
      quantity,
    },
    pricing: { nightlyPrice: listing.basePrice ?? 0, pricesByDate },
  });
  return {
    listing: { id: listing.id, title: listing.title ?? "", basePrice: listing.basePrice ?? 0, establishment },
    calendar,
    external,
    today: todayInTunis(now),
  };
}

export type CalendarTarget = { kind: "range"; from: string; to: string } | { kind: "all" };

/** The dates a change covers: from..to inclusive, never before today; "all" = today to the booking window's end. */
export function datesOf(target: CalendarTarget, now: Date): string[] {
  const today = todayInTunis(now);
  if (target.kind === "all") return nightsOf(today, addDays(today, DEFAULT_BOOKING_WINDOW_DAYS + 1));
  if (!isIsoDate(target.from)) throw new AppError(400, "calendar:errors.from", { fields: { from: "calendar:errors.from" } });
  if (!isIsoDate(target.to) || target.to < target.from) throw new AppError(400, "calendar:errors.to", { fields: { to: "calendar:errors.to" } });
  if (nightsBetween(target.from, target.to) + 1 > MAX_CALENDAR_RANGE_DAYS) {
    throw new AppError(400, "calendar:errors.rangeTooLong", { fields: { to: "calendar:errors.rangeTooLong" }, values: { count: MAX_CALENDAR_RANGE_DAYS } });
  }
  const start = target.from < today ? today : target.from;
  if (target.to < start) throw new AppError(400, "calendar:errors.past", { fields: { from: "calendar:errors.past" } });
  return nightsOf(start, addDays(target.to, 1));
}

async function upsertDays(
  listingId: number,
  dates: string[],
  change: { blocked?: boolean; price?: number | null },
  transaction: Transaction,
): Promise<void> {
  const existing = await CalendarDay.findAll({ where: { listingId, date: { [Op.in]: dates } }, transaction });
  const known = new Set(existing.map((day) => day.date));
  if (existing.length > 0) {
    await CalendarDay.update(change, { where: { listingId, date: { [Op.in]: [...known] } }, transaction });
  }
  const missing = dates.filter((date) => !known.has(date));
  const wanted = { blocked: change.blocked ?? false, price: change.price ?? null };
  if (missing.length > 0 && (wanted.blocked || wanted.price !== null)) {
    await CalendarDay.bulkCreate(
      missing.map((date) => ({ listingId, date, ...wanted })),
      { transaction },
    );
  }
  // A date with neither a block nor a price of its own is the default: no row.
  await CalendarDay.destroy({ where: { listingId, date: { [Op.in]: dates }, blocked: false, price: null }, transaction });
}

interface ChangeRecord {
  actorId: number;
  action: HostActionKind;
  detail: string;
  now: Date;
}

/** "from…to" of the dates changed, for the record of who changed them. */
function spanOf(dates: string[]): string {
  return dates.length === 1 ? dates[0]! : `${dates[0]}…${dates.at(-1)}`;
}

async function writeDays(listingId: number, dates: string[], change: { blocked?: boolean; price?: number | null }, record: ChangeRecord): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      // Large changes in chunks keep each statement's IN list small.
      await writeTransaction(async (transaction) => {
        for (let index = 0; index < dates.length; index += 200) {
          await upsertDays(listingId, dates.slice(index, index + 200), change, transaction);
        }
        await recordHostAction({ listingId, ...record }, transaction);
        await calendarChangedWebhook(transaction, {
          listingId,
          change: "price" in change ? "prices" : change.blocked ? "blocked" : "unblocked",
          from: dates[0],
          to: dates.at(-1),
          now: record.now,
        });
      });
      return;
    } catch (error) {
      // Two changes at once both inserted a date: the second tries again and updates it.
      if (error instanceof UniqueConstraintError && attempt < 3) continue;
      throw error;
    }
  }
}

/** Blocks (or unblocks) a date, a range, or all upcoming dates. Returns how many dates changed. */
export async function setBlocked(
  actor: Actor,
  listingId: number,
  target: CalendarTarget,
  blocked: boolean,
  options: { now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  await loadManagedListing(actor, listingId);
  if (target.kind === "all" && !blocked) {
    // Unblock all: every block from today on goes, prices stay.
    const today = todayInTunis(now);
    let changed = 0;
    await writeTransaction(async (transaction) => {
      [changed] = await CalendarDay.update({ blocked: false }, { where: { listingId, blocked: true, date: { [Op.gte]: today } }, transaction });
      await CalendarDay.destroy({ where: { listingId, blocked: false, price: null }, transaction });
      await recordHostAction({ listingId, actorId: actor.id, action: "calendar_unblocked", detail: "all", now }, transaction);
      await calendarChangedWebhook(transaction, { listingId, change: "unblocked", from: today, now });
    });
    return changed;
  }
  const dates = datesOf(target, now);
  const detail = target.kind === "all" ? "all" : spanOf(dates);
  await writeDays(listingId, dates, { blocked }, { actorId: actor.id, action: blocked ? "calendar_blocked" : "calendar_unblocked", detail, now });
  return dates.length;
}

/** Sets the price of a date or a range (millimes), or gives it back the base price (null). */
export async function setPrice(
  actor: Actor,
  listingId: number,
  target: Extract<CalendarTarget, { kind: "range" }>,
  price: number | null,
  options: { now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  await loadManagedListing(actor, listingId);
  if (price !== null && (!Number.isSafeInteger(price) || price <= 0 || price > 100_000_000)) {
    throw new AppError(400, "calendar:errors.price", { fields: { price: "calendar:errors.price" } });
  }
  const dates = datesOf(target, now);
  await writeDays(listingId, dates, { price }, { actorId: actor.id, action: "calendar_priced", detail: spanOf(dates), now });
  return dates.length;
}

/** The host's listings and the ones they co-host (not deleted), for the calendar's listing chooser. */
export async function listCalendarListings(hostId: number): Promise<Array<{ id: number; title: string; city: string | null; propertyType: string | null }>> {
  const cohosted = await cohostedListingIds(hostId);
  const listings = await Listing.findAll({
    attributes: ["id", "title", "city", "propertyType"],
    where: { [Op.or]: [{ hostId }, { id: { [Op.in]: cohosted } }], status: { [Op.ne]: "deleted" } },
    order: [["id", "ASC"]],
  });
  return listings.map((listing) => ({ id: listing.id, title: listing.title ?? "", city: listing.city, propertyType: listing.propertyType }));
}
