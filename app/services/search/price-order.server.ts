// A search with dates sorted by the stay's total, and the price range on that total (issue 19,
// ADR 190, 191, 241).
//
// Every listing carries price_floor and price_ceiling (migration 0230, kept by triggers in the
// transaction of each price change): no night of it costs less, or more. From them, the database
// computes for the stay a lower and an upper key (hundredths of a millime, before the service
// fee): floor (ceiling) × nights × (100 − the length-of-stay discount) + cleaning × 100. The
// exact total of a stay is never below lowerTotal(lowKey) nor above upperTotal(highKey) — the
// pricing rounds each percentage half-up, hence the half millimes. So a price sort walks the
// candidates in the order of a bound column, read from an index (no sort), and prices exactly
// (calendar read, quoteStay) only until no further candidate can reach the page; and a price
// range drops in SQL those that cannot be in it.
import { QueryTypes } from "sequelize";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { convertMillimes, type DisplayCurrency } from "~/domain/money";
import { MONTHLY_DISCOUNT_MIN_NIGHTS, WEEKLY_DISCOUNT_MIN_NIGHTS } from "~/domain/pricing";
import { millimesAtLeast, millimesAtMost, nightlyAverage } from "~/domain/search";
import { nightsOf } from "~/domain/stay-dates";
import { serviceFeePercent } from "~/services/listings/property-pricing.server";
import { packedSelect, type PackedColumn } from "~/services/search/packed-rows.server";
import { checkCandidates, type Clause } from "~/services/search/search-clauses.server";
import { ID_CHUNK, LISTING_PRICING_COLUMNS, priceStays, stayPricesColumn, type PricedRow, type Stay, type StayPrice } from "~/services/search/stay-prices.server";

export interface PriceBounds {
  lowKey: string;
  highKey: string;
  /**
   * The key of the stay itself for whole listings (its nights' prices summed in SQL from the
   * calendar: one indexed probe per listing); establishments keep their bound key. Only a filter
   * of candidates already bounded by the key (cheapestOrDearest's second read), never an order.
   */
  stayKey: (direction: "asc" | "desc") => string;
  /**
   * Whole listings only: can this one's stay key reach :threshold at all? Its key at the base price
   * reaches it, or one of the stay's nights has a per-date price of at least (at most, low→high)
   * :reachNightPrice (ADR 259: a range of calendar_days_date_price per night, once per statement,
   * where the stay key is a probe of the calendar per listing). Establishments pass.
   */
  canReach: (direction: "asc" | "desc") => string;
  replacements: Record<string, unknown>;
  lowerTotal: (key: number) => number;
  upperTotal: (key: number) => number;
}

/** A ceiling for listings without one (hotels): they rank as the dearest possible. */
const NO_CEILING = 100_000_000_000;

export function priceBounds(stay: Stay): PriceBounds {
  const fee = serviceFeePercent();
  // Hotel room types take the hotel's discounts: for the lower key, any discount at all; for the
  // upper one, none. Guesthouse rooms take the listing's, as whole listings.
  const discount = (establishment: number) => `CASE WHEN l.property_type = 'hotel' THEN ${establishment}
    WHEN :boundNights >= ${MONTHLY_DISCOUNT_MIN_NIGHTS} AND l.monthly_discount_pct > 0 THEN l.monthly_discount_pct
    WHEN :boundNights >= ${WEEKLY_DISCOUNT_MIN_NIGHTS} THEN l.weekly_discount_pct ELSE 0 END`;
  const lowKey = `(COALESCE(l.price_floor, 0) * :boundNights * (100 - ${discount(stay.nights >= WEEKLY_DISCOUNT_MIN_NIGHTS ? 100 : 0)}) + l.cleaning_fee * 100)`;
  const highKey = `(COALESCE(l.price_ceiling, ${NO_CEILING}) * :boundNights * (100 - ${discount(0)}) + l.cleaning_fee * 100)`;
  return {
    lowKey,
    highKey,
    stayKey: (direction) => {
      const nights = `(COALESCE(l.base_price, 0) * :boundNights + COALESCE((SELECT SUM(cd.price - COALESCE(l.base_price, 0)) FROM calendar_days cd
          WHERE cd.listing_id = l.id AND cd.date >= :boundCheckIn AND cd.date < :boundCheckOut AND cd.price IS NOT NULL), 0))`;
      const bound = direction === "asc" ? lowKey : highKey;
      return `(CASE WHEN l.property_type IN ('hotel', 'guesthouse') THEN ${bound} ELSE ${nights} * (100 - ${discount(0)}) + l.cleaning_fee * 100 END)`;
    },
    canReach: (direction) => {
      const cmp = direction === "asc" ? "<=" : ">=";
      const atBase = `(COALESCE(l.base_price, 0) * :boundNights * (100 - ${discount(0)}) + l.cleaning_fee * 100)`;
      return `(l.property_type IN ('hotel', 'guesthouse') OR ${atBase} ${cmp} :threshold
        OR l.id IN (SELECT cd.listing_id FROM calendar_days cd WHERE cd.date IN (:reachNights) AND cd.price ${cmp} :reachNightPrice))`;
    },
    replacements: { boundNights: stay.nights, boundCheckIn: stay.checkIn, boundCheckOut: stay.checkOut },
    lowerTotal: (key) => (key / 100 - 0.5) * (1 + fee / 100) - 0.5,
    upperTotal: (key) => (key / 100 + 0.5) * (1 + fee / 100) + 0.5,
  };
}

