// One dialect of the search bench (run by search.bench.ts in its own process, with DATABASE_URL
// set to a temporary SQLite file or a temporary MariaDB database): migrates, bulk-loads
// BENCH_LISTINGS listings (default 100,000) with a year of bookings, blocks, per-date prices and
// pauses, then times city + dates + guests searches through the search service the pages use,
// and prints one JSON line with the figures.
import mysql from "mysql2/promise";
import { QueryTypes } from "sequelize";
import { migrate } from "~/db/migrator.server";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { TND } from "~/domain/money";
import { formatVariants } from "~/domain/photo-variants";
import { addDays, nightsBetween, todayInTunis } from "~/domain/stay-dates";
import { EMPTY_SEARCH, type SearchQuery } from "~/schemas/search";
import { forgetSearchCaches } from "~/services/search/search-cache.server";
import { searchListings, searchMapMarkers } from "~/services/search/search.server";
import { establishmentUnits } from "~/services/search/stay-prices.server";
import { publicListingCondition } from "~/services/listings/public-listings.server";
import { listingPricingTerms } from "~/services/listings/property-pricing.server";
import { quoteStay } from "~/domain/pricing";
import { nightlyAverage } from "~/domain/search";
import { backfillPriceBounds, createPriceBoundTriggers, dropPriceBoundTriggers } from "../migrations/0230-listing-price-bounds";
import { VARIANT_WIDTHS } from "~/services/photos/image-pipeline.server";
import { percentile } from "./lib/stats";

const LISTINGS = Math.max(1_000, Math.min(Number(process.env.BENCH_LISTINGS ?? 100_000) || 100_000, 500_000));
/** Every photo as a current upload stores it (ADR 230: the WebP widths, AVIF tried and not smaller). */
const CURRENT_VARIANTS = formatVariants({ webp: [...VARIANT_WIDTHS], avif: [] });
const SEARCHES = Math.max(50, Math.min(Number(process.env.BENCH_SEARCHES ?? 400) || 400, 5_000));
const BATCH = 5_000;

// A fixed seed: every run loads the same data.
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = prng(20_250_101);
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

// Destinations, most popular first (weights fall off like real demand: Zipf, s = 0.8).
const CITIES: Array<[city: string, governorate: string, lat: number, lng: number]> = [
  ["Hammamet", "nabeul", 36.4, 10.6167],
  ["Sousse", "sousse", 35.8256, 10.6369],
  ["Djerba", "medenine", 33.8076, 10.8451],
  ["Tunis", "tunis", 36.8065, 10.1815],
  ["Monastir", "monastir", 35.7643, 10.8113],
  ["La Marsa", "tunis", 36.8782, 10.3247],
  ["Nabeul", "nabeul", 36.4561, 10.7376],
  ["Mahdia", "mahdia", 35.5047, 11.0622],
  ["Sidi Bou Saïd", "tunis", 36.8687, 10.3417],
  ["Tabarka", "jendouba", 36.9544, 8.7580],
  ["Kélibia", "nabeul", 36.8475, 11.0939],
  ["Bizerte", "bizerte", 37.2744, 9.8739],
  ["Tozeur", "tozeur", 33.9197, 8.1335],
  ["Kairouan", "kairouan", 35.6781, 10.0963],
  ["Sfax", "sfax", 34.7406, 10.7603],
  ["Gammarth", "tunis", 36.9181, 10.2872],
  ["Port El Kantaoui", "sousse", 35.8917, 10.5972],
  ["Zarzis", "medenine", 33.5039, 11.1122],
  ["Douz", "kebili", 33.4667, 9.0203],
  ["Aïn Draham", "jendouba", 36.7833, 8.6833],
  ["Korba", "nabeul", 36.5786, 10.8586],
  ["Gabès", "gabes", 33.8815, 10.0982],
  ["Tataouine", "tataouine", 32.9297, 10.4518],
  ["Bou Salem", "jendouba", 36.6106, 8.9703],
  ["Raoued", "ariana", 36.9475, 10.1858],
  ["Ariana", "ariana", 36.8625, 10.1956],
  ["Ben Arous", "ben-arous", 36.7531, 10.2189],
  ["Béja", "beja", 36.7256, 9.1817],
  ["Le Kef", "kef", 36.1822, 8.7147],
  ["Siliana", "siliana", 36.0849, 9.3708],
  ["Zaghouan", "zaghouan", 36.4029, 10.1429],
  ["Kasserine", "kasserine", 35.1676, 8.8365],
  ["Gafsa", "gafsa", 34.425, 8.7842],
  ["Sidi Bouzid", "sidi-bouzid", 35.0382, 9.4849],
  ["Médenine", "medenine", 33.3549, 10.5055],
  ["Kébili", "kebili", 33.7044, 8.969],
  ["El Jem", "mahdia", 35.2964, 10.7128],
  ["Nefta", "tozeur", 33.8731, 7.8778],
  ["Matmata", "gabes", 33.5447, 9.9675],
  ["Haouaria", "nabeul", 37.05, 11.0167],
];
const WEIGHTS = CITIES.map((_, rank) => 1 / Math.pow(rank + 1, 0.8));
const WEIGHT_SUM = WEIGHTS.reduce((sum, weight) => sum + weight, 0);
function weightedCity(next: () => number = random): (typeof CITIES)[number] {
  let target = next() * WEIGHT_SUM;
  for (let index = 0; index < CITIES.length; index += 1) {
    target -= WEIGHTS[index]!;
    if (target <= 0) return CITIES[index]!;
  }
  return CITIES[0]!;
}

