// The two phases' SQL of the traveler search (ADR 060): the candidate clause (phase 1: the
// listing's own columns, read from the search indexes) and the checks of each candidate (phase 2:
// public rule, filters in other tables, every night of the stay).
import { QueryTypes } from "sequelize";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { nightsOf } from "~/domain/stay-dates";
import type { SearchQuery } from "~/schemas/search";
import { publicListingCondition } from "~/services/listings/public-listings.server";
import { packedSelect, type PackedColumn } from "~/services/search/packed-rows.server";
import { ID_CHUNK, type Stay } from "~/services/search/stay-prices.server";

export interface Filters {
  destination: { cities: string[]; governorates: string[] } | null;
  types: string[];
  travelTypes: string[];
  amenities: string[];
  bedrooms: number | null;
  instantBook: boolean;
  bbox: SearchQuery["bbox"];
  guests: number | null;
  pets: boolean;
  tooManyInfantsOrPets: boolean;
  stay: Stay | null;
  /** Base nightly price bounds in millimes (searches without dates). */
  basePrice: { min: number | null; max: number | null };
}

export interface Clause {
  sql: string;
  replacements: Record<string, unknown>;
}

/**
 * What a walk reads of each match: `packed` columns (numbers and short codes, read as one column
 * on SQLite: ADR 255) and `extra`, SQL columns read as they are (", l.title, …").
 */
export interface WalkColumns {
  packed: readonly PackedColumn[];
  extra: string;
  replacements: Record<string, unknown>;
}

/**
 * Phase 1, the candidates: conditions on the listing's own columns, read from the
 * listings_search_city / listings_search_governorate indexes (migration 0032) without probing
 * any other table, so listing them in the page's order is cheap even for a popular city.
 */
export function candidateClause(filters: Filters): Clause {
  const conditions = ["l.status = 'visible'", "l.visibility = 'visible'", "l.moderation_state = 'approved'"];
  const replacements: Record<string, unknown> = {};
  if (filters.destination) {
    const parts: string[] = [];
    if (filters.destination.cities.length > 0) {
      parts.push("l.city IN (:cities)");
      replacements.cities = filters.destination.cities;
    }
    if (filters.destination.governorates.length > 0) {
      parts.push("l.governorate IN (:governorates)");
      replacements.governorates = filters.destination.governorates;
    }
    conditions.push(parts.length > 0 ? `(${parts.join(" OR ")})` : "1 = 0");
  }
  if (filters.types.length > 0) {
    conditions.push("l.property_type IN (:types)");
    replacements.types = filters.types;
  }
  if (filters.instantBook) conditions.push("l.reservation_method = 'direct'");
  // The map's visible area and the bedrooms: in every candidate index too (migration 0231).
  if (filters.bedrooms !== null && filters.bedrooms > 0) {
    conditions.push("l.bedrooms >= :bedrooms");
    replacements.bedrooms = filters.bedrooms;
  }
  if (filters.bbox) {
    conditions.push("l.latitude BETWEEN :south AND :north AND l.longitude BETWEEN :west AND :east");
    Object.assign(replacements, filters.bbox);
  }
  if (filters.basePrice.min !== null) {
    conditions.push("l.base_price >= :minBase");
    replacements.minBase = filters.basePrice.min;
  }
  if (filters.basePrice.max !== null) {
    conditions.push("l.base_price <= :maxBase");
    replacements.maxBase = filters.basePrice.max;
  }
  // Infants and pets do not count as guests but are capped (stay-rules.ts): beyond, nothing fits.
  if (filters.tooManyInfantsOrPets) conditions.push("1 = 0");
  if (filters.guests !== null) {
    // Whole listings by their capacity; establishments by their rooms (phase 2).
    conditions.push("(l.property_type IN ('hotel', 'guesthouse') OR l.max_guests >= :guests)");
    replacements.guests = filters.guests;
  }
  if (filters.stay) {
    conditions.push("l.min_nights <= :nights AND (l.max_nights IS NULL OR l.max_nights >= :nights)");
    replacements.nights = filters.stay.nights;
  }
  return { sql: conditions.join(" AND "), replacements };
}

