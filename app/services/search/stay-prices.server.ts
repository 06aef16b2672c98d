// Stays and their prices: a search's stay priced per listing (homes by the calendar, establishments
// by their cheapest fitting room types or rooms), by the one pricing function.
import { QueryTypes } from "sequelize";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { isEstablishmentType, type PropertyType } from "~/domain/listing";
import { quoteStay } from "~/domain/pricing";
import { roomsNeeded } from "~/domain/search";
import { nightsOf } from "~/domain/stay-dates";
import { listingPricingTerms, roomPricingTerms } from "~/services/listings/property-pricing.server";
import { packedSelect, type PackedColumn } from "~/services/search/packed-rows.server";

/**
 * Ids go to the database in lists of at most this many: MariaDB turns an IN list of 1,000 values
 * or more into a subquery (in_predicate_conversion_threshold) and may then scan the table.
 */
export const ID_CHUNK = 500;

export interface Stay {
  checkIn: string;
  checkOut: string;
  nights: number;
}

export interface Guests {
  adults: number;
  children: number;
  infants: number;
  pets: number;
}

/** The people counted against a capacity: adults and children (infants do not count). */
export function countedGuests(guests: Guests): number {
  return guests.adults + guests.children;
}

/** A priced stay in a search result or on a card: the total includes every fee. */
export interface StayPrice {
  nights: number;
  total: number;
  /** For establishments: the room type or room this price is for, and how many rooms. */
  unit: { kind: "room-type" | "room"; id: number; name: string; rooms: number } | null;
}

export interface PricedRow {
  id: number;
  property_type: PropertyType;
  base_price: number | null;
  cleaning_fee: number;
  weekly_discount_pct: number;
  monthly_discount_pct: number;
  /**
   * The host's own prices of the stay's nights ("date:price,…", NULL for none), when read with
   * the row (stayPricesColumn): the stay is then priced without reading the calendar again.
   */
  stay_prices?: string | null;
}

/** What pricing a listing's stay reads of its row (listingPricingTerms), as packed columns of `l`. */
export const LISTING_PRICING_COLUMNS: readonly PackedColumn[] = [
  ["id", "l.id", "number"],
  ["property_type", "l.property_type", "text"],
  ["base_price", "l.base_price", "number"],
  ["cleaning_fee", "l.cleaning_fee", "number"],
  ["weekly_discount_pct", "l.weekly_discount_pct", "number"],
  ["monthly_discount_pct", "l.monthly_discount_pct", "number"],
];

/**
 * A column of listing `alias` holding the per-date prices the host set on the stay's nights, as
 * "YYYY-MM-DD:millimes" joined by commas (NULL when none): read beside the listing in the
 * statement that finds it, so that pricing its stay sends no statement of its own — each one a
 * round trip on MariaDB (ADR 250). One indexed range of calendar_days (listing_id, date) per row.
 */
export function stayPricesColumn(
  stay: Stay,
  dialect: "mysql" | "sqlite",
  alias = "l",
): { sql: string; expression: string; replacements: Record<string, unknown> } {
  const pair = dialect === "mysql" ? "CONCAT(spd.date, ':', spd.price)" : "(spd.date || ':' || spd.price)";
  const expression = `(SELECT GROUP_CONCAT(${pair}) FROM calendar_days spd
            WHERE spd.listing_id = ${alias}.id AND spd.date >= :stayPricesFrom AND spd.date < :stayPricesTo AND spd.price IS NOT NULL)`;
  return { sql: `${expression} AS stay_prices`, expression, replacements: { stayPricesFrom: stay.checkIn, stayPricesTo: stay.checkOut } };
}

/** The per-date prices of a `stay_prices` column. */
function parseStayPrices(value: string | null): Map<string, number> | undefined {
  if (!value) return undefined;
  const prices = new Map<string, number>();
  for (const pair of value.split(",")) {
    const colon = pair.indexOf(":");
    prices.set(pair.slice(0, colon), Number(pair.slice(colon + 1)));
  }
  return prices;
}