const AMENITIES = ["wifi", "air_conditioning", "heating", "hot_water", "kitchen", "washing_machine", "tv", "workspace", "free_parking", "pool", "garden", "terrace", "sea_view", "beach_access"];
const TRAVEL_TYPES = ["work", "relax", "discover", "fun"];
const WHOLE_TYPES = ["villa", "apartment", "room", "chalet"];

// ---------------------------------------------------------------------------------------------
// Bulk loading: multi-row INSERTs of literal values we generate (numbers, dates and fixed words).

interface Loader {
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

const LOADED_TABLES = ["listings", "listing_amenities", "listing_travel_types", "listing_photos", "reservations", "reservation_nights", "calendar_days"];

/**
 * MariaDB/MySQL: the non-unique secondary indexes of the big tables are dropped while loading and
 * built again afterwards with the same names and columns (one sorted build per table instead of
 * millions of random inserts into a small buffer pool). The schema searched is the migrations'.
 */
async function withoutSecondaryIndexes(connection: mysql.Connection, load: () => Promise<void>): Promise<void> {
  const rebuild: string[] = [];
  for (const table of LOADED_TABLES) {
    const [rows] = (await connection.query(`SHOW INDEX FROM \`${table}\``)) as unknown as [
      Array<{ Key_name: string; Seq_in_index: number; Column_name: string; Non_unique: number; Sub_part: number | null; Collation: string | null }>,
    ];
    const indexes = new Map<string, string[]>();
    for (const row of [...rows].sort((a, b) => a.Seq_in_index - b.Seq_in_index)) {
      if (row.Key_name === "PRIMARY" || Number(row.Non_unique) === 0) continue;
      // Collation "D": a descending column (the search's ordered indexes).
      const column = `\`${row.Column_name}\`${row.Sub_part ? `(${row.Sub_part})` : ""}${row.Collation === "D" ? " DESC" : ""}`;
      indexes.set(row.Key_name, [...(indexes.get(row.Key_name) ?? []), column]);
    }
    if (indexes.size === 0) continue;
    await connection.query(`ALTER TABLE \`${table}\` ${[...indexes.keys()].map((name) => `DROP INDEX \`${name}\``).join(", ")}`);
    rebuild.push(`ALTER TABLE \`${table}\` ${[...indexes].map(([name, columns]) => `ADD INDEX \`${name}\` (${columns.join(", ")})`).join(", ")}`);
  }
  try {
    await load();
  } finally {
    for (const statement of rebuild) await connection.query(statement);
  }
}

async function openLoader(): Promise<Loader & { connection?: mysql.Connection }> {
  if (currentDialect() === "mysql") {
    const connection = await mysql.createConnection({ uri: process.env.DATABASE_URL!, multipleStatements: false });
    await connection.query("SET foreign_key_checks = 0");
    await connection.query("SET unique_checks = 0");
    return {
      connection,
      exec: async (sql) => void (await connection.query(sql)),
      close: () => connection.end(),
    };
  }
  // Rows of several tables are written batch by batch, so foreign keys are checked by the
  // migrations' schema but not while loading (as MariaDB's foreign_key_checks = 0 above).
  const sequelize = getSequelize();
  await sequelize.query("PRAGMA synchronous = OFF");
  await sequelize.query("PRAGMA foreign_keys = OFF");
  await sequelize.query("PRAGMA cache_size = -200000");
  return {
    exec: async (sql) => void (await sequelize.query(sql)),
    close: async () => void (await sequelize.query("PRAGMA foreign_keys = ON")),
  };
}

function literal(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

class Table {
  private rows: string[] = [];
  /** The batch being written: the next one is built meanwhile (generation and writing overlap). */
  private writing: Promise<void> = Promise.resolve();
  count = 0;
  constructor(
    private readonly loader: Loader,
    private readonly name: string,
    private readonly columns: string[],
  ) {}

  async add(values: Array<string | number | null>) {
    this.rows.push(`(${values.map(literal).join(",")})`);
    this.count += 1;
    if (this.rows.length >= BATCH) await this.flush(false);
  }

  /** Sends the rows gathered so far; `wait` also waits until every batch is written. */
  async flush(wait = true) {
    if (this.rows.length > 0) {
      const sql = `INSERT INTO ${this.name} (${this.columns.join(",")}) VALUES ${this.rows.join(",")}`;
      this.rows = [];
      await this.writing;
      this.writing = this.loader.exec(sql).catch((error: unknown) => {
        // The statement holds thousands of rows: keep the message short.
        throw new Error(`bench: loading ${this.name} failed: ${String((error as Error).message).slice(0, 300)}`);
      });
    }
    if (wait) await this.writing;
  }
}

const NOW = new Date().toISOString().replace("T", " ").slice(0, 19);

/** SQLite: the same, with the indexes' own CREATE INDEX statements from sqlite_master. */
async function withoutSqliteSecondaryIndexes(load: () => Promise<void>): Promise<void> {
  const sequelize = getSequelize();
  const indexes = await sequelize.query<{ name: string; sql: string }>(
    `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
       AND tbl_name IN (${LOADED_TABLES.map((table) => `'${table}'`).join(", ")})`,
    { type: QueryTypes.SELECT },
  );
  for (const index of indexes) await sequelize.query(`DROP INDEX \`${index.name}\``);
  try {
    await load();
  } finally {
    for (const index of indexes) await sequelize.query(index.sql);
  }
}

