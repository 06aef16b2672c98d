import crypto from "node:crypto";
import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { ReservationNight } from "~/db/models/reservation-night.server";
import { AppError } from "~/utils/app-error";
import { writeTransaction } from "~/db/write-transaction.server";

// The held-nights contract (migration 0040): a holding reservation owns one reservation_nights
// row per night and slot, and the unique index (listing_id, unit_key, night, slot) refuses a
// second owner. This module takes and frees those rows, and runs booking transactions that retry
// when a concurrent booking won the race (the index refused us) before answering 409.

/** "The selected dates are already booked." (SPEC.md §8), the answer to every lost race. */
export const DATES_BOOKED_KEY = "booking:errors.datesBooked";

/** The nights asked for are not free (seen in our snapshot: no point retrying). */
export class NightsTakenError extends Error {
  constructor() {
    super("nights taken");
    this.name = "NightsTakenError";
  }
}

export interface HoldRequest {
  reservationId: number;
  listingId: number;
  unitKey: string;
  nights: string[];
  /** Rooms to take each night (1 for a whole listing or a guesthouse room). */
  rooms: number;
  /** Slots that exist each night: 1, or a room type's quantity. */
  capacity: number;
  now: Date;
}

/** For each night, the slots held by other reservations. */
export async function heldSlots(
  listingId: number,
  unitKey: string,
  nights: string[],
  transaction?: Transaction,
): Promise<Map<string, Set<number>>> {
  const rows = await ReservationNight.findAll({
    attributes: ["night", "slot"],
    where: { listingId, unitKey, night: { [Op.in]: nights } },
    transaction,
  });
  const held = new Map<string, Set<number>>();
  for (const row of rows) {
    const night = String(row.night).slice(0, 10);
    if (!held.has(night)) held.set(night, new Set());
    held.get(night)!.add(row.slot);
  }
  return held;
}

/**
 * Takes `rooms` free slots on every night, or throws NightsTakenError. Free slots are picked at
 * random so concurrent bookings of a room type spread over its rooms instead of all racing for
 * slot 0; rows are inserted in (night, slot) order so two bookings never wait on each other in a
 * cycle. A concurrent winner makes the insert fail with a UniqueConstraintError (retried by
 * runBookingTransaction).
 */
export async function holdNights(request: HoldRequest, transaction: Transaction): Promise<void> {
  if (request.rooms < 1 || request.rooms > request.capacity) throw new NightsTakenError();
  const held = await heldSlots(request.listingId, request.unitKey, request.nights, transaction);
  const rows: Array<{ reservationId: number; listingId: number; unitKey: string; night: string; slot: number; createdAt: Date }> = [];
  for (const night of request.nights) {
    const taken = held.get(night) ?? new Set<number>();
    const free = [...Array(request.capacity).keys()].filter((slot) => !taken.has(slot));
    if (free.length < request.rooms) throw new NightsTakenError();
    for (const slot of pickRandom(free, request.rooms).sort((a, b) => a - b)) {
      rows.push({
        reservationId: request.reservationId,
        listingId: request.listingId,
        unitKey: request.unitKey,
        night,
        slot,
        createdAt: request.now,
      });
    }
  }
  rows.sort((a, b) => (a.night === b.night ? a.slot - b.slot : a.night < b.night ? -1 : 1));
  await ReservationNight.bulkCreate(rows, { transaction });
}

/** Frees every night of a reservation (in the transaction that cancels, expires or declines it). */
export async function releaseNights(reservationId: number, transaction: Transaction): Promise<number> {
  return ReservationNight.destroy({ where: { reservationId }, transaction });
}

function pickRandom<T>(items: T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = crypto.randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/** A lost race that a new attempt may win: a unique index refused us, or the database broke a deadlock. */
export function isRetryableConflict(error: unknown): boolean {
  if (error instanceof UniqueConstraintError) return true;
  const parent = (error as { parent?: { code?: string; errno?: number } } | null)?.parent;
  const code = parent?.code ?? (error as { code?: string } | null)?.code;
  return (
    code === "ER_LOCK_DEADLOCK" ||
    code === "ER_LOCK_WAIT_TIMEOUT" ||
    code === "SQLITE_BUSY" ||
    parent?.errno === 1213 ||
    parent?.errno === 1205
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


/**
 * Runs a booking transaction. When the nights are taken (seen, or refused by the unique index
 * after a concurrent booking won), the answer is AppError(409, "The selected dates are already
 * booked"); races are retried a few times first, since a room type may still have free rooms.
 */
export async function runBookingTransaction<T>(
  work: (transaction: Transaction) => Promise<T>,
  options: { attempts?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 8;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeTransaction(work);
    } catch (error) {
      if (error instanceof NightsTakenError) throw new AppError(409, DATES_BOOKED_KEY);
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= attempts) throw new AppError(409, DATES_BOOKED_KEY);
      await sleep(5 + crypto.randomInt(20 * attempt));
    }
  }
}