export interface StayPriceRange {
  active: boolean;
  /** Bounds of the total in millimes a stay must be within to show in the range (a little wide). */
  minTotal: number | null;
  maxTotal: number | null;
  accepts: (price: StayPrice) => boolean;
}

/** The price range typed (per night, display currency) as the test of a priced stay. */
export function stayPriceRange(stay: Stay, currency: DisplayCurrency, minMinor: bigint | null, maxMinor: bigint | null): StayPriceRange {
  // The nightly average (rounded half-up) shows in range iff it is within these millimes.
  const minAverage = minMinor !== null ? millimesAtLeast(minMinor, currency) : null;
  const maxAverage = maxMinor !== null ? millimesAtMost(maxMinor, currency) : null;
  return {
    active: minMinor !== null || maxMinor !== null,
    minTotal: minAverage !== null ? (minAverage - 1) * stay.nights : null,
    maxTotal: maxAverage !== null ? (maxAverage + 1) * stay.nights : null,
    accepts: (price) => {
      const shown = convertMillimes(nightlyAverage(price.total, price.nights), currency);
      return (minMinor === null || shown >= minMinor) && (maxMinor === null || shown <= maxMinor);
    },
  };
}

/** SQL that drops the candidates whose every possible total is outside the range. */
export function boundsClause(bounds: PriceBounds, range: StayPriceRange): Clause {
  const conditions: string[] = [];
  const replacements: Record<string, unknown> = { ...bounds.replacements };
  const fee = 1 + serviceFeePercent() / 100;
  if (range.maxTotal !== null) {
    // lowerTotal(lowKey) ≤ maxTotal, solved for the key, with a margin against float rounding.
    conditions.push(`${bounds.lowKey} <= :maxLowKey`);
    replacements.maxLowKey = Math.ceil(100 * ((range.maxTotal + 0.5) / fee + 0.5)) + 1000;
  }
  if (range.minTotal !== null) {
    conditions.push(`${bounds.highKey} >= :minHighKey`);
    replacements.minHighKey = Math.max(0, Math.floor(100 * ((range.minTotal - 0.5) / fee - 0.5)) - 1000);
  }
  return { sql: conditions.join(" AND ") || "1 = 1", replacements };
}

export interface PricedMatch {
  id: number;
  total: number;
}

/** The pricing columns of `ids`. */
export async function pricedRows(ids: number[]): Promise<PricedRow[]> {
  const rows: PricedRow[] = [];
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    rows.push(
      ...(await getSequelize().query<PricedRow>(
        `SELECT l.id, l.property_type, l.base_price, l.cleaning_fee, l.weekly_discount_pct, l.monthly_discount_pct
           FROM listings l WHERE l.id IN (:ids)`,
        { replacements: { ids: ids.slice(start, start + ID_CHUNK) }, type: QueryTypes.SELECT },
      )),
    );
  }
  return rows;
}