async function load(today: string) {
  // The price-bound triggers (migration 0230) would update a listing per calendar row: they are
  // dropped while loading, the bounds computed once for all listings, and the triggers put back.
  await dropPriceBoundTriggers(getSequelize());
  const loader = await openLoader();
  let counts: Awaited<ReturnType<typeof loadRows>> | null = null;
  const run = async () => {
    counts = await loadRows(loader, today);
  };
  if (loader.connection) await withoutSecondaryIndexes(loader.connection, run);
  else await withoutSqliteSecondaryIndexes(run);
  await loader.close();
  await backfillPriceBounds(getSequelize());
  await createPriceBoundTriggers(getSequelize());
  return counts!;
}

async function loadRows(loader: Loader, today: string) {
  await loader.exec(currentDialect() === "mysql" ? "START TRANSACTION" : "BEGIN");
  const timestamps = [NOW, NOW];
  const users = new Table(loader, "users", ["id", "email", "first_name", "last_name", "role", "host_mode", "language", "currency", "created_at", "updated_at"]);
  const hosts = Math.max(50, Math.round(LISTINGS / 50));
  const travelers = 200;
  for (let id = 1; id <= hosts + travelers; id += 1) {
    await users.add([id, `bench-${id}@bench.darna.tn`, id <= hosts ? "Host" : "Traveler", `N${id}`, "user", id <= hosts ? 1 : 0, "en", "TND", ...timestamps]);
  }
  await users.flush();

  const listings = new Table(loader, "listings", [
    "id", "host_id", "property_type", "title", "description_en", "max_guests", "bedrooms", "beds", "bathrooms", "country", "street",
    "city", "governorate", "delegation", "postal_code", "latitude", "longitude", "base_price", "cleaning_fee", "min_nights",
    "max_nights", "weekly_discount_pct", "monthly_discount_pct", "cancellation_policy", "reservation_method", "pets_allowed",
    "events_allowed", "smoking_allowed", "check_in_time", "check_out_time", "visibility", "status", "moderation_state",
    "saved_steps", "approved_at", "deleted_at", "rating", "review_count", "created_at", "updated_at",
  ]);
  const amenities = new Table(loader, "listing_amenities", ["listing_id", "amenity"]);
  const travelTypes = new Table(loader, "listing_travel_types", ["listing_id", "travel_type"]);
  const photos = new Table(loader, "listing_photos", ["listing_id", "storage_key", "variants", "width", "height", "position", "is_cover", "created_at", "updated_at"]);
  const hotels = new Table(loader, "hotels", ["id", "listing_id", "name", "stars", "total_rooms", "weekly_discount_pct", "monthly_discount_pct", "created_at", "updated_at"]);
  const roomTypes = new Table(loader, "hotel_room_types", ["id", "hotel_id", "name", "base_price", "max_occupancy", "quantity", "features", "position", "created_at", "updated_at"]);
  const guesthouses = new Table(loader, "guesthouses", ["id", "listing_id", "name", "total_rooms", "created_at", "updated_at"]);
  const rooms = new Table(loader, "guesthouse_rooms", ["id", "guesthouse_id", "number", "name", "price", "max_guests", "beds", "showers", "created_at", "updated_at"]);
  const reservations = new Table(loader, "reservations", [
    "id", "reference", "listing_id", "room_type_id", "guesthouse_room_id", "rooms", "traveler_id", "host_id", "check_in", "check_out",
    "adults", "children", "infants", "pets", "method", "status", "nights", "nights_total", "total", "created_at", "updated_at",
  ]);
  const nights = new Table(loader, "reservation_nights", ["reservation_id", "listing_id", "unit_key", "night", "slot", "created_at"]);
  const days = new Table(loader, "calendar_days", ["listing_id", "date", "price", "blocked", "created_at", "updated_at"]);
  const pauses = new Table(loader, "listing_pauses", ["listing_id", "start_date", "end_date", "created_at", "updated_at"]);

  let reservationId = 0;
  let hotelId = 0;
  let roomTypeId = 0;
  let guesthouseId = 0;
  let roomId = 0;
  /** A year of bookings of one unit (slot), with gaps, as reservations and their held nights. */
  const book = async (listingId: number, hostId: number, unit: { key: string; roomTypeId: number | null; roomId: number | null; slot: number }) => {
    let start = between(0, 25);
    while (start < 365) {
      const length = between(2, 7);
      const checkIn = addDays(today, start);
      const checkOut = addDays(today, Math.min(start + length, 365));
      const count = Math.min(length, 365 - start);
      reservationId += 1;
      const status = random() < 0.85 ? "confirmed" : "pending_payment";
      await reservations.add([
        reservationId, `B${reservationId}`, listingId, unit.roomTypeId, unit.roomId, 1, hosts + between(1, travelers), hostId, checkIn, checkOut,
        between(1, 3), between(0, 1), 0, 0, "direct", status, count, count * 100_000, count * 105_000, ...timestamps,
      ]);
      for (let offset = 0; offset < count; offset += 1) {
        await nights.add([reservationId, listingId, unit.key, addDays(checkIn, offset), unit.slot, NOW]);
      }
      start += length + between(10, 80);
    }
  };

  for (let id = 1; id <= LISTINGS; id += 1) {
    const [city, governorate, lat, lng] = weightedCity();
    const roll = random();
    const type = roll < 0.01 ? "hotel" : roll < 0.02 ? "guesthouse" : pick(WHOLE_TYPES);
    const establishment = type === "hotel" || type === "guesthouse";
    const hostId = between(1, hosts);
    const state = random();
    const [visibility, status, moderation, deletedAt] =
      state < 0.92 ? ["visible", "visible", "approved", null] : state < 0.96 ? ["visible", "pending", "pending_review", null] : state < 0.98 ? ["hidden", "visible", "approved", null] : ["visible", "deleted", "approved", NOW];
    const basePrice = between(40, 900) * 1000;
    // Four listings in ten have reviews (the rating sort's order); the others are unrated.
    const reviews = random() < 0.4 ? between(1, 40) : 0;
    const rating = reviews > 0 ? between(20, 50) / 10 : null;
    await listings.add([
      id, hostId, type, `Bench stay ${id}`, "A stay for the benchmark.", establishment ? null : between(1, 10), establishment ? null : between(0, 5),
      establishment ? null : between(1, 6), establishment ? null : between(1, 3), "TN", `${id} rue du Bench`, city, governorate, city,
      "1000", lat + (random() - 0.5) * 0.08, lng + (random() - 0.5) * 0.08, basePrice, between(0, 8) * 10_000, random() < 0.8 ? 1 : between(2, 3),
      random() < 0.5 ? null : between(14, 60), pick([0, 5, 10]), pick([0, 15, 20]), pick(["flexible", "moderate", "strict", "closed"]),
      random() < 0.6 ? "direct" : "request", random() < 0.3 ? 1 : 0, 0, 0, "15:00", "11:00", visibility, status, moderation, "[]",
      moderation === "approved" ? addDays(today, -between(1, 700)) + " 10:00:00" : null, deletedAt, rating, reviews, ...timestamps,
    ]);
    const chosen = new Set<string>();
    for (let index = between(3, 6); index > 0; index -= 1) chosen.add(pick(AMENITIES));
    for (const amenity of chosen) await amenities.add([id, amenity]);
    const travel = new Set([pick(TRAVEL_TYPES), pick(TRAVEL_TYPES)]);
    for (const travelType of travel) await travelTypes.add([id, travelType]);
    await photos.add([id, `bench/${id}`, CURRENT_VARIANTS, 1280, 853, 0, 1, ...timestamps]);

    if (type === "hotel") {
      hotelId += 1;
      await hotels.add([hotelId, id, `Bench hotel ${id}`, between(2, 5), 40, 0, 0, ...timestamps]);
      for (let index = 0; index < between(2, 3); index += 1) {
        roomTypeId += 1;
        const quantity = between(3, 12);
        await roomTypes.add([roomTypeId, hotelId, `Type ${index + 1}`, basePrice + index * 40_000, between(1, 4), quantity, "[]", index, ...timestamps]);
        // The room type goes in before its nights: the database (migration 0042) bounds each
        // night's slot by the room type's quantity, which it reads from the row.
        await hotels.flush(false);
        await roomTypes.flush(false);
        for (let slot = 0; slot < Math.min(quantity, 3); slot += 1) {
          await book(id, hostId, { key: `room-type:${roomTypeId}`, roomTypeId, roomId: null, slot });
        }
      }
    } else if (type === "guesthouse") {
      guesthouseId += 1;
      const count = between(3, 8);
      await guesthouses.add([guesthouseId, id, `Bench dar ${id}`, count, ...timestamps]);
      for (let index = 0; index < count; index += 1) {
        roomId += 1;
        await rooms.add([roomId, guesthouseId, String(index + 1), `Room ${index + 1}`, basePrice + index * 10_000, between(1, 4), 1, 1, ...timestamps]);
        await book(id, hostId, { key: `room:${roomId}`, roomTypeId: null, roomId, slot: 0 });
      }
    } else {
      await book(id, hostId, { key: "listing", roomTypeId: null, roomId: null, slot: 0 });
    }

    // Blocks and the host's own prices on a few dates of the year; a pause now and then.
    const dated = new Set<number>();
    for (let index = 0; index < 8; index += 1) dated.add(between(0, 364));
    let blocks = 0;
    for (const offset of dated) {
      const blocked = blocks < 4;
      blocks += 1;
      await days.add([id, addDays(today, offset), blocked ? null : basePrice + between(1, 10) * 10_000, blocked ? 1 : 0, ...timestamps]);
    }
    if (random() < 0.02) {
      const start = between(0, 330);
      await pauses.add([id, addDays(today, start), addDays(today, start + between(5, 30)), ...timestamps]);
    }
  }
  for (const table of [listings, amenities, travelTypes, photos, hotels, roomTypes, guesthouses, rooms, reservations, nights, days, pauses]) {
    await table.flush();
  }
  await loader.exec("COMMIT");
  return { listings: listings.count, reservations: reservations.count, nights: nights.count, calendarDays: days.count, pauses: pauses.count };
}

