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
import { addDays, todayInTunis } from "~/domain/stay-dates";
import { EMPTY_SEARCH, type SearchQuery } from "~/schemas/search";
import { forgetSearchCaches } from "~/services/search/search-cache.server";
import { searchListings } from "~/services/search/search.server";
import { percentile } from "./lib/stats";

const LISTINGS = Math.max(1_000, Math.min(Number(process.env.BENCH_LISTINGS ?? 100_000) || 100_000, 500_000));
const SEARCHES = Math.max(50, Math.min(Number(process.env.BENCH_SEARCHES ?? 400) || 400, 5_000));
// Sorting by price with dates prices every free candidate: slower, so fewer samples by default.
const PRICE_SEARCHES = Math.max(20, Math.min(Number(process.env.BENCH_PRICE_SEARCHES ?? 100) || 100, 5_000));
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
function weightedCity(): (typeof CITIES)[number] {
  let target = random() * WEIGHT_SUM;
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
  const loader = await openLoader();
  let counts: Awaited<ReturnType<typeof loadRows>> | null = null;
  const run = async () => {
    counts = await loadRows(loader, today);
  };
  if (loader.connection) await withoutSecondaryIndexes(loader.connection, run);
  else await withoutSqliteSecondaryIndexes(run);
  await loader.close();
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
    "saved_steps", "approved_at", "deleted_at", "created_at", "updated_at",
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
    await listings.add([
      id, hostId, type, `Bench stay ${id}`, "A stay for the benchmark.", establishment ? null : between(1, 10), establishment ? null : between(0, 5),
      establishment ? null : between(1, 6), establishment ? null : between(1, 3), "TN", `${id} rue du Bench`, city, governorate, city,
      "1000", lat + (random() - 0.5) * 0.08, lng + (random() - 0.5) * 0.08, basePrice, between(0, 8) * 10_000, random() < 0.8 ? 1 : between(2, 3),
      random() < 0.5 ? null : between(14, 60), pick([0, 5, 10]), pick([0, 15, 20]), pick(["flexible", "moderate", "strict", "closed"]),
      random() < 0.6 ? "direct" : "request", random() < 0.3 ? 1 : 0, 0, 0, "15:00", "11:00", visibility, status, moderation, "[]",
      moderation === "approved" ? addDays(today, -between(1, 700)) + " 10:00:00" : null, deletedAt, ...timestamps,
    ]);
    const chosen = new Set<string>();
    for (let index = between(3, 6); index > 0; index -= 1) chosen.add(pick(AMENITIES));
    for (const amenity of chosen) await amenities.add([id, amenity]);
    const travel = new Set([pick(TRAVEL_TYPES), pick(TRAVEL_TYPES)]);
    for (const travelType of travel) await travelTypes.add([id, travelType]);
    await photos.add([id, `bench/${id}`, "320,640,1280", 1280, 853, 0, 1, ...timestamps]);

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
    await sequelize.query("ANALYZE");
  }
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1]! };
}

async function timeSearches(today: string, overrides: Partial<SearchQuery>, count: number) {
  const samples: number[] = [];
  let found = 0;
  for (let index = 0; index < count + 20; index += 1) {
    const [city] = weightedCity();
    const checkIn = addDays(today, between(1, 300));
    const query: SearchQuery = {
      ...EMPTY_SEARCH,
      types: [],
      travelTypes: [],
      amenities: [],
      destination: city,
      checkIn,
      checkOut: addDays(checkIn, between(2, 7)),
      adults: between(1, 4),
      children: between(0, 1),
      ...overrides,
    };
    const started = process.hrtime.bigint();
    const result = await searchListings({ query, currency: TND, now: new Date() });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (index >= 20) {
      samples.push(elapsed);
      found += result.total;
    }
  }
  return { ...summary(samples), searches: samples.length, meanResults: Math.round(found / samples.length) };
}

const started = Date.now();
await migrate();
const today = todayInTunis(new Date());
// BENCH_REUSE=1 (for tuning the search): keep what an earlier run loaded into this database.
const [{ n: existing }] = await getSequelize().query<{ n: number }>("SELECT COUNT(*) AS n FROM listings", { type: QueryTypes.SELECT });
const counts = process.env.BENCH_REUSE === "1" && Number(existing) > 0 ? { listings: Number(existing), reused: true } : await load(today);
const loadSeconds = (Date.now() - started) / 1000;
await analyze();
forgetSearchCaches();
const recommended = await timeSearches(today, {}, SEARCHES);
const byPrice = await timeSearches(today, { sort: "price_asc" }, PRICE_SEARCHES);

/**
 * BENCH_MYSQL_BUFFER_POOL_MB (opt-in, MariaDB/MySQL only): the same searches again with the
 * server's InnoDB buffer pool set to that size — as a production server holding this database
 * would be configured — after reading the searched indexes once. The size is set back after.
 */
async function withLargerBufferPool() {
  const megabytes = Number(process.env.BENCH_MYSQL_BUFFER_POOL_MB ?? 0);
  if (currentDialect() !== "mysql" || !Number.isInteger(megabytes) || megabytes <= 0) return null;
  const sequelize = getSequelize();
  const [{ size }] = await sequelize.query<{ size: number }>("SELECT @@innodb_buffer_pool_size AS size", { type: QueryTypes.SELECT });
  await sequelize.query(`SET GLOBAL innodb_buffer_pool_size = ${megabytes * 2 ** 20}`);
  try {
    for (const statement of [
      "SELECT COUNT(*) FROM reservation_nights FORCE INDEX (reservation_nights_one_holder) WHERE listing_id > 0",
      "SELECT COUNT(*) FROM calendar_days FORCE INDEX (calendar_days_listing_id_date) WHERE listing_id > 0",
      "SELECT COUNT(*) FROM listing_pauses FORCE INDEX (listing_pauses_listing_id_start_date) WHERE listing_id > 0",
      "SELECT SUM(LENGTH(title)) FROM listings",
      "SELECT COUNT(*) FROM listings FORCE INDEX (listings_search_city_ordered) WHERE city IS NOT NULL",
      "SELECT COUNT(*) FROM listing_photos FORCE INDEX (listing_photos_listing_id_room_type_id_position) WHERE listing_id > 0",
    ]) {
      await sequelize.query(statement);
    }
    return {
      bufferPoolMb: megabytes,
      recommended: await timeSearches(today, {}, SEARCHES),
      byPrice: await timeSearches(today, { sort: "price_asc" }, PRICE_SEARCHES),
    };
  } finally {
    await sequelize.query(`SET GLOBAL innodb_buffer_pool_size = ${Number(size)}`);
  }
}
const largerPool = await withLargerBufferPool();
await getSequelize().close();
console.log(
  `BENCH_RESULT ${JSON.stringify({ dialect: currentDialect(), ...counts, loadSeconds, recommended, byPrice, largerPool })}`,
);