/**
 * Phase 2, the checks of each candidate: everything else that makes a listing public (not
 * deleted, host not suspended), the filters kept in other tables or columns, and — with dates —
 * every night of the stay: no held night (reservation_nights, by its unique index), no blocked
 * day, no pause; for establishments, a room type with enough free rooms or a free room.
 * Every test is correlated to the candidate (no list of ids), so the same clause checks a batch
 * of ids (checkCandidates) and filters the walk of an index in the page's order in the statement
 * that reads the candidates (matchingListings, ADR 246). A whole listing's held nights are one
 * range of (listing_id, unit_key, night); MariaDB reads it by (listing_id, unit_key) and filters
 * the night — the listing's year of held nights, ~40 index entries on one or two leaf pages.
 */
export function checkClause(filters: Filters): Clause {
  const mysql = currentDialect() === "mysql";
  const conditions = [publicListingCondition("l")];
  const replacements: Record<string, unknown> = {};
  if (filters.travelTypes.length > 0) {
    conditions.push("EXISTS (SELECT 1 FROM listing_travel_types tt WHERE tt.listing_id = l.id AND tt.travel_type IN (:travelTypes))");
    replacements.travelTypes = filters.travelTypes;
  }
  if (filters.amenities.length > 0) {
    conditions.push(
      "(SELECT COUNT(*) FROM listing_amenities la WHERE la.listing_id = l.id AND la.amenity IN (:amenities)) = :amenityCount",
    );
    replacements.amenities = filters.amenities;
    replacements.amenityCount = filters.amenities.length;
  }
  if (filters.pets) conditions.push("l.pets_allowed = 1");

  // Units of establishments: the room types that take the guests (in as many rooms as they have)
  // and the guesthouse rooms that take them alone.
  const roomTypeKey = mysql ? "CONCAT('room-type:', rt.id)" : "('room-type:' || rt.id)";
  const roomKey = mysql ? "CONCAT('room:', r.id)" : "('room:' || r.id)";
  const needed = mysql ? "((:guests + rt.max_occupancy - 1) DIV rt.max_occupancy)" : "((:guests + rt.max_occupancy - 1) / rt.max_occupancy)";
  const stayRange = "rn.night >= :checkIn AND rn.night < :checkOut";
  let nightsTable = "";
  const guests = filters.guests;
  if (guests !== null) replacements.guests = guests;

  if (filters.stay) {
    Object.assign(replacements, { checkIn: filters.stay.checkIn, checkOut: filters.stay.checkOut });
    // A hotel's room type is full on a night when its held rooms leave fewer than needed; a
    // guesthouse room on a night it is held. Their held nights are read night by night — (listing, unit, night) = (l.id, the room type's key, each
    // night of the stay) — not by a night range after the computed unit key, which MariaDB reads
    // as every night of the room type's year (ADR 191).
    const stayNights = nightsOf(filters.stay.checkIn, filters.stay.checkOut);
    stayNights.forEach((night, index) => (replacements[`stayNight${index}`] = night));
    nightsTable = `(${stayNights.map((_, index) => `SELECT ${mysql ? `CAST(:stayNight${index} AS DATE)` : `:stayNight${index}`} AS night`).join(" UNION ALL ")})`;
    conditions.push(
      "NOT EXISTS (SELECT 1 FROM calendar_days cd WHERE cd.listing_id = l.id AND cd.date >= :checkIn AND cd.date < :checkOut AND cd.blocked = 1)",
    );
    conditions.push(
      "NOT EXISTS (SELECT 1 FROM listing_pauses lp WHERE lp.listing_id = l.id AND lp.start_date < :checkOut AND lp.end_date > :checkIn)",
    );
    const roomTypeFits = guests !== null ? ` AND ${needed} <= rt.quantity` : "";
    const roomFits = guests !== null ? " AND r.max_guests >= :guests" : "";
    const roomsWanted = guests !== null ? needed : "1";
    conditions.push(`(
      (l.property_type NOT IN ('hotel', 'guesthouse')
        AND NOT EXISTS (SELECT 1 FROM reservation_nights rn
                         WHERE rn.listing_id = l.id AND rn.unit_key = 'listing' AND ${stayRange}))
      OR (l.property_type = 'hotel' AND EXISTS (
        SELECT 1 FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id
         WHERE h.listing_id = l.id${roomTypeFits}
           AND NOT EXISTS (SELECT sn.night FROM ${nightsTable} sn
                             JOIN reservation_nights rn ON rn.listing_id = l.id AND rn.unit_key = ${roomTypeKey} AND rn.night = sn.night
                            GROUP BY sn.night HAVING COUNT(*) > rt.quantity - ${roomsWanted})))
      OR (l.property_type = 'guesthouse' AND EXISTS (
        SELECT 1 FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id
         WHERE g.listing_id = l.id${roomFits}
           AND NOT EXISTS (SELECT 1 FROM ${nightsTable} sn
                             JOIN reservation_nights rn ON rn.listing_id = l.id AND rn.unit_key = ${roomKey} AND rn.night = sn.night)))
    )`);
  } else if (guests !== null) {
    conditions.push(`(
      l.property_type NOT IN ('hotel', 'guesthouse')
      OR (l.property_type = 'hotel' AND EXISTS (SELECT 1 FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id
                                                 WHERE h.listing_id = l.id AND ${needed} <= rt.quantity))
      OR (l.property_type = 'guesthouse' AND EXISTS (SELECT 1 FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id
                                                      WHERE g.listing_id = l.id AND r.max_guests >= :guests))
    )`);
  }
  return { sql: conditions.join("\n AND "), replacements };
}

