// The stay rules of PRODUCT.md "Stay rules": is this request (dates, guests, pets, rooms) one the
// listing takes? Every broken rule is returned, per field, as a translation key with its values,
// so a form shows each next to its field and the API returns them as `fields` (ADR 051).
// Whether the nights are free is availability.ts's question; the booking service asks both.

import { addDays, isIsoDate, nightsBetween, todayInTunis, type IsoDate } from "~/domain/stay-dates";

/** Fields a stay form or the API names; `guests` is the guest picker as a whole. */
export type StayField = "checkIn" | "checkOut" | "adults" | "children" | "infants" | "pets" | "rooms" | "guests";

/** One broken rule: where to show it, the translation key and its interpolation values. */
export interface RuleIssue<Field extends string = StayField> {
  field: Field;
  key: string;
  values?: Record<string, string | number>;
}

export const STAY_ERROR_KEYS = {
  checkInInvalid: "rules:stay.checkInInvalid",
  checkOutInvalid: "rules:stay.checkOutInvalid",
  checkInPast: "rules:stay.checkInPast",
  checkInTooFar: "rules:stay.checkInTooFar",
  checkOutNotAfterCheckIn: "rules:stay.checkOutNotAfterCheckIn",
  minNights: "rules:stay.minNights",
  maxNights: "rules:stay.maxNights",
  countInvalid: "rules:stay.countInvalid",
  adultsRequired: "rules:stay.adultsRequired",
  roomsRequired: "rules:stay.roomsRequired",
  maxGuests: "rules:stay.maxGuests",
  maxInfants: "rules:stay.maxInfants",
  petsNotAllowed: "rules:stay.petsNotAllowed",
  maxPets: "rules:stay.maxPets",
} as const;

/** Check-in is accepted up to this many days after today (Tunis) unless the listing says otherwise. */
export const DEFAULT_BOOKING_WINDOW_DAYS = 365;
/** The longest stay when a listing sets no maximum: a year. */
export const DEFAULT_MAX_NIGHTS = 365;
/** Infants and pets do not count as guests, but are capped like on Airbnb. */
export const DEFAULT_MAX_INFANTS = 5;
export const DEFAULT_MAX_PETS = 5;

/** What the traveler asks for. Counts are what a form or the API parsed (may be anything). */
export interface StayRequest {
  checkIn: unknown;
  checkOut: unknown;
  adults: unknown;
  children?: unknown;
  infants?: unknown;
  pets?: unknown;
  /** Rooms of a room type / guesthouse room booked together (default 1). */
  rooms?: unknown;
}

/** A listing's rules, as stored. For a room type, maxGuests is per room. */
export interface ListingStayRules {
  minNights: number;
  maxNights: number | null;
  maxGuests: number;
  petsAllowed: boolean;
  maxInfants?: number;
  maxPets?: number;
  bookingWindowDays?: number;
}

/** A request that passed: typed, with its number of nights. */
export interface ValidStay {
  checkIn: IsoDate;
  checkOut: IsoDate;
  nights: number;
  adults: number;
  children: number;
  infants: number;
  pets: number;
  rooms: number;
}

export type StayValidation = { ok: true; stay: ValidStay; issues: [] } | { ok: false; issues: RuleIssue[] };

function readCount(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null || value === "") return fallback;
  const number = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/**
 * Validates a stay request against a listing's rules at `now` (today is read in Tunis). Returns
 * every broken rule; the dates' checks stop at the first broken one per field so that, say, a
 * missing check-out does not also report a minimum stay.
 */
