import { describe, expect, it } from "vitest";
import { lengthOfStayDiscount, percentOf, quoteStay, type PricingTerms, type StayQuote } from "~/domain/pricing";
import { addDays } from "~/domain/stay-dates";

const DT = 1000; // millimes per dinar
const stayOf = (nights: number, checkIn = "2026-08-12") => ({ checkIn, checkOut: addDays(checkIn, nights) });

type Expected = Omit<StayQuote, "nightly" | "rooms" | "serviceFeePercent" | "commissionPercent" | "subtotal" | "discountPercent"> &
  Partial<StayQuote>;

describe("quoteStay: PRODUCT.md 'Price of a stay'", () => {
  const weeklyAndMonthly: PricingTerms = { nightlyPrice: 100 * DT, weeklyDiscountPercent: 10, monthlyDiscountPercent: 20 };

  it.each<[string, PricingTerms, number, Expected]>([
    [
      "3 nights at the base price, no fee",
      { nightlyPrice: 100 * DT },
      3,
      { nights: 3, nightsTotal: 300_000, discount: 0, discountKind: null, cleaningFee: 0, serviceFee: 15_000, total: 315_000, hostCommission: 30_000, hostPayout: 270_000 },
    ],
    [
      "1 night",
      { nightlyPrice: 80 * DT },
      1,
      { nights: 1, nightsTotal: 80_000, discount: 0, discountKind: null, cleaningFee: 0, serviceFee: 4_000, total: 84_000, hostCommission: 8_000, hostPayout: 72_000 },
    ],
    [
      "cleaning fee once per stay, inside the service fee and commission base",
      { nightlyPrice: 100 * DT, cleaningFee: 30 * DT },
      3,
      { nights: 3, nightsTotal: 300_000, discount: 0, discountKind: null, cleaningFee: 30_000, serviceFee: 16_500, total: 346_500, hostCommission: 33_000, hostPayout: 297_000 },
    ],
    [
      "6 nights: no length-of-stay discount yet",
      weeklyAndMonthly,
      6,
      { nights: 6, nightsTotal: 600_000, discount: 0, discountKind: null, cleaningFee: 0, serviceFee: 30_000, total: 630_000, hostCommission: 60_000, hostPayout: 540_000 },
    ],
    [
      "7 nights: weekly discount",
      weeklyAndMonthly,
      7,
      { nights: 7, nightsTotal: 700_000, discount: 70_000, discountKind: "weekly", discountPercent: 10, cleaningFee: 0, serviceFee: 31_500, total: 661_500, hostCommission: 63_000, hostPayout: 567_000 },
    ],
    [
      "27 nights: still weekly",
      weeklyAndMonthly,
      27,
      { nights: 27, nightsTotal: 2_700_000, discount: 270_000, discountKind: "weekly", cleaningFee: 0, serviceFee: 121_500, total: 2_551_500, hostCommission: 243_000, hostPayout: 2_187_000 },
    ],
    [
      "28 nights: monthly replaces weekly (never both)",
      weeklyAndMonthly,
      28,
      { nights: 28, nightsTotal: 2_800_000, discount: 560_000, discountKind: "monthly", discountPercent: 20, cleaningFee: 0, serviceFee: 112_000, total: 2_352_000, hostCommission: 224_000, hostPayout: 2_016_000 },
    ],
    [
      "28 nights without a monthly discount keep the weekly one",
      { nightlyPrice: 100 * DT, weeklyDiscountPercent: 10, monthlyDiscountPercent: 0 },
      28,
      { nights: 28, nightsTotal: 2_800_000, discount: 280_000, discountKind: "weekly", cleaningFee: 0, serviceFee: 126_000, total: 2_646_000, hostCommission: 252_000, hostPayout: 2_268_000 },
    ],
    [
      "7 nights with only a monthly discount: none",
      { nightlyPrice: 100 * DT, monthlyDiscountPercent: 20 },
      7,
      { nights: 7, nightsTotal: 700_000, discount: 0, discountKind: null, cleaningFee: 0, serviceFee: 35_000, total: 735_000, hostCommission: 70_000, hostPayout: 630_000 },
    ],
    [
      "discount on the nights only, never on the cleaning fee",
      { nightlyPrice: 100 * DT, cleaningFee: 50 * DT, weeklyDiscountPercent: 10 },
      7,
      { nights: 7, nightsTotal: 700_000, discount: 70_000, discountKind: "weekly", cleaningFee: 50_000, serviceFee: 34_000, total: 714_000, hostCommission: 68_000, hostPayout: 612_000 },
    ],
    [
      "rounding half-up to the millime: 5% of 33.333 DT = 1.66665 → 1.667; 10% = 3.3333 → 3.333",
      { nightlyPrice: 33_333 },
      1,
      { nights: 1, nightsTotal: 33_333, discount: 0, discountKind: null, cleaningFee: 0, serviceFee: 1_667, total: 35_000, hostCommission: 3_333, hostPayout: 30_000 },
    ],
    [
      "rounding: an exact half millime goes up (5% of 50.010 DT = 2.5005 → 2.501)",
      { nightlyPrice: 50_010 },
      1,
      { nights: 1, nightsTotal: 50_010, discount: 0, discountKind: null, cleaningFee: 0, serviceFee: 2_501, total: 52_511, hostCommission: 5_001, hostPayout: 45_009 },
    ],
    [
      "rounding of the discount: 15% of 86.415 DT = 12.96225 → 12.962",
      { nightlyPrice: 12_345, weeklyDiscountPercent: 15 },
      7,
      { nights: 7, nightsTotal: 86_415, discount: 12_962, discountKind: "weekly", cleaningFee: 0, serviceFee: 3_673, total: 77_126, hostCommission: 7_345, hostPayout: 66_108 },
    ],
    [
      "a configured service fee (7%) and a free listing night",
      { nightlyPrice: 0, cleaningFee: 20 * DT, serviceFeePercent: 7 },
      2,
      { nights: 2, nightsTotal: 0, discount: 0, discountKind: null, cleaningFee: 20_000, serviceFee: 1_400, total: 21_400, hostCommission: 2_000, hostPayout: 18_000 },
    ],
    [
      "service fee 0%",
      { nightlyPrice: 100 * DT, serviceFeePercent: 0 },
      2,
      { nights: 2, nightsTotal: 200_000, discount: 0, discountKind: null, cleaningFee: 0, serviceFee: 0, total: 200_000, hostCommission: 20_000, hostPayout: 180_000 },
    ],
    [
      "3 rooms: every amount, cleaning included, is 3 × one room",
      { nightlyPrice: 120 * DT, cleaningFee: 20 * DT, rooms: 3 },
      2,
      { nights: 2, rooms: 3, nightsTotal: 720_000, discount: 0, discountKind: null, cleaningFee: 60_000, serviceFee: 39_000, total: 819_000, hostCommission: 78_000, hostPayout: 702_000 },
    ],
    [
      "2 rooms round per room: 2 × 1.667, not 5% of 66.666",
      { nightlyPrice: 33_333, rooms: 2 },
      1,
      { nights: 1, rooms: 2, nightsTotal: 66_666, discount: 0, discountKind: null, cleaningFee: 0, serviceFee: 3_334, total: 70_000, hostCommission: 6_666, hostPayout: 60_000 },
    ],
  ])("%s", (_name, terms, nights, expected) => {
    expect(quoteStay(terms, stayOf(nights))).toMatchObject(expected);
  });

  it("prices each night from the host calendar, else the base price (Record or Map)", () => {
    const prices = { "2026-08-13": 150 * DT, "2026-08-15": 999 * DT /* the check-out day: not a night */ };
    const terms: PricingTerms = { nightlyPrice: 100 * DT, cleaningFee: 30 * DT, pricesByDate: prices };
    const expected = {
      nightly: [
        { date: "2026-08-12", price: 100_000 },
        { date: "2026-08-13", price: 150_000 },
        { date: "2026-08-14", price: 100_000 },
      ],
      nightsTotal: 350_000,
      cleaningFee: 30_000,
      subtotal: 380_000,
      serviceFee: 19_000,
      total: 399_000,
      hostCommission: 38_000,
      hostPayout: 342_000,
    };
    expect(quoteStay(terms, stayOf(3))).toMatchObject(expected);
    expect(quoteStay({ ...terms, pricesByDate: new Map(Object.entries(prices)) }, stayOf(3))).toMatchObject(expected);
  });

  it("applies the weekly discount to calendar prices too, across a month end", () => {
    const quote = quoteStay(
      { nightlyPrice: 100 * DT, weeklyDiscountPercent: 10, pricesByDate: { "2026-08-31": 200 * DT, "2026-09-01": 200 * DT } },
      stayOf(7, "2026-08-28"),
    );
    expect(quote.nightsTotal).toBe(900_000);
    expect(quote.discount).toBe(90_000);
    expect(quote.nightly.map((night) => night.date)).toEqual([
      "2026-08-28", "2026-08-29", "2026-08-30", "2026-08-31", "2026-09-01", "2026-09-02", "2026-09-03",
    ]);
  });

  it.each<[number, PricingTerms]>([
    [1, { nightlyPrice: 33_333, cleaningFee: 7_777, serviceFeePercent: 5 }],
    [7, { nightlyPrice: 12_345, weeklyDiscountPercent: 13, cleaningFee: 1_001 }],
    [30, { nightlyPrice: 99_999, weeklyDiscountPercent: 7, monthlyDiscountPercent: 33, cleaningFee: 45_555, rooms: 4 }],
    [12, { nightlyPrice: 1, cleaningFee: 1, rooms: 7 }],
  ])("keeps the books balanced (%i nights)", (nights, terms) => {
    const quote = quoteStay(terms, stayOf(nights));
    expect(quote.subtotal).toBe(quote.nightsTotal - quote.discount + quote.cleaningFee);
    expect(quote.total).toBe(quote.subtotal + quote.serviceFee);
    expect(quote.hostPayout + quote.hostCommission).toBe(quote.subtotal);
    const oneRoom = quoteStay({ ...terms, rooms: 1 }, stayOf(nights));
    expect(quote.total).toBe(oneRoom.total * quote.rooms);
    for (const value of [quote.total, quote.serviceFee, quote.hostCommission, quote.discount]) expect(Number.isInteger(value)).toBe(true);
  });

  it.each<[string, PricingTerms, { checkIn: string; checkOut: string }]>([
    ["no night", { nightlyPrice: 1000 }, { checkIn: "2026-08-12", checkOut: "2026-08-12" }],
    ["check-out before check-in", { nightlyPrice: 1000 }, { checkIn: "2026-08-12", checkOut: "2026-08-10" }],
    ["invalid date", { nightlyPrice: 1000 }, { checkIn: "2026-02-30", checkOut: "2026-03-02" }],
    ["fractional price", { nightlyPrice: 10.5 }, stayOf(1)],
    ["negative price", { nightlyPrice: -1 }, stayOf(1)],
    ["negative calendar price", { nightlyPrice: 1000, pricesByDate: { "2026-08-12": -5 } }, stayOf(1)],
    ["fractional percent", { nightlyPrice: 1000, weeklyDiscountPercent: 7.5 }, stayOf(7)],
    ["percent above 100", { nightlyPrice: 1000, serviceFeePercent: 101 }, stayOf(1)],
    ["zero rooms", { nightlyPrice: 1000, rooms: 0 }, stayOf(1)],
  ])("refuses %s", (_name, terms, stay) => {
    expect(() => quoteStay(terms, stay)).toThrow(RangeError);
  });
});

