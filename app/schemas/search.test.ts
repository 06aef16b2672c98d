import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH, parseSearchParams, searchQueryToParams, stayParams } from "~/schemas/search";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("reads every parameter of the search form", () => {
    const { query, errors } = parse(
      "destination=Hammamet&checkIn=2030-07-01&checkOut=2030-07-05&adults=2&children=1&infants=1&pets=1" +
        "&type=villa&type=apartment&travelTypes=relax,fun&minPrice=50&maxPrice=120.5&bedrooms=2" +
        "&amenities=pool&amenities=wifi&instantBook=1&sort=price_asc&page=3&bbox=10,36,11,37",
    );
    expect(errors).toEqual({});
    expect(query).toEqual({
      destination: "Hammamet",
      checkIn: "2030-07-01",
      checkOut: "2030-07-05",
      adults: 2,
      children: 1,
      infants: 1,
      pets: 1,
      types: ["villa", "apartment"],
      travelTypes: ["relax", "fun"],
      amenities: ["pool", "wifi"],
      minPrice: "50",
      maxPrice: "120.5",
      bedrooms: 2,
      instantBook: true,
      sort: "price_asc",
      page: 3,
      bbox: { west: 10, south: 36, east: 11, north: 37 },
    });
  });

  it("keeps the defaults for an empty query", () => {
    expect(parse("")).toEqual({ query: EMPTY_SEARCH, errors: {} });
    expect(parse("destination=&checkIn=&adults=")).toEqual({ query: EMPTY_SEARCH, errors: {} });
  });

  it.each([
    ["checkIn=2030-02-30&checkOut=2030-03-02", { checkIn: "search:errors.date" }],
    ["checkIn=2030-03-01", { checkOut: "search:errors.bothDates" }],
    ["checkOut=2030-03-01", { checkIn: "search:errors.bothDates" }],
    ["checkIn=2030-03-05&checkOut=2030-03-05", { checkOut: "search:errors.checkOutAfterCheckIn" }],
    ["adults=0", { adults: "search:errors.guests" }],
    ["adults=-2", { adults: "search:errors.guests" }],
    ["adults=abc", { adults: "search:errors.guests" }],
    ["adults=Infinity", { adults: "search:errors.guests" }],
    ["infants=%3Cscript%3E", { infants: "search:errors.guests" }],
    ["checkIn=garbage&checkOut=2030-03-02", { checkIn: "search:errors.date" }],
    ["checkIn=2030-03-05&checkOut=2030-03-01", { checkOut: "search:errors.checkOutAfterCheckIn" }],
    ["bedrooms=lots", { bedrooms: "search:errors.bedrooms" }],
    ["page=two", { page: "search:errors.page" }],
    ["children=1.5", { children: "search:errors.guests" }],
    ["pets=51", { pets: "search:errors.guests" }],
    ["minPrice=cheap", { minPrice: "search:errors.price" }],
    ["minPrice=100&maxPrice=50", { maxPrice: "search:errors.priceRange" }],
    ["bedrooms=-1", { bedrooms: "search:errors.bedrooms" }],
    ["sort=best", { sort: "search:errors.sort" }],
    ["page=0", { page: "search:errors.page" }],
    ["type=castle&type=villa", { types: "search:errors.type" }],
    ["travelTypes=party", { travelTypes: "search:errors.travelType" }],
    ["amenities=moat", { amenities: "search:errors.amenity" }],
    ["bbox=1,2,3", { bbox: "search:errors.bbox" }],
    ["bbox=11,36,10,37", { bbox: "search:errors.bbox" }],
  ])("%s is reported and left out", (input, errors) => {
    const result = parse(input);
    expect(result.errors).toEqual(errors);
    if ("checkIn" in errors || "checkOut" in errors) expect([result.query.checkIn, result.query.checkOut]).toEqual([null, null]);
  });

  it("reports every bad value with a key of the search namespace, never a raw parser message", () => {
    const en = JSON.parse(fs.readFileSync("locales/en/search.json", "utf8")) as { errors: Record<string, string> };
    const garbage = "x%00%FF%20-1e999";
    for (const name of ["destination", "checkIn", "checkOut", "adults", "children", "infants", "pets", "type", "travelTypes", "minPrice", "maxPrice", "bedrooms", "amenities", "sort", "page", "bbox"]) {
      const { errors } = parse(`${name}=${garbage}&${name}=NaN`);
      for (const key of Object.values(errors)) {
        expect(key).toMatch(/^search:errors\./);
        expect(en.errors[key!.slice("search:errors.".length)], key).toBeTypeOf("string");
      }
    }
  });

  it("keeps known values of a list with an unknown one", () => {
    expect(parse("type=castle&type=villa").query.types).toEqual(["villa"]);
  });
});

describe("searchQueryToParams", () => {
  it("writes back only what differs from the defaults, so links keep every filter", () => {
    const query = parse("destination=Tunis&type=villa&amenities=pool&sort=newest&page=2&instantBook=on").query;
    expect(searchQueryToParams(query).toString()).toBe("destination=Tunis&type=villa&amenities=pool&instantBook=1&sort=newest&page=2");
    expect(parseSearchParams(searchQueryToParams(query)).query).toEqual(query);
    expect(searchQueryToParams(EMPTY_SEARCH).toString()).toBe("");
  });

  it("keeps all sixteen parameters of a search through a round trip (pages of results link with every filter)", () => {
    const all =
      "destination=Hammamet&checkIn=2030-02-10&checkOut=2030-02-13&adults=2&children=1&infants=1&pets=1&type=villa&type=apartment" +
      "&travelTypes=relax&travelTypes=work&minPrice=10&maxPrice=900&bedrooms=2&amenities=wifi&amenities=pool&instantBook=1&sort=price_desc&page=3";
    const { query, errors } = parse(all);
    expect(errors).toEqual({});
    const params = searchQueryToParams(query);
    const sorted = (search: URLSearchParams) => [...search.entries()].map(([key, value]) => `${key}=${value}`).sort();
    expect(sorted(params)).toEqual(sorted(new URLSearchParams(all)));
    expect(new Set(params.keys()).size).toBe(16);
  });

  it("stayParams carries only the dates and guests", () => {
    const query = parse("destination=Tunis&checkIn=2030-01-01&checkOut=2030-01-03&adults=2&pets=1&type=villa").query;
    expect(stayParams(query).toString()).toBe("checkIn=2030-01-01&checkOut=2030-01-03&adults=2&pets=1");
  });
});