async function analyze() {
  const sequelize = getSequelize();
  if (currentDialect() === "mysql") {
    await sequelize.query(
      "ANALYZE TABLE listings, reservation_nights, calendar_days, listing_pauses, listing_amenities, listing_travel_types, hotels, hotel_room_types, guesthouses, guesthouse_rooms, host_suspensions",
    );
  } else {
    // Sampled statistics (as MariaDB's): quick on a reused dataset, enough for the planner.
    await sequelize.query("PRAGMA analysis_limit = 2000");
    await sequelize.query("ANALYZE");
  }
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1]! };
}

/** One search of the bench: a weighted city, dates 2–7 nights within 300 days, 1–4 adults + 0–1 child. */
function randomQuery(today: string): SearchQuery {
  const [city] = weightedCity();
  const checkIn = addDays(today, between(1, 300));
  return {
    ...EMPTY_SEARCH,
    types: [],
    travelTypes: [],
    amenities: [],
    destination: city,
    checkIn,
    checkOut: addDays(checkIn, between(2, 7)),
    adults: between(1, 4),
    children: between(0, 1),
  };
}

/** What each timed search adds to the random one. */
const SCENARIOS: Record<string, { label: string; target: number; extra: (query: SearchQuery) => Partial<SearchQuery>; map?: boolean }> = {
  recommended: { label: "recommended", target: 20, extra: () => ({}) },
  priceAsc: { label: "price, low to high (stay total)", target: 50, extra: () => ({ sort: "price_asc" }) },
  priceDesc: { label: "price, high to low (stay total)", target: 50, extra: () => ({ sort: "price_desc" }) },
  rating: { label: "rating", target: 30, extra: () => ({ sort: "rating" }) },
  filters: {
    label: "filters (type, travel type, price range, bedrooms, 2 amenities, instant book)",
    target: 50,
    extra: () => {
      const min = between(40, 250);
      const first = pick(AMENITIES);
      let second = pick(AMENITIES);
      while (second === first) second = pick(AMENITIES);
      return {
        types: [pick(WHOLE_TYPES)] as SearchQuery["types"],
        travelTypes: [pick(TRAVEL_TYPES)] as SearchQuery["travelTypes"],
        minPrice: String(min),
        maxPrice: String(min + between(100, 500)),
        bedrooms: between(1, 2),
        amenities: [first, second] as SearchQuery["amenities"],
        instantBook: true,
      };
    },
  },
  map: {
    label: "map, visible area (≤ 200 markers, clustered beyond)",
    target: 30,
    map: true,
    extra: (query) => {
      const place = CITIES.find(([city]) => city === query.destination)!;
      // A city-zoom map window: 0.04° × 0.06° somewhere over the city's listings.
      const south = place[2] - 0.04 + random() * 0.04;
      const west = place[3] - 0.05 + random() * 0.04;
      return { bbox: { south, north: south + 0.04, west, east: west + 0.06 } };
    },
  },
};