/**
 * Every check above is a correlated NOT EXISTS (or EXISTS). MariaDB's exists_to_in rewrite turns
 * them into IN subqueries, which its planner then materializes when it expects many candidates
 * (the users or pauses table read whole at each search) without knowing that the walk stops at
 * the page's limit. Kept correlated, each is one indexed probe of the candidate it checks. MySQL
 * has no such switch and ignores the MariaDB-only comment.
 */
export function checkedStatement(sql: string): string {
  return currentDialect() === "mysql" ? `/*M! SET STATEMENT optimizer_switch='exists_to_in=off' FOR */ ${sql}` : sql;
}

export interface MatchWalk<Row> {
  /** The next `limit` listings that pass, in order; fewer when no candidate is left. */
  next(limit: number): Promise<Row[]>;
}

/**
 * The index that holds a place's candidates in the order `sort` reads them (migrations 0033,
 * 0230, 0233), when the destination is one city or one governorate; null otherwise (several
 * places, or an order no place index holds).
 */
export function placeOrderIndex(filters: Filters, sort: string): string | null {
  const order = sort === "recommended" ? "ordered" : sort === "rating" ? "rating" : null;
  const place = filters.destination;
  if (!order || !place) return null;
  if (place.cities.length === 1 && place.governorates.length === 0) return `listings_search_city_${order}`;
  if (place.governorates.length === 1 && place.cities.length === 0) return `listings_search_governorate_${order}`;
  return null;
}

/**
 * The listings that are candidates (phase 1) and pass the checks (phase 2), `columns` of listings
 * l, in `order`, read as far as asked (ADR 246, 255).
 *
 * When `index` holds the place's candidates in that order: one statement per call, which walks
 * that index in order and checks each entry as it is read, stopping when `limit` passed — a page
 * took two statements per batch of candidates (read, then check) before. The index is forced
 * (MariaDB/MySQL `FORCE INDEX`, SQLite `INDEXED BY`): the planners, counting the checks' cost
 * against every candidate of the place rather than those read before the limit, take another
 * index and sort otherwise (MariaDB: Tabarka in the bench, all 5,000 candidates checked, then
 * sorted; SQLite: the (status, visibility, city) index and a sort of the whole city, 150–300 ms).
 * Forced, SQLite reads the covering index in order with no temporary B-tree for the order, as
 * MariaDB does (ADR 255: 4.2 → 2.3 statements and −35 % CPU per recommended or rating search).
 * Otherwise (several places, or an order no place index holds): the candidates are read in order
 * and checked batch by batch, each batch sized by the share that passed so far.
 */