/** Per-date prices the hosts set on the nights of a stay, per listing. */
async function calendarPrices(listingIds: number[], stay: Stay): Promise<Map<number, Map<string, number>>> {
  const prices = new Map<number, Map<string, number>>();
  for (let start = 0; start < listingIds.length; start += ID_CHUNK) {
    const chunk = listingIds.slice(start, start + ID_CHUNK);
    const rows = await getSequelize().query<{ listing_id: number; date: string; price: number }>(
      `SELECT listing_id, date, price FROM calendar_days
        WHERE listing_id IN (:ids) AND date >= :checkIn AND date < :checkOut AND price IS NOT NULL`,
      { replacements: { ids: chunk, checkIn: stay.checkIn, checkOut: stay.checkOut }, type: QueryTypes.SELECT },
    );
    for (const row of rows) {
      const id = Number(row.listing_id);
      if (!prices.has(id)) prices.set(id, new Map());
      prices.get(id)!.set(String(row.date), Number(row.price));
    }
  }
  return prices;
}

/** The whole-listing price of a stay for each of `rows` (not establishments). */
async function pricePropertyStays(rows: PricedRow[], stay: Stay): Promise<Map<number, StayPrice>> {
  // Rows read with their stay's prices need no calendar read; the others are read at once.
  const prices = await calendarPrices(
    rows.filter((row) => row.stay_prices === undefined).map((row) => Number(row.id)),
    stay,
  );
  for (const row of rows) if (row.stay_prices !== undefined) {
    const own = parseStayPrices(row.stay_prices);
    if (own) prices.set(Number(row.id), own);
  }
  const result = new Map<number, StayPrice>();
  for (const row of rows) {
    const id = Number(row.id);
    const terms = listingPricingTerms(
      {
        basePrice: Number(row.base_price ?? 0),
        cleaningFee: Number(row.cleaning_fee),
        weeklyDiscountPct: Number(row.weekly_discount_pct),
        monthlyDiscountPct: Number(row.monthly_discount_pct),
      },
      prices.get(id),
    );
    result.set(id, { nights: stay.nights, total: quoteStay(terms, stay).total, unit: null });
  }
  return result;
}

export interface EstablishmentUnit {
  kind: "room-type" | "room";
  id: number;
  name: string;
  description: string | null;
  /** The base price of one night of one room, in millimes. */
  price: number;
  /** Guests one room takes. */
  capacity: number;
  /** Rooms of this unit (a room type's quantity; 1 for a guesthouse room). */
  quantity: number;
  sizeM2: number | null;
  beds: string | null;
  showers: number | null;
  features: string[];
  /** With a stay: rooms still free on every night of it. */
  freeRooms: number | null;
  /** With a stay and guests: rooms needed and the price for them, or why not. */
  offer: { rooms: number; quote: ReturnType<typeof quoteStay> } | null;
  unavailableReason: "booked" | "capacity" | null;
}

interface UnitRow {
  listing_id: number;
  kind: "room-type" | "room";
  id: number;
  name: string;
  description: string | null;
  price: number;
  capacity: number;
  quantity: number;
  size_m2: number | null;
  beds: string | number | null;
  showers: number | null;
  features: string | null;
  cleaning_fee: number;
  weekly_discount_pct: number;
  monthly_discount_pct: number;
  /** With a stay: the most rooms of the unit held on any one night of it (NULL: none). */
  held: number | string | null;
}

/**
 * The room types of hotels and the rooms of guesthouses among `listingIds`, with (for a stay)
 * how many rooms are free on every night and, for the guests, the price of the rooms they need.
 * Hotel room types take the hotel's discounts; guesthouse rooms the listing's (ADR 060).
 */