/**
 * Searches before any timing (BENCH_WARMUP, default 400; 0: none): the figures are for a database
 * in service, whose working set is in memory. On MariaDB the first scenario otherwise paid for
 * filling the buffer pool after a load or a restart — recommended p95 20.9 ms on a cold pool
 * against 10.2 warm, the same 400 searches (ADR 258). The four orders in turn, over the cities
 * by weight, dates within the year; a generator of their own, so that the timed searches are the
 * same with or without them.
 */
async function warmUp(today: string) {
  const count = Math.max(0, Number(process.env.BENCH_WARMUP ?? 400) || 0);
  const next = prng(4_242);
  const sorts = ["recommended", "price_asc", "price_desc", "rating"] as const;
  for (let index = 0; index < count; index += 1) {
    const city = weightedCity(next);
    const checkIn = addDays(today, 1 + Math.floor(next() * 300));
    const query: SearchQuery = { ...EMPTY_SEARCH, destination: city[0], checkIn, checkOut: addDays(checkIn, 2 + Math.floor(next() * 6)), adults: 2, sort: sorts[index % 4]! };
    await searchListings({ query, currency: TND, now: new Date() });
  }
}

/**
 * Statements each search sends (every one a round trip on MariaDB), counted around
 * sequelize.query; with BENCH_PROFILE=1 also the database time of each statement's shape, printed
 * per kind of search (overlapping statements are each counted whole).
 */