export function walkMatches<Row extends { id: number }>(candidates: Clause, check: Clause, columns: WalkColumns, order: string, index: string | null): MatchWalk<Row> {
  const sequelize = getSequelize();
  if (index) {
    const dialect = currentDialect();
    const packed = packedSelect<Row>(columns.packed, dialect);
    const select = `${packed.sql}${columns.extra}`;
    const hint = dialect === "mysql" ? `FORCE INDEX (${index})` : `INDEXED BY ${index}`;
    let matched = 0;
    return {
      async next(limit) {
        const rows = await sequelize.query<Row>(
          checkedStatement(
            `SELECT ${select} FROM listings l ${hint} WHERE ${candidates.sql}\n AND ${check.sql} ORDER BY ${order} LIMIT :limit OFFSET :offset`,
          ),
          { replacements: { ...columns.replacements, ...candidates.replacements, ...check.replacements, limit, offset: matched }, type: QueryTypes.SELECT },
        ).then((found) => packed.read(found));
        matched += rows.length;
        return rows;
      },
    };
  }
  let read = 0;
  let passed = 0;
  let batch = 0;
  let exhausted = false;
  const ready: Row[] = [];
  return {
    async next(limit) {
      while (ready.length < limit && !exhausted) {
        // Enough candidates for what is still wanted at the share that passed so far (a margin
        // over it, at most twice the last batch), at least 48 at first; none passed yet: twice.
        const wanted = limit - ready.length;
        batch = read === 0 ? Math.max(48, Math.ceil(wanted * 1.25)) : passed > 0 ? Math.min(batch * 2, Math.max(24, Math.ceil((wanted / (passed / read)) * 1.25))) : batch * 2;
        const ids = (
          await sequelize.query<{ id: number }>(`SELECT l.id FROM listings l WHERE ${candidates.sql} ORDER BY ${order} LIMIT :limit OFFSET :offset`, {
            replacements: { ...candidates.replacements, limit: batch, offset: read },
            type: QueryTypes.SELECT,
          })
        ).map((row) => Number(row.id));
        read += ids.length;
        exhausted = ids.length < batch;
        const byId = new Map((await checkCandidateRows<Row>(ids, check, columns)).map((row) => [Number(row.id), row]));
        for (const id of ids) {
          const row = byId.get(id);
          if (row) ready.push(row);
        }
        passed += byId.size;
      }
      return ready.splice(0, limit);
    },
  };
}

/** The candidates among `ids` that pass the checks (phase 2), in the order of `ids`. */
export async function checkCandidates(ids: number[], check: Clause): Promise<number[]> {
  const passed = new Set((await checkCandidateRows<{ id: number }>(ids, check, { packed: [["id", "l.id", "number"]], extra: "", replacements: {} })).map((row) => Number(row.id)));
  return ids.filter((id) => passed.has(id));
}

/** The rows (`columns` of listings l) of the candidates among `ids` that pass the checks. */
async function checkCandidateRows<Row extends { id: number }>(ids: number[], check: Clause, columns: WalkColumns): Promise<Row[]> {
  const rows: Row[] = [];
  const select = packedSelect<Row>(columns.packed, currentDialect());
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    const chunk = ids.slice(start, start + ID_CHUNK);
    rows.push(
      ...select.read(
        await getSequelize().query<object>(checkedStatement(`SELECT ${select.sql}${columns.extra} FROM listings l WHERE l.id IN (:ids) AND ${check.sql}`), {
          replacements: { ...columns.replacements, ...check.replacements, ids: chunk },
          type: QueryTypes.SELECT,
        }),
      ),
    );
  }
  return rows;
}

export function withClause(a: Clause, b: Clause): Clause {
  return { sql: `${a.sql} AND ${b.sql}`, replacements: { ...a.replacements, ...b.replacements } };
}
