import crypto from "node:crypto";
import { UniqueConstraintError } from "sequelize";
import { CalendarExport } from "~/db/models/calendar-export.server";
import { Guesthouse } from "~/db/models/guesthouse.server";
import { GuesthouseRoom } from "~/db/models/guesthouse-room.server";
import { Hotel } from "~/db/models/hotel.server";
import { HotelRoomType } from "~/db/models/hotel-room-type.server";
import { Listing } from "~/db/models/listing.server";
import { unitKeyFor } from "~/db/models/reservation-night.server";
import { nightStates } from "~/domain/availability";
import { buildCalendar, type ExportEvent } from "~/domain/calendar-sync-ical";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { availabilityFacts } from "~/services/booking/booking-target.server";
import { requireFeedListing } from "~/services/calendar-sync/feeds.server";
import type { Actor } from "~/services/listings/listing-access.server";
import { AppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";

// The private iCal export (GET /ical/{token}.ics): each unit that can be booked — a whole listing,
// a hotel room type, a guesthouse room — has an unguessable token; regenerating it makes the old
// URL answer 404. The calendar lists the nights that cannot be booked as all-day events
// ("Reserved" for reservations, "Not available" for blocks, pauses and imported nights), a year
// ahead, with no guest data.

/** How far ahead the export goes. */
export const EXPORT_DAYS = 365;

export interface ExportUnit {
  unitKey: string;
  /** A room type's or room's name; null for a whole listing. */
  name: string | null;
  roomTypeId: number | null;
  guesthouseRoomId: number | null;
  capacity: number;
}

export interface ExportLink {
  unitKey: string;
  name: string | null;
  url: string;
}

function newToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

export function exportUrl(token: string, baseUrl: string = env.appUrl): string {
  return new URL(`/ical/${token}.ics`, baseUrl).toString();
}

/** The units of a listing that have an export: the listing itself, or each room type / room. */
export async function exportUnits(listing: Pick<Listing, "id" | "propertyType">): Promise<ExportUnit[]> {
  if (listing.propertyType === "hotel") {
    const hotel = await Hotel.findOne({ where: { listingId: listing.id }, attributes: ["id"] });
    const types = hotel ? await HotelRoomType.findAll({ where: { hotelId: hotel.id }, order: [["id", "ASC"]] }) : [];
    return types.map((type) => ({ unitKey: unitKeyFor({ roomTypeId: type.id }), name: type.name, roomTypeId: type.id, guesthouseRoomId: null, capacity: type.quantity }));
  }
  if (listing.propertyType === "guesthouse") {
    const guesthouse = await Guesthouse.findOne({ where: { listingId: listing.id }, attributes: ["id"] });
    const rooms = guesthouse ? await GuesthouseRoom.findAll({ where: { guesthouseId: guesthouse.id }, order: [["id", "ASC"]] }) : [];
    return rooms.map((room) => ({ unitKey: unitKeyFor({ guesthouseRoomId: room.id }), name: `${room.number} · ${room.name}`, roomTypeId: null, guesthouseRoomId: room.id, capacity: 1 }));
  }
  return [{ unitKey: unitKeyFor({}), name: null, roomTypeId: null, guesthouseRoomId: null, capacity: 1 }];
}

async function tokenFor(listingId: number, unitKey: string): Promise<string> {
  const existing = await CalendarExport.findOne({ where: { listingId, unitKey } });
  if (existing) return existing.token;
  try {
    return (await CalendarExport.create({ listingId, unitKey, token: newToken() })).token;
  } catch (error) {
    // Two first visits at once: the other one's token stands.
    if (!(error instanceof UniqueConstraintError)) throw error;
    return (await CalendarExport.findOne({ where: { listingId, unitKey } }))!.token;
  }
}

/** The listing's export URLs, one per unit (tokens made on first sight). */
export async function exportLinks(actor: Actor, listingId: number): Promise<ExportLink[]> {
  const listing = await requireFeedListing(actor, listingId);
  const units = await exportUnits(listing);
  const links: ExportLink[] = [];
  for (const unit of units) links.push({ unitKey: unit.unitKey, name: unit.name, url: exportUrl(await tokenFor(listing.id, unit.unitKey)) });
  return links;
}

/** A new token for the unit's export: the old URL answers 404 from now on. */
export async function regenerateExportToken(actor: Actor, listingId: number, unitKey: string): Promise<string> {
  const listing = await requireFeedListing(actor, listingId);
  const unit = (await exportUnits(listing)).find((candidate) => candidate.unitKey === unitKey);
  if (!unit) throw new AppError(404, "calendar-sync:errors.feedNotFound");
  await tokenFor(listing.id, unit.unitKey);
  const token = newToken();
  await CalendarExport.update({ token }, { where: { listingId: listing.id, unitKey: unit.unitKey } });
  return exportUrl(token);
}

/** The iCalendar text of a token's unit, or null (unknown token, deleted listing or unit). */
export async function exportCalendar(token: string, now: Date = new Date()): Promise<string | null> {
  if (!/^[\w-]{16,64}$/.test(token)) return null;
  const record = await CalendarExport.findOne({ where: { token } });
  if (!record) return null;
  const listing = await Listing.findByPk(record.listingId, { attributes: ["id", "propertyType", "status"] });
  if (!listing || listing.status === "deleted") return null;
  const unit = (await exportUnits(listing)).find((candidate) => candidate.unitKey === record.unitKey);
  if (!unit) return null;
  const from = dateInTunis(now);
  const to = addDays(from, EXPORT_DAYS);
  const facts = await availabilityFacts({ listingId: listing.id, roomTypeId: unit.roomTypeId, guesthouseRoomId: unit.guesthouseRoomId, capacity: unit.capacity }, { checkIn: from, checkOut: to });
  const events: ExportEvent[] = [];
  let run: ExportEvent | null = null;
  for (const night of nightStates(facts, from, to)) {
    const summary = night.availableRooms > 0 ? null : night.state === "booked" || night.state === "held" ? "Reserved" : "Not available";
    if (run && summary === run.summary && run.end === night.date) {
      run.end = addDays(night.date, 1);
      continue;
    }
    if (run) events.push(run);
    run = summary
      ? { uid: `darna-${listing.id}-${unit.unitKey.replace(":", "-")}-${summary === "Reserved" ? "reserved" : "unavailable"}-${night.date}@darna.tn`, start: night.date, end: addDays(night.date, 1), summary }
      : null;
  }
  if (run) events.push(run);
  return buildCalendar({ name: `Darna ${listing.id}${unit.name ? ` · ${unit.name}` : ""}`, events, now });
}