const statements = { count: 0, shapes: new Map<string, { n: number; ms: number }>() };
function countStatements() {
  const sequelize = getSequelize();
  const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
  const profile = process.env.BENCH_PROFILE === "1";
  (sequelize as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    statements.count += 1;
    if (!profile) return query(...args);
    const started = process.hrtime.bigint();
    try {
      return await query(...args);
    } finally {
      const shape = String(args[0]).replace(/\s+/g, " ").slice(0, 160);
      const entry = statements.shapes.get(shape) ?? { n: 0, ms: 0 };
      entry.n += 1;
      entry.ms += Number(process.hrtime.bigint() - started) / 1e6;
      statements.shapes.set(shape, entry);
    }
  };
}

function printProfile(name: string, searches: number) {
  if (statements.shapes.size === 0) return;
  const top = [...statements.shapes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8);
  console.error(`bench profile ${name}: ${(statements.count / searches).toFixed(1)} statements per search`);
  for (const [shape, entry] of top) {
    console.error(`  ${(entry.n / searches).toFixed(2)}/search ${(entry.ms / entry.n).toFixed(2)} ms each  ${shape}`);
  }
  statements.shapes.clear();
}

/**
 * CPU time (ms) the database server has used so far, when it runs on this machine (MariaDB: its
 * pid file; SQLite runs in this process): with this process's own CPU, the work of a search in a
 * figure that other work on the machine inflates far less than wall time.
 */