export async function establishmentUnits(
  listingIds: number[],
  stay: Stay | null,
  guests: number | null,
  { details = true }: { details?: boolean } = {},
): Promise<Map<number, EstablishmentUnit[]>> {
  const units = new Map<number, EstablishmentUnit[]>();
  if (listingIds.length === 0) return units;
  const sequelize = getSequelize();
  const dialect = currentDialect();
  const mysql = dialect === "mysql";
  // With a stay, each unit comes with the most rooms held on any one night of it (`held`), read
  // in the same statement (ADR 250; a separate one after was a third round trip on MariaDB).
  // Each unit's nights are probed by their full key — listing, unit, night — of
  // reservation_nights_one_holder, one probe per night of the stay from a derived table of the
  // nights: `unit_key <> 'listing'`, or a night range after a unit key taken from another table,
  // reads every night of the year of every room type instead (MariaDB ranges on no key part after
  // one taken from another table; ADR 191).
  const replacements: Record<string, unknown> = { ids: listingIds };
  const heldColumn = (unitKey: string) => {
    if (!stay) return "NULL";
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    nights.forEach((night, index) => (replacements[`heldNight${index}`] = night));
    const table = nights.map((_, index) => `SELECT ${mysql ? `CAST(:heldNight${index} AS DATE)` : `:heldNight${index}`} AS night`).join(" UNION ALL ");
    return `(SELECT COUNT(*) FROM (${table}) sn JOIN reservation_nights rn ON rn.listing_id = l.id AND rn.unit_key = ${unitKey} AND rn.night = sn.night
              GROUP BY sn.night ORDER BY COUNT(*) DESC LIMIT 1)`;
  };
  const roomTypeKey = mysql ? "CONCAT('room-type:', rt.id)" : "('room-type:' || rt.id)";
  const roomKey = mysql ? "CONCAT('room:', r.id)" : "('room:' || r.id)";
  // One statement for both kinds of unit (ADR 250: each is a round trip on MariaDB); which kind a
  // row is comes as a number (`is_room`), not a string literal, whose collation MariaDB would
  // refuse to mix with the columns'.
  // The numbers of each unit are read packed into one column on SQLite (ADR 255); the texts beside
  // them, and only when the caller shows them (`details`): a search prices its establishments
  // with the name of the cheapest unit alone.
  const numbers = (columns: { listing: string; price: string; capacity: string; quantity: string; weekly: string; monthly: string; held: string }, isRoom: number) =>
    packedSelect<Omit<UnitRow, "kind" | "name" | "description" | "size_m2" | "beds" | "showers" | "features"> & { is_room: number | string }>(
      [
        ["is_room", String(isRoom), "number"],
        ["listing_id", columns.listing, "number"],
        ["id", isRoom ? "r.id" : "rt.id", "number"],
        ["price", columns.price, "number"],
        ["capacity", columns.capacity, "number"],
        ["quantity", columns.quantity, "number"],
        ["cleaning_fee", "l.cleaning_fee", "number"],
        ["weekly_discount_pct", columns.weekly, "number"],
        ["monthly_discount_pct", columns.monthly, "number"],
        ["held", columns.held, "number"],
      ],
      dialect,
    );
  const roomTypeNumbers = numbers(
    { listing: "h.listing_id", price: "rt.base_price", capacity: "rt.max_occupancy", quantity: "rt.quantity", weekly: "h.weekly_discount_pct", monthly: "h.monthly_discount_pct", held: heldColumn(roomTypeKey) },
    0,
  );
  const roomNumbers = numbers(
    { listing: "g.listing_id", price: "r.price", capacity: "r.max_guests", quantity: "1", weekly: "l.weekly_discount_pct", monthly: "l.monthly_discount_pct", held: heldColumn(roomKey) },
    1,
  );
  const roomTypeTexts = details ? "rt.description, rt.size_m2, rt.bed_configuration AS beds, NULL AS showers, rt.features" : "";
  const roomTexts = details ? "NULL AS description, NULL AS size_m2, r.beds, r.showers, NULL AS features" : "";
  const unitRows = roomTypeNumbers.read(
    await sequelize.query<object>(
      `SELECT ${roomTypeNumbers.sql}, rt.name${roomTypeTexts ? `, ${roomTypeTexts}` : ""}
         FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id JOIN listings l ON l.id = h.listing_id
        WHERE h.listing_id IN (:ids)
       UNION ALL
       SELECT ${roomNumbers.sql}, r.name${roomTexts ? `, ${roomTexts}` : ""}
         FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id JOIN listings l ON l.id = g.listing_id
        WHERE g.listing_id IN (:ids)`,
      { replacements, type: QueryTypes.SELECT },
    ),
  ) as Array<Omit<UnitRow, "kind"> & { is_room: number | string }>;
  const rows: UnitRow[] = unitRows.map((row) => ({ ...row, kind: Number(row.is_room) === 1 ? ("room" as const) : ("room-type" as const) }));
  const sorted = [...rows].sort((a, b) => Number(a.price) - Number(b.price) || Number(a.id) - Number(b.id));
  for (const row of sorted) {
    const listingId = Number(row.listing_id);
    const quantity = Number(row.quantity);
    const capacity = Number(row.capacity);
    const freeRooms = stay ? Math.max(0, quantity - Number(row.held ?? 0)) : null;
    let offer: EstablishmentUnit["offer"] = null;
    let unavailableReason: EstablishmentUnit["unavailableReason"] = null;
    if (stay) {
      const needed = roomsNeeded(guests ?? 1, capacity);
      // A guesthouse room is booked alone: its guests must fit in it.
      const maxRooms = row.kind === "room" ? 1 : quantity;
      if (needed > maxRooms) unavailableReason = "capacity";
      else if (freeRooms! < needed) unavailableReason = "booked";
      else {
        offer = {
          rooms: needed,
          quote: quoteStay(
            roomPricingTerms({
              price: Number(row.price),
              cleaningFee: Number(row.cleaning_fee),
              weeklyDiscountPct: Number(row.weekly_discount_pct),
              monthlyDiscountPct: Number(row.monthly_discount_pct),
              rooms: needed,
            }),
            stay,
          ),
        };
      }
    }
    const unit: EstablishmentUnit = {
      kind: row.kind,
      id: Number(row.id),
      name: row.name,
      description: row.description ?? null,
      price: Number(row.price),
      capacity,
      quantity,
      sizeM2: row.size_m2 === null || row.size_m2 === undefined ? null : Number(row.size_m2),
      beds: row.beds === null || row.beds === undefined ? null : String(row.beds),
      showers: row.showers === null || row.showers === undefined ? null : Number(row.showers),
      features: parseFeatures(row.features ?? null),
      freeRooms,
      offer,
      unavailableReason,
    };
    if (!units.has(listingId)) units.set(listingId, []);
    units.get(listingId)!.push(unit);
  }
  return units;
}