/**
 * Prices the stay exactly for `rows`, keeps each price in `prices` and returns those in the
 * price range, in the order of `rows`.
 */
export async function priceAndKeep(rows: PricedRow[], stay: Stay, guests: number, range: StayPriceRange, prices: Map<number, StayPrice>): Promise<PricedMatch[]> {
  if (rows.length === 0) return [];
  const priced = await priceStays(rows, stay, guests);
  const kept: PricedMatch[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    const price = priced.get(id);
    // An establishment with no fitting offer has no price: it is not shown.
    if (!price) continue;
    prices.set(id, price);
    if (!range.active || range.accepts(price)) kept.push({ id, total: price.total });
  }
  return kept;
}


/**
 * A hotel's upper key for this search (high→low; hundredths of a millime, as highKey): its
 * cheapest fitting offer is at most the dearest offer of any room type that takes the guests —
 * rooms needed × price × nights, before any discount — plus the cleaning fee. NULL when none fits.
 */
function hotelUpperKey(): string {
  const needed = currentDialect() === "mysql" ? "((:walkGuests + rt.max_occupancy - 1) DIV rt.max_occupancy)" : "((:walkGuests + rt.max_occupancy - 1) / rt.max_occupancy)";
  return `(CASE WHEN l.property_type = 'hotel' THEN
      (SELECT MAX(${needed} * rt.base_price) FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id
        WHERE h.listing_id = l.id AND ${needed} <= rt.quantity) * :boundNights * 100 + l.cleaning_fee * 100 END)`;
}

/**
 * What the walk needs to bound the candidates it has not read yet (ADR 241): the largest
 * length-of-stay discount any listing or hotel gives a stay of `nights` (0 under a week), and
 * the largest cleaning fee. Each is one MAX over a single-column index (migration 0232): the
 * database answers from the index's end, and a host raising either is seen by the next search.
 * They are columns of the walk's first statement (ADR 250): an uncorrelated subquery, computed
 * once per statement by both databases.
 */
function walkMaxima(nights: number, direction: "asc" | "desc"): string[] {
  if (direction === "desc") return ["(SELECT MAX(cleaning_fee) FROM listings)"];
  if (nights < WEEKLY_DISCOUNT_MIN_NIGHTS) return [];
  return ["listings", "hotels"].flatMap((table) =>
    (nights >= MONTHLY_DISCOUNT_MIN_NIGHTS ? ["weekly_discount_pct", "monthly_discount_pct"] : ["weekly_discount_pct"]).map(
      (column) => `(SELECT MAX(${column}) FROM ${table})`,
    ),
  );
}

/** The limits from the maxima's columns (walk_m0, walk_m1, …) of a row of the first statement. */
function walkLimits(row: Record<string, unknown> | undefined, count: number, direction: "asc" | "desc"): { discount: number; cleaning: number } {
  const values = Array.from({ length: count }, (_, index) => Number(row?.[`walk_m${index}`] ?? 0));
  if (direction === "desc") return { discount: 0, cleaning: values[0] ?? 0 };
  return { discount: Math.min(Math.max(0, ...values), 100), cleaning: 0 };
}

/** Stays longer than this reach their candidates by the stay key alone (an IN list per night). */
const REACH_NIGHTS_MAX = 31;

/**
 * The per-date price one of the stay's nights must have, at least (high→low) or at most
 * (low→high), for a whole listing whose key at its base price does not reach `threshold` to reach
 * it (ADR 259); null when the walk tests every candidate's stay key instead.
 *
 * High→low: were every priced night below P, each night would cost at most max(base, P): at most
 * the base-price key when base ≥ P, else below nights × P × 100 + the largest cleaning fee × 100,
 * which P = ⌊(threshold − that fee × 100) / (nights × 100)⌋ keeps at or under the threshold.
 * Low→high: were every priced night above P, the stay would cost at least the base-price key when
 * base ≤ P, else more than nights × P × (100 − the largest discount) ≥ the threshold.
 */
export function reachNightPrice(threshold: number, nights: number, limits: { discount: number; cleaning: number }, direction: "asc" | "desc"): number | null {
  if (nights < 1 || nights > REACH_NIGHTS_MAX) return null;
  if (direction === "desc") return Math.floor((threshold - limits.cleaning * 100) / (nights * 100));
  if (limits.discount >= 100) return null;
  return Math.ceil(threshold / (nights * (100 - limits.discount)));
}

