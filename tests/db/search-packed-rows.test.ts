// ADR 255: on SQLite node-sqlite3 builds every cell of a result through N-API, so the search reads
// its candidates' numbers packed into one text column and splits them; MariaDB reads them as they
// are. A search prices its establishments without reading the units' texts (descriptions,
// features) that only the property page shows. Results stay exact (search-statements,
// search-honest-nights, search-price-walk).
import { QueryTypes } from "sequelize";
import { afterEach, describe, expect, it } from "vitest";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { TND } from "~/domain/money";
import { quoteStay } from "~/domain/pricing";
import { EMPTY_SEARCH, type SearchQuery } from "~/schemas/search";
import { roomPricingTerms } from "~/services/listings/property-pricing.server";
import { packedSelect, type PackedColumn } from "~/services/search/packed-rows.server";
import { forgetSearchCaches, publicPlaces } from "~/services/search/search-cache.server";
import { searchListings } from "~/services/search/search.server";
import { establishmentUnits } from "~/services/search/stay-prices.server";
import { createPublicHotel, uniqueCity } from "../factories/discovery-factories";

const now = new Date("2030-01-10T09:00:00Z");
const stay = { checkIn: "2030-02-10", checkOut: "2030-02-13" };

describe("packed rows (ADR 255)", () => {
  afterEach(() => forgetSearchCaches());

  it("reads numbers, NULLs and short texts back as the columns gave them, other columns kept", async () => {
    const columns: PackedColumn[] = [
      ["small", "3", "number"],
      ["large", "300000000000000", "number"],
      ["negative", "-42", "number"],
      ["missing", "NULL", "number"],
      ["kind", "'guesthouse'", "text"],
      ["prices", "'2030-02-10:180000,2030-02-12:90000'", "text"],
      ["none", "NULL", "text"],
    ];
    const select = packedSelect<Record<string, unknown>>(columns, currentDialect());
    const raw = await getSequelize().query<Record<string, unknown>>(`SELECT ${select.sql}, 'A | title' AS title`, { type: QueryTypes.SELECT });
    // SQLite: one column for the seven, beside the free text.
    if (currentDialect() === "sqlite") expect(Object.keys(raw[0]!).sort()).toEqual(["packed_row", "title"]);
    const [row] = select.read(raw);
    expect(row).toMatchObject({ small: 3, large: 300_000_000_000_000, negative: -42, missing: null, kind: "guesthouse", prices: "2030-02-10:180000,2030-02-12:90000", none: null, title: "A | title" });
  });

  it("prices a hotel without reading its units' texts; the property page still gets them", async () => {
    const city = uniqueCity();
    const hotel = await createPublicHotel({
      city,
      roomTypes: [
        { name: "Small | garden", price: 60_000, occupancy: 2, quantity: 1 },
        { name: "Large", price: 95_000, occupancy: 2, quantity: 2 },
      ],
    });
    forgetSearchCaches();
    await publicPlaces();
    const sequelize = getSequelize();
    const original = sequelize.query.bind(sequelize);
    const seen: string[] = [];
    (sequelize as unknown as { query: unknown }).query = (sql: string, options?: unknown) => {
      seen.push(String(sql).replace(/\s+/g, " "));
      return original(sql, options as never);
    };
    let items: Awaited<ReturnType<typeof searchListings>>["items"] = [];
    try {
      for (const sort of ["recommended", "price_asc", "price_desc"] as const) {
        items = (await searchListings({ query: { ...EMPTY_SEARCH, destination: city, ...stay, adults: 2, sort } as SearchQuery, currency: TND, now })).items;
        expect(items.map((item) => [item.id, item.stay?.unit?.name, item.stay?.total]), sort).toEqual([
          [hotel.listing.id, "Small | garden", quoteStay(roomPricingTerms({ price: 60_000, cleaningFee: Number(hotel.listing.cleaningFee), weeklyDiscountPct: 0, monthlyDiscountPct: 0, rooms: 1 }), stay).total],
        ]);
      }
    } finally {
      (sequelize as unknown as { query: unknown }).query = original;
    }
    const units = seen.filter((sql) => /FROM hotels h JOIN hotel_room_types rt/.test(sql));
    expect(units.length).toBeGreaterThan(0);
    for (const sql of units) expect(sql).not.toMatch(/rt\.description|rt\.features|rt\.bed_configuration/);
    // The property page's units keep every detail.
    const [small] = (await establishmentUnits([hotel.listing.id], null, null)).get(hotel.listing.id) ?? [];
    expect(small).toMatchObject({ name: "Small | garden", description: "Small | garden room", sizeM2: 20, beds: "1 double bed", features: [] });
  });
});