export function validateStay(request: StayRequest, rules: ListingStayRules, now: Date): StayValidation {
  const issues: RuleIssue[] = [];
  const today = todayInTunis(now);
  const maxNights = rules.maxNights ?? DEFAULT_MAX_NIGHTS;
  const windowDays = rules.bookingWindowDays ?? DEFAULT_BOOKING_WINDOW_DAYS;

  const checkIn = isIsoDate(request.checkIn) ? request.checkIn : null;
  const checkOut = isIsoDate(request.checkOut) ? request.checkOut : null;
  if (checkIn === null) issues.push({ field: "checkIn", key: STAY_ERROR_KEYS.checkInInvalid });
  else if (checkIn < today) issues.push({ field: "checkIn", key: STAY_ERROR_KEYS.checkInPast });
  else if (checkIn > addDays(today, windowDays)) {
    issues.push({ field: "checkIn", key: STAY_ERROR_KEYS.checkInTooFar, values: { date: addDays(today, windowDays) } });
  }

  let nights = 0;
  if (checkOut === null) issues.push({ field: "checkOut", key: STAY_ERROR_KEYS.checkOutInvalid });
  else if (checkIn !== null) {
    nights = nightsBetween(checkIn, checkOut);
    if (nights <= 0) issues.push({ field: "checkOut", key: STAY_ERROR_KEYS.checkOutNotAfterCheckIn });
    else if (nights < rules.minNights) issues.push({ field: "checkOut", key: STAY_ERROR_KEYS.minNights, values: { count: rules.minNights } });
    else if (nights > maxNights) issues.push({ field: "checkOut", key: STAY_ERROR_KEYS.maxNights, values: { count: maxNights } });
  }

  const adults = readCount(request.adults, 0);
  const children = readCount(request.children, 0);
  const infants = readCount(request.infants, 0);
  const pets = readCount(request.pets, 0);
  const rooms = readCount(request.rooms, 1);
  if (adults === null) issues.push({ field: "adults", key: STAY_ERROR_KEYS.countInvalid });
  else if (adults < 1) issues.push({ field: "adults", key: STAY_ERROR_KEYS.adultsRequired });
  if (children === null) issues.push({ field: "children", key: STAY_ERROR_KEYS.countInvalid });
  if (rooms === null) issues.push({ field: "rooms", key: STAY_ERROR_KEYS.countInvalid });
  else if (rooms < 1) issues.push({ field: "rooms", key: STAY_ERROR_KEYS.roomsRequired });
  if (adults !== null && children !== null && rooms !== null && rooms >= 1) {
    const capacity = rules.maxGuests * rooms;
    if (adults + children > capacity) issues.push({ field: "guests", key: STAY_ERROR_KEYS.maxGuests, values: { count: capacity } });
  }
  const maxInfants = rules.maxInfants ?? DEFAULT_MAX_INFANTS;
  if (infants === null) issues.push({ field: "infants", key: STAY_ERROR_KEYS.countInvalid });
  else if (infants > maxInfants) issues.push({ field: "infants", key: STAY_ERROR_KEYS.maxInfants, values: { count: maxInfants } });
  const maxPets = rules.maxPets ?? DEFAULT_MAX_PETS;
  if (pets === null) issues.push({ field: "pets", key: STAY_ERROR_KEYS.countInvalid });
  else if (pets > 0 && !rules.petsAllowed) issues.push({ field: "pets", key: STAY_ERROR_KEYS.petsNotAllowed });
  else if (pets > maxPets) issues.push({ field: "pets", key: STAY_ERROR_KEYS.maxPets, values: { count: maxPets } });

  if (issues.length > 0 || checkIn === null || checkOut === null) return { ok: false, issues };
  return {
    ok: true,
    issues: [],
    stay: {
      checkIn,
      checkOut,
      nights,
      adults: adults!,
      children: children!,
      infants: infants!,
      pets: pets!,
      rooms: rooms!,
    },
  };
}

/** Groups issues by field (`{ checkOut: [...], pets: [...] }`) for forms and the API's `fields`. */
export function issuesByField<Field extends string>(issues: readonly RuleIssue<Field>[]): Partial<Record<Field, RuleIssue<Field>[]>> {
  const grouped: Partial<Record<Field, RuleIssue<Field>[]>> = {};
  for (const issue of issues) (grouped[issue.field] ??= []).push(issue);
  return grouped;
}