/**
 * Sorted by the stay's total (ADR 190, 191, 241). The candidates are read in the order of a bound
 * column — `price_floor` ascending for low→high (index listings_search_<place>_price),
 * `price_ceiling` descending for high→low (listings_search_<place>_ceiling, migration 0232) —
 * straight from the index, batch by batch (keyset on the column: no sort, however large the
 * place), priced exactly (their calendar's prices, quoteStay) and checked (held, blocked, paused
 * nights, public, filters) in the order of their exact totals. Candidates whose column is NULL
 * (a hotel has no ceiling) are read and priced first.
 *
 * A candidate not read yet has a column value past the last one read (v), so its total is at
 * least lowerTotal(nights × v × (100 − the largest discount)) for low→high, at most
 * upperTotal(nights × v × 100 + the largest cleaning fee × 100) for high→low:
 *
 * 1. A priced candidate whose total comes before that bound is placed: no unread candidate can
 *    precede it. When `wanted` placed candidates pass, that is the page.
 * 2. Otherwise, once `wanted` candidates read pass, the total T of the last of them is as far as
 *    the page can reach: an unread candidate can only enter it if its key reaches T, which
 *    bounds its column too. All of those (and only those) are read at once — an index range on
 *    the column, then the key and, for whole listings, the stay's own key (its nights summed in
 *    SQL from the calendar) tested on it — priced, merged and checked in order.
 * 3. When fewer than `wanted` pass, the walk goes on with a larger batch (× 4); when the place is
 *    exhausted, every candidate was priced and the order is exact.
 *
 * Ties by id, as the exact order.
 */