describe("lengthOfStayDiscount", () => {
  it.each<[number, number, number, ReturnType<typeof lengthOfStayDiscount>]>([
    [6, 10, 20, { kind: null, percent: 0 }],
    [7, 10, 20, { kind: "weekly", percent: 10 }],
    [27, 10, 20, { kind: "weekly", percent: 10 }],
    [28, 10, 20, { kind: "monthly", percent: 20 }],
    [90, 10, 20, { kind: "monthly", percent: 20 }],
    [28, 15, 5, { kind: "monthly", percent: 5 }], // monthly replaces weekly even when smaller
    [28, 10, 0, { kind: "weekly", percent: 10 }],
    [7, 0, 0, { kind: null, percent: 0 }],
  ])("%i nights, weekly %i%, monthly %i% → %j", (nights, weekly, monthly, expected) => {
    expect(lengthOfStayDiscount(nights, weekly, monthly)).toEqual(expected);
  });
});

describe("percentOf", () => {
  it.each([
    [100_000, 5, 5_000],
    [30, 5, 2], // 1.5 → 2
    [29, 5, 1], // 1.45 → 1
    [10, 5, 1], // 0.5 → 1
    [9, 5, 0], // 0.45 → 0
    [0, 10, 0],
    [123_456_789_012, 10, 12_345_678_901],
  ])("%i × %i%% = %i", (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });
});