async function serverCpuMs(): Promise<number | null> {
  if (currentDialect() !== "mysql") return null;
  try {
    const fs = await import("node:fs");
    const [{ file }] = await getSequelize().query<{ file: string }>("SELECT @@pid_file AS file", { type: QueryTypes.SELECT });
    const pid = fs.readFileSync(file, "utf8").trim();
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime (fields 14 and 15 of stat), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function timeSearches(today: string, scenario: (typeof SCENARIOS)[string], count: number) {
  const samples: number[] = [];
  let found = 0;
  let cpuStart = process.cpuUsage();
  let serverStart: number | null = null;
  for (let index = 0; index < count + 20; index += 1) {
    if (index === 20) {
      statements.count = 0;
      statements.shapes.clear();
      serverStart = await serverCpuMs();
      statements.count = 0;
      cpuStart = process.cpuUsage();
    }
    const base = randomQuery(today);
    const query: SearchQuery = { ...base, ...scenario.extra(base) };
    const started = process.hrtime.bigint();
    let total: number;
    if (scenario.map) {
      const result = await searchMapMarkers({ query, currency: TND, now: new Date() });
      total = result.markers.length + result.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    } else {
      total = (await searchListings({ query, currency: TND, now: new Date() })).total;
    }
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (index >= 20) {
      samples.push(elapsed);
      found += total;
    }
  }
  const sent = statements.count;
  const cpu = process.cpuUsage(cpuStart);
  const serverEnd = serverStart === null ? null : await serverCpuMs();
  printProfile(scenario.label, samples.length);
  const perSearch = (value: number) => Math.round((value / samples.length) * 10) / 10;
  return {
    ...summary(samples),
    searches: samples.length,
    meanResults: Math.round(found / samples.length),
    statements: perSearch(sent),
    cpuMs: perSearch((cpu.user + cpu.system) / 1000),
    serverCpuMs: serverEnd === null || serverStart === null ? null : perSearch(serverEnd - serverStart),
    target: scenario.target,
    label: scenario.label,
  };
}

// ---------------------------------------------------------------------------------------------
// The brute-force reference: every public listing of the city, its nights read one table at a
// time and priced by quoteStay, filtered and sorted here — to compare with the search's first page.

interface ReferenceRow {
  id: number;
  property_type: string;
  max_guests: number | null;
  bedrooms: number | null;
  min_nights: number;
  max_nights: number | null;
  base_price: number | null;
  cleaning_fee: number;
  weekly_discount_pct: number;
  monthly_discount_pct: number;
  reservation_method: string;
  approved_at: string | Date;
  rating: number | null;
  review_count: number;
  pets_allowed: number;
}

async function reference(query: SearchQuery, pageSize: number): Promise<Array<{ id: number; total: number }>> {
  const sequelize = getSequelize();
  const checkIn = query.checkIn!;
  const checkOut = query.checkOut!;
  const nights = nightsBetween(checkIn, checkOut);
  const guests = (query.adults ?? 1) + query.children;
  const rows = await sequelize.query<ReferenceRow>(
    `SELECT l.id, l.property_type, l.max_guests, l.bedrooms, l.min_nights, l.max_nights, l.base_price, l.cleaning_fee,
            l.weekly_discount_pct, l.monthly_discount_pct, l.reservation_method, l.approved_at, l.rating, l.review_count, l.pets_allowed
       FROM listings l WHERE l.city = :city AND ${publicListingCondition("l")}`,
    { replacements: { city: query.destination }, type: QueryTypes.SELECT },
  );
  const ids = rows.map((row) => Number(row.id));
  const byListing = async (sql: string) => {
    const set = new Map<number, Array<Record<string, unknown>>>();
    for (let start = 0; start < ids.length; start += 500) {
      const found = await sequelize.query<Record<string, unknown>>(sql, {
        replacements: { ids: ids.slice(start, start + 500), checkIn, checkOut },
        type: QueryTypes.SELECT,
      });
      for (const row of found) {
        const id = Number(row.listing_id);
        set.set(id, [...(set.get(id) ?? []), row]);
      }
    }
    return set;
  };
  const held = await byListing("SELECT listing_id FROM reservation_nights WHERE listing_id IN (:ids) AND unit_key = 'listing' AND night >= :checkIn AND night < :checkOut");
  const blocked = await byListing("SELECT listing_id FROM calendar_days WHERE listing_id IN (:ids) AND blocked = 1 AND date >= :checkIn AND date < :checkOut");
  const paused = await byListing("SELECT listing_id FROM listing_pauses WHERE listing_id IN (:ids) AND start_date < :checkOut AND end_date > :checkIn");
  const priced = await byListing("SELECT listing_id, date, price FROM calendar_days WHERE listing_id IN (:ids) AND price IS NOT NULL AND date >= :checkIn AND date < :checkOut");
  const amenities = await byListing("SELECT listing_id, amenity FROM listing_amenities WHERE listing_id IN (:ids)");
  const travel = await byListing("SELECT listing_id, travel_type FROM listing_travel_types WHERE listing_id IN (:ids)");
  const establishments = rows.filter((row) => row.property_type === "hotel" || row.property_type === "guesthouse").map((row) => Number(row.id));
  const units = await establishmentUnits(establishments, { checkIn, checkOut, nights }, guests);
  const results: Array<{ row: ReferenceRow; total: number }> = [];
  for (const row of rows) {
    const id = Number(row.id);
    if (Number(row.min_nights) > nights || (row.max_nights !== null && Number(row.max_nights) < nights)) continue;
    if (blocked.has(id) || paused.has(id)) continue;
    if (query.types.length > 0 && !query.types.includes(row.property_type as never)) continue;
    if (query.instantBook && row.reservation_method !== "direct") continue;
    if (query.bedrooms && Number(row.bedrooms ?? 0) < query.bedrooms) continue;
    if (query.amenities.some((amenity) => !(amenities.get(id) ?? []).some((a) => a.amenity === amenity))) continue;
    if (query.travelTypes.length > 0 && !(travel.get(id) ?? []).some((t) => query.travelTypes.includes(String(t.travel_type) as never))) continue;
    let total: number | null = null;
    if (row.property_type === "hotel" || row.property_type === "guesthouse") {
      const offers = (units.get(id) ?? []).flatMap((unit) => (unit.offer ? [unit.offer.quote.total] : []));
      if (offers.length > 0) total = Math.min(...offers);
    } else {
      if (Number(row.max_guests) < guests || held.has(id)) continue;
      const prices = new Map((priced.get(id) ?? []).map((p) => [String(p.date), Number(p.price)]));
      const terms = listingPricingTerms(
        { basePrice: Number(row.base_price ?? 0), cleaningFee: Number(row.cleaning_fee), weeklyDiscountPct: Number(row.weekly_discount_pct), monthlyDiscountPct: Number(row.monthly_discount_pct) },
        prices,
      );
      total = quoteStay(terms, { checkIn, checkOut }).total;
    }
    if (total === null) continue;
    // TND: the shown nightly average is the millimes' (3 decimals, the amounts typed in dinars).
    const average = nightlyAverage(total, nights);
    if (query.minPrice && average < Number(query.minPrice) * 1000) continue;
    if (query.maxPrice && average > Number(query.maxPrice) * 1000) continue;
    results.push({ row, total });
  }
  const time = (row: ReferenceRow) => new Date(row.approved_at).getTime();
  const recommended = (a: ReferenceRow, b: ReferenceRow) =>
    (a.reservation_method === "direct" ? 0 : 1) - (b.reservation_method === "direct" ? 0 : 1) || time(b) - time(a) || Number(b.id) - Number(a.id);
  const compare: Record<string, (a: { row: ReferenceRow; total: number }, b: { row: ReferenceRow; total: number }) => number> = {
    recommended: (a, b) => recommended(a.row, b.row),
    price_asc: (a, b) => a.total - b.total || Number(a.row.id) - Number(b.row.id),
    price_desc: (a, b) => b.total - a.total || Number(b.row.id) - Number(a.row.id),
    rating: (a, b) =>
      (a.row.rating === null ? 1 : 0) - (b.row.rating === null ? 1 : 0) ||
      Number(b.row.rating ?? 0) - Number(a.row.rating ?? 0) ||
      Number(b.row.review_count) - Number(a.row.review_count) ||
      recommended(a.row, b.row),
  };
  results.sort(compare[query.sort] ?? compare.recommended!);
  return results.slice(0, pageSize).map((result) => ({ id: Number(result.row.id), total: result.total }));
}

/** 20 searches of every kind compared with the reference: same first page, same totals. */
async function checkExactness(today: string) {
  const kinds = ["priceAsc", "priceDesc", "recommended", "rating", "filters"];
  const failures: string[] = [];
  let checked = 0;
  for (let index = 0; index < 20; index += 1) {
    const base = randomQuery(today);
    const query: SearchQuery = { ...base, ...SCENARIOS[kinds[index % kinds.length]!]!.extra(base) };
    const result = await searchListings({ query, currency: TND, now: new Date() });
    const expected = await reference(query, result.pageSize);
    const got = result.items.map((item) => ({ id: item.id, total: item.stay?.total ?? -1 }));
    checked += 1;
    if (JSON.stringify(got) !== JSON.stringify(expected)) {
      failures.push(`${query.destination} ${query.checkIn}→${query.checkOut} sort=${query.sort}: got ${JSON.stringify(got.slice(0, 4))}… expected ${JSON.stringify(expected.slice(0, 4))}…`);
    }
  }
  return { checked, exact: checked - failures.length, failures: failures.slice(0, 5) };
}

const started = Date.now();
await migrate();
const today = todayInTunis(new Date());
// The dataset is built once per database and reused by later runs (search.bench.ts keeps the
// SQLite file and the MariaDB database): the `bench_dataset` row written after a complete load
// says what it holds. A database with listings but no such row (an interrupted load, another
// size) is refused with exit code 3, and search.bench.ts empties it and runs again.
async function readMarker(): Promise<{ listings: number; loaded_on: string; counts: string } | null> {
  try {
    const rows = await getSequelize().query<{ listings: number; loaded_on: string; counts: string }>("SELECT listings, loaded_on, counts FROM bench_dataset", {
      type: QueryTypes.SELECT,
    });
    return rows[0] ?? null;
  } catch {
    return null;
  }
}
const [{ n: existing }] = await getSequelize().query<{ n: number }>("SELECT COUNT(*) AS n FROM listings", { type: QueryTypes.SELECT });
const marker = await readMarker();
let counts: Record<string, unknown>;
if (marker && Number(marker.listings) === LISTINGS) {
  counts = { ...(JSON.parse(marker.counts) as Record<string, unknown>), reused: true, loadedOn: marker.loaded_on };
} else if (Number(existing) > 0) {
  console.error(`bench: this database holds ${Number(existing)} listings but no complete dataset of ${LISTINGS}`);
  process.exit(3);
} else {
  counts = await load(today);
  await getSequelize().query("CREATE TABLE bench_dataset (listings INTEGER NOT NULL, loaded_on VARCHAR(10) NOT NULL, counts TEXT NOT NULL)");
  await getSequelize().query("INSERT INTO bench_dataset (listings, loaded_on, counts) VALUES (:listings, :today, :counts)", {
    replacements: { listings: LISTINGS, today, counts: JSON.stringify(counts) },
  });
}
// A photo whose variants column predates ADR 230 is upgraded by a job at every server start, which
// reads its files; the bench's photos have none, so the page load's server would spend a fifth of
// its CPU failing to read 100,000 files. Datasets loaded before this line get the current column.
await getSequelize().query("UPDATE listing_photos SET variants = :current WHERE variants <> :current", { replacements: { current: CURRENT_VARIANTS } });
const loadSeconds = (Date.now() - started) / 1000;
await analyze();
if (process.env.BENCH_LOAD_ONLY === "1") {
  await getSequelize().close();
  console.log(`bench: dataset ready (${JSON.stringify(counts)}) in ${Math.round(loadSeconds)} s`);
  process.exit(0);
}
forgetSearchCaches();
await warmUp(today);
countStatements();
const only = process.env.BENCH_SCENARIOS?.split(",");
const timings: Record<string, Awaited<ReturnType<typeof timeSearches>>> = {};
for (const [name, scenario] of Object.entries(SCENARIOS)) {
  if (only && !only.includes(name)) continue;
  timings[name] = await timeSearches(today, scenario, SEARCHES);
}
const exactness = process.env.BENCH_EXACT === "0" ? null : await checkExactness(today);
await getSequelize().close();
console.log(`BENCH_RESULT ${JSON.stringify({ dialect: currentDialect(), ...counts, loadSeconds, timings, exactness })}`);