export async function cheapestOrDearest(
  candidates: Clause,
  check: Clause,
  bounds: PriceBounds,
  stay: Stay,
  guests: number,
  direction: "asc" | "desc",
  wanted: number,
  price: (rows: PricedRow[]) => Promise<PricedMatch[]>,
): Promise<{ ids: number[]; more: boolean }> {
  const asc = direction === "asc";
  type WalkRow = PricedRow & { walk: number | string | null; upper_key: number | string | null } & Record<string, unknown>;
  const column = asc ? "l.price_floor" : "l.price_ceiling";
  const key = asc ? bounds.lowKey : bounds.highKey;
  const better = (a: PricedMatch, b: PricedMatch) => (asc ? a.total - b.total || a.id - b.id : b.total - a.total || b.id - a.id);
  // Each candidate read brings its stay's own prices (ADR 250): pricing a batch sends nothing more.
  const prices = stayPricesColumn(stay, currentDialect());
  // The candidates are checked (held, blocked, paused nights, public, filters) by statements of
  // ids, in the order of their totals, only as far as the page needs — never each candidate read.
  // High→low on MariaDB checked every candidate in the statements that read them (ADR 250), when
  // a check of ids filled itself only up to the candidates placed; since a check takes the next
  // ones too (ADR 258), checking by ids costs MariaDB less: p95 37–40 against 42–46 ms, mysqld
  // 19–21 against 21–23 ms per search, the same pages.
  const dialect = currentDialect();
  // What each statement reads of a candidate, packed into one column on SQLite (ADR 255: hundreds
  // of rows per search, each cell a costly N-API property there).
  const columns: PackedColumn[] = [...LISTING_PRICING_COLUMNS, ["stay_prices", prices.expression, "text"], ["walk", column, "number"]];
  const readReplacements = prices.replacements;
  const reachSelect = packedSelect<WalkRow>(columns, dialect);
  const select = `SELECT ${reachSelect.sql} FROM listings l`;
  const sequelize = getSequelize();
  const maxima = walkMaxima(stay.nights, direction);
  let limits = { discount: 0, cleaning: 0 };
  /** The bound of the total of every candidate whose column is past `value`. */
  const unreadBound = (value: number) =>
    asc ? bounds.lowerTotal(stay.nights * value * (100 - limits.discount)) : bounds.upperTotal(stay.nights * value * 100 + limits.cleaning * 100);
  const passed = new Map<number, boolean>();
  /** The priced candidates of `pool` (sorted) that pass, checked in order until `limit` pass. */
  const passing = async (pool: PricedMatch[], limit: number, upTo = pool.length): Promise<PricedMatch[]> => {
    const kept: PricedMatch[] = [];
    let index = 0;
    while (index < upTo && kept.length < limit) {
      const match = pool[index]!;
      if (passed.has(match.id)) {
        if (passed.get(match.id)) kept.push(match);
        index += 1;
        continue;
      }
      // The next unchecked ones, in order: as many as the page still needs, with a margin — past
      // `upTo` too (those the walk has not placed yet come next: checked now, they cost no
      // statement of their own when they are placed).
      const size = Math.max(24, Math.ceil((limit - kept.length) * 1.3));
      const chunk: number[] = [];
      for (let next = index; next < pool.length && chunk.length < size; next += 1) if (!passed.has(pool[next]!.id)) chunk.push(pool[next]!.id);
      const ok = new Set(await checkCandidates(chunk, check));
      for (const id of chunk) passed.set(id, ok.has(id));
    }
    return kept;
  };
  const pool: PricedMatch[] = [];
  const add = async (rows: PricedRow[]) => {
    pool.push(...(await price(rows)));
    pool.sort(better);
  };
  // Keyset on the column: past the last value read, or at it and not read yet.
  let last: number | null = null;
  let atLast: number[] = [];
  const beyond = () =>
    last === null
      ? { sql: `${column} IS NOT NULL`, replacements: {} }
      : { sql: `${column} ${asc ? ">=" : "<="} :walkLast AND l.id NOT IN (:walkSeen)`, replacements: { walkLast: last, walkSeen: atLast } };
  const batchSql = (list: string, after: Clause) =>
    `SELECT ${list} FROM listings l WHERE ${candidates.sql} AND ${after.sql} ORDER BY ${column} ${asc ? "ASC" : "DESC"} LIMIT :limit`;
  const batchSelect = packedSelect<WalkRow>([...columns, ["upper_key", "NULL", "number"]], dialect);
  let batch = Math.max(64, wanted * 3);
  // The first statement (ADR 250: one round trip where there were three) reads the first batch
  // with the walk's limits as columns, and beside it the candidates without a bound column, which
  // come first. Low→high: no floor counts as 0. High→low: a hotel has no ceiling (its cheapest
  // fitting offer depends on the guests), so this search gives each an upper key in SQL — the
  // dearest of its room types that take the guests, as many rooms as they need, no discount —
  // and prices it only once that key can reach the walk's bound or the page; others without a
  // ceiling (no key) are priced at once. Each part of the UNION is a derived table: SQLite takes
  // no ORDER BY or LIMIT in a part otherwise; the batch is put back in order here.
  const first = beyond();
  const firstColumns = (walk: string, upperKey: string, limit: (max: string) => string): PackedColumn[] => [
    ...columns.slice(0, -1),
    ["walk", walk, "number"],
    ["upper_key", upperKey, "number"],
    ...maxima.map((max, index) => [`walk_m${index}`, limit(max), "number"] as const),
  ];
  const unboundedSelect = packedSelect<WalkRow>(firstColumns("NULL", asc ? "NULL" : hotelUpperKey(), () => "NULL"), dialect);
  const walkedSelect = packedSelect<WalkRow>(firstColumns(column, "NULL", (max) => max), dialect);
  const firstRows = walkedSelect.read(
    await sequelize.query<object>(
      `SELECT * FROM (SELECT ${unboundedSelect.sql} FROM listings l WHERE ${candidates.sql} AND ${column} IS NULL) unbounded
     UNION ALL
     SELECT * FROM (${batchSql(walkedSelect.sql, first)}) walked`,
      {
        replacements: { ...candidates.replacements, ...bounds.replacements, ...readReplacements, walkGuests: guests, limit: batch },
        type: QueryTypes.SELECT,
      },
    ),
  );
  const unbounded = firstRows.filter((row) => row.walk === null);
  const firstBatch = firstRows
    .filter((row) => row.walk !== null)
    .sort((a, b) => (asc ? Number(a.walk) - Number(b.walk) : Number(b.walk) - Number(a.walk)));
  limits = walkLimits(firstBatch[0], maxima.length, direction);
  await add(unbounded.filter((row) => row.upper_key === null));
  const pending = unbounded
    .filter((row) => row.upper_key !== null)
    .map((row) => ({ row, upperKey: Number(row.upper_key) }))
    .sort((a, b) => b.upperKey - a.upperKey);
  /** Takes the pending hotels whose total can reach `total` (priced with the next rows, in one go). */
  const takePending = (total: number): PricedRow[] => {
    let count = 0;
    while (count < pending.length && bounds.upperTotal(pending[count]!.upperKey) >= total) count += 1;
    return pending.splice(0, count).map((entry) => entry.row);
  };
  for (let round = 0; ; round += 1) {
    const after = beyond();
    const rows =
      round === 0
        ? firstBatch
        : batchSelect.read(
            await sequelize.query<object>(batchSql(batchSelect.sql, after), {
              replacements: { ...candidates.replacements, ...after.replacements, ...readReplacements, limit: batch },
              type: QueryTypes.SELECT,
            }),
          );
    if (rows.length > 0) {
      const value = Number(rows[rows.length - 1]!.walk);
      const ids = rows.filter((row) => Number(row.walk) === value).map((row) => Number(row.id));
      atLast = value === last ? [...atLast, ...ids] : ids;
      last = value;
    }
    if (rows.length < batch) {
      await add([...rows, ...takePending(-Infinity)]);
      const ids = (await passing(pool, wanted)).map((match) => match.id);
      return { ids, more: ids.length >= wanted };
    }
    const bound = unreadBound(last!);
    // The pending hotels that could come before the bound are priced with the batch: the bound
    // then holds for every candidate not priced.
    await add([...rows, ...takePending(bound)]);
    let placed = 0;
    while (placed < pool.length && (asc ? pool[placed]!.total < bound : pool[placed]!.total > bound)) placed += 1;
    const first = await passing(pool, wanted, placed);
    if (first.length >= wanted) return { ids: first.map((match) => match.id), more: true };
    const reach = await passing(pool, wanted);
    if (reach.length >= wanted) {
      // Every unread candidate that can still reach the page, at once: its key's bound reaches T.
      const total = reach[reach.length - 1]!.total;
      const fee = 1 + serviceFeePercent() / 100;
      const threshold = asc ? Math.ceil(100 * ((total + 0.5) / fee + 0.5)) + 1000 : Math.floor(100 * ((total - 0.5) / fee - 0.5)) - 1000;
      // The same reach on the column (an index range): lowKey ≥ nights × floor × (100 − discount);
      // highKey ≤ nights × ceiling × 100 + cleaning × 100. Then the key, and — whole listings —
      // the stay's own key (its calendar summed in SQL), so that loose bounds cost an indexed
      // probe per candidate in the database, not an exact price here.
      const reachClause = asc && limits.discount >= 100 ? "1 = 1" : `${column} ${asc ? "<=" : ">="} :walkReach`;
      const walkReach = asc
        ? Math.floor(threshold / (stay.nights * (100 - Math.min(limits.discount, 99)))) + 1
        : Math.ceil((threshold - limits.cleaning * 100) / (stay.nights * 100)) - 1;
      const cmp = asc ? "<=" : ">=";
      const unread = beyond();
      const nightPrice = reachNightPrice(threshold, stay.nights, limits, direction);
      const reachable = nightPrice === null ? "1 = 1" : bounds.canReach(direction);
      const rest = reachSelect.read(
        await sequelize.query<object>(
          `${select} WHERE ${candidates.sql} AND ${unread.sql} AND ${reachClause}
            AND ${key} ${cmp} :threshold AND ${reachable} AND ${bounds.stayKey(direction)} ${cmp} :threshold`,
          {
            replacements: {
              ...candidates.replacements,
              ...unread.replacements,
              ...readReplacements,
              threshold,
              walkReach,
              ...(nightPrice === null ? {} : { reachNights: nightsOf(stay.checkIn, stay.checkOut), reachNightPrice: nightPrice }),
            },
            type: QueryTypes.SELECT,
          },
        ),
      );
      await add([...rest, ...takePending(total)]);
      return { ids: (await passing(pool, wanted)).map((match) => match.id), more: true };
    }
    batch = Math.min(batch * 4, 4_000);
  }
}