function parseFeatures(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** The cheapest offer of each establishment for the stay and guests. */
async function priceEstablishmentStays(ids: number[], stay: Stay, guests: number): Promise<Map<number, StayPrice>> {
  const units = await establishmentUnits(ids, stay, guests, { details: false });
  const result = new Map<number, StayPrice>();
  for (const [listingId, list] of units) {
    let best: StayPrice | null = null;
    for (const unit of list) {
      if (!unit.offer) continue;
      if (!best || unit.offer.quote.total < best.total) {
        best = {
          nights: stay.nights,
          total: unit.offer.quote.total,
          unit: { kind: unit.kind, id: unit.id, name: unit.name, rooms: unit.offer.rooms },
        };
      }
    }
    if (best) result.set(listingId, best);
  }
  return result;
}

/** The price of the stay for each row (the cheapest fitting rooms for an establishment). */
export async function priceStays(rows: PricedRow[], stay: Stay, guests: number): Promise<Map<number, StayPrice>> {
  const establishments = rows.filter((row) => isEstablishmentType(row.property_type));
  const properties = rows.filter((row) => !isEstablishmentType(row.property_type));
  const [a, b] = await Promise.all([
    pricePropertyStays(properties, stay),
    priceEstablishmentStays(
      establishments.map((row) => Number(row.id)),
      stay,
      guests,
    ),
  ]);
  return new Map([...a, ...b]);
}

