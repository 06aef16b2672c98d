import { describe, expect, it, vi } from "vitest";
import {
  convertMillimes,
  divideRoundHalfUp,
  formatMoney,
  formatRateMicros,
  minorUnitsToDecimalString,
  parseRateMicros,
  parseTndAmount,
  tndValue,
  TND,
  type DisplayCurrency,
} from "~/domain/money";

// The rates of migrations/0043-reference-currencies.ts, written out so the tests do not move
// when an operator changes them.
const EUR: DisplayCurrency = { code: "EUR", symbol: "€", valueMicros: 292_000, decimals: 2 };
const DZD: DisplayCurrency = { code: "DZD", symbol: "DA", valueMicros: 44_100_000, decimals: 2 };
const LYD: DisplayCurrency = { code: "LYD", symbol: "LD", valueMicros: 1_840_000, decimals: 3 };
const CAD: DisplayCurrency = { code: "CAD", symbol: "CA$", valueMicros: 472_000, decimals: 2 };
const GBP: DisplayCurrency = { code: "GBP", symbol: "£", valueMicros: 256_000, decimals: 2 };
const JPY: DisplayCurrency = { code: "JPY", symbol: "¥", valueMicros: 48_500_000, decimals: 0 };
/** 1 TND = 1 unit with 2 decimals: makes exact halves easy to reach. */
const PAR2: DisplayCurrency = { code: "XTS", symbol: "T", valueMicros: 1_000_000, decimals: 2 };

const NBSP = "\u00a0";
const NNBSP = "\u202f"; // French digit grouping

describe("convertMillimes", () => {
  const cases: Array<[string, number | bigint, DisplayCurrency, bigint]> = [
    ["TND keeps millimes", 1_234_567, TND, 1_234_567n],
    ["TND zero", 0, TND, 0n],
    ["TND negative", -1_500, TND, -1_500n],
    ["EUR 1 TND = 0.292 → 29.2 cents", 1_000, EUR, 29n],
    ["EUR 1234.500 TND = 360.474", 1_234_500, EUR, 36_047n],
    ["EUR exact: 1250 TND = 365.00", 1_250_000, EUR, 36_500n],
    ["EUR just below a half (36.4708 cents)", 1_249, EUR, 36n],
    ["EUR exact half (36.5 cents) rounds up", 1_250, EUR, 37n],
    ["EUR just above a half (36.5292 cents)", 1_251, EUR, 37n],
    ["EUR negative half rounds away from zero", -1_250, EUR, -37n],
    ["EUR negative", -1_000, EUR, -29n],
    ["GBP 100 TND = 25.60", 100_000, GBP, 2_560n],
    ["DZD 120 TND = 5292.00", 120_000, DZD, 529_200n],
    ["DZD 1 millime = 4.41 centimes", 1, DZD, 4n],
    ["LYD 3 decimals: 1 TND = 1.840", 1_000, LYD, 1_840n],
    ["LYD 1 millime = 1.84 dirhams", 1, LYD, 2n],
    ["LYD 3 millimes = 5.52 dirhams", 3, LYD, 6n],
    ["no decimals (JPY): 1 TND = 48.5 → 49", 1_000, JPY, 49n],
    ["half-up, not to even: 0.005 → 0.01", 5, PAR2, 1n],
    ["half-up, not to even: 0.015 → 0.02", 15, PAR2, 2n],
    ["half-up, not to even: 0.025 → 0.03", 25, PAR2, 3n],
    ["below half: 0.004 → 0.00", 4, PAR2, 0n],
    ["negative half: -0.025 → -0.03", -25, PAR2, -3n],
    ["negative below half: -0.004 → 0", -4, PAR2, 0n],
    ["largest safe integer in EUR", Number.MAX_SAFE_INTEGER, EUR, 263_010_218_238_437n],
    ["largest safe integer in DZD (beyond 2^53)", Number.MAX_SAFE_INTEGER, DZD, 39_721_748_713_407_770n],
    ["BigInt input beyond 2^53 in TND", 10n ** 20n, TND, 10n ** 20n],
    ["rate zero", 123_456, { ...EUR, valueMicros: 0 }, 0n],
  ];
  it.each(cases)("%s", (_name, millimes, currency, expected) => {
    expect(convertMillimes(millimes, currency)).toBe(expected);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("refuses %s millimes (not a safe integer)", (value) => {
    expect(() => convertMillimes(value, TND)).toThrow(RangeError);
  });

  it.each([
    ["fractional rate", { ...EUR, valueMicros: 0.5 }],
    ["negative rate", { ...EUR, valueMicros: -1 }],
    ["too many decimals", { ...EUR, decimals: 7 }],
    ["fractional decimals", { ...EUR, decimals: 1.5 }],
  ])("refuses a currency with a %s", (_name, currency) => {
    expect(() => convertMillimes(1000, currency)).toThrow(RangeError);
  });
});

describe("divideRoundHalfUp", () => {
  it.each([
    [7n, 2n, 4n],
    [-7n, 2n, -4n],
    [5n, 10n, 1n],
    [4n, 10n, 0n],
    [-5n, 10n, -1n],
    [-4n, 10n, 0n],
    [10n, 5n, 2n],
    [0n, 3n, 0n],
  ])("%s / %s → %s", (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it("refuses a denominator that is not positive", () => {
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe("minorUnitsToDecimalString", () => {
  it.each([
    [123_456n, 2, "1234.56"],
    [5n, 3, "0.005"],
    [-5n, 3, "-0.005"],
    [0n, 2, "0.00"],
    [42n, 0, "42"],
    [-100n, 2, "-1.00"],
  ])("%s with %s decimals → %s", (minor, decimals, expected) => {
    expect(minorUnitsToDecimalString(minor, decimals)).toBe(expected);
  });
});

describe("formatMoney", () => {
  const cases: Array<[number, DisplayCurrency, string, string]> = [
    [1_234_567, TND, "en", `DT${NBSP}1,234.567`],
    [1_234_567, TND, "fr", `1${NNBSP}234,567${NBSP}DT`],
    [1_234_567, TND, "es", `1234,567${NBSP}DT`],
    [12_345_678, TND, "es", `12.345,678${NBSP}DT`],
    [1_234_500, EUR, "en", "€360.47"],
    [1_234_500, EUR, "fr", `360,47${NBSP}€`],
    [1_234_500, EUR, "es", `360,47${NBSP}€`],
    [120_000, DZD, "en", `DA${NBSP}5,292.00`],
    [120_000, DZD, "fr", `5${NNBSP}292,00${NBSP}DA`],
    [1_000, LYD, "en", `LD${NBSP}1.840`],
    [1_000, LYD, "fr", `1,840${NBSP}LD`],
    [1_000_000, CAD, "en", "CA$472.00"],
    [1_000_000, CAD, "fr", `472,00${NBSP}CA$`],
    [-1_500, TND, "en", `-DT${NBSP}1.500`],
    [-1_500, TND, "fr", `-1,500${NBSP}DT`],
    [0, EUR, "fr", `0,00${NBSP}€`],
    [0, TND, "en", `DT${NBSP}0.000`],
    [1_250, EUR, "en", "€0.37"],
    // A float would print 9,007,199,254,740.992 here.
    [Number.MAX_SAFE_INTEGER, TND, "en", `DT${NBSP}9,007,199,254,740.991`],
    [Number.MAX_SAFE_INTEGER, DZD, "en", `DA${NBSP}397,217,487,134,077.70`],
  ];
  it.each(cases)("%s millimes in %o (%s) → %s", (millimes, currency, language, expected) => {
    expect(formatMoney(millimes, currency, language)).toBe(expected);
  });

  it("uses the currency's own symbol rather than Intl's", () => {
    expect(formatMoney(1_000, { ...EUR, symbol: "EUR" }, "en")).toBe(`EUR${NBSP}0.29`);
  });

  it("still shows an amount for a code Intl cannot take", () => {
    expect(formatMoney(1_000, { code: "??", symbol: "X", valueMicros: 1_000_000, decimals: 2 }, "en")).toBe("1.00 X");
  });

  it("asks Intl once per amount, currency and language (ADR 247), and anew when the symbol changes", () => {
    const spy = vi.spyOn(Intl.NumberFormat.prototype, "formatToParts");
    const first = formatMoney(7_654_321, EUR, "fr");
    for (let i = 0; i < 3; i++) expect(formatMoney(7_654_321, EUR, "fr")).toBe(first);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(formatMoney(7_654_321, EUR, "en")).not.toBe(first);
    expect(formatMoney(7_654_321, { ...EUR, symbol: "EUR" }, "fr")).toBe(first.replace("€", "EUR"));
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
  });
});

describe("tndValue", () => {
  it.each([
    [TND, 1],
    [EUR, 0.292],
    [DZD, 44.1],
    [LYD, 1.84],
    [{ ...EUR, valueMicros: 1 }, 0.000001],
  ])("%o → %s", (currency, expected) => {
    expect(tndValue(currency)).toBe(expected);
  });
});

describe("parseTndAmount", () => {
  it.each([
    ["120", 120_000],
    ["120.5", 120_500],
    ["120,750", 120_750],
    [" 1 234,75 ", 1_234_750],
    ["0.001", 1],
    ["-3", -3_000],
    ["0", 0],
  ])("%j → %s millimes", (text, expected) => {
    expect(parseTndAmount(text)).toBe(expected);
  });

  it.each(["", "abc", "1.2345", "1,2,3", "1e3", ".5", "12.", "9007199254740.992"])("%j → null", (text) => {
    expect(parseTndAmount(text)).toBeNull();
  });
});

describe("parseRateMicros (operators' rates)", () => {
  it.each([
    ["0.292", 292_000],
    ["0,292", 292_000],
    [" 44.1 ", 44_100_000],
    ["3", 3_000_000],
    ["0.000001", 1],
    ["1000000", 1_000_000_000_000],
  ])("%j → %i millionths", (text, micros) => {
    expect(parseRateMicros(text)).toBe(micros);
  });

  it.each(["", "0", "0.0", "-1", "1.2345678", "abc", "1e3", "1.2.3", "1000000.5", "10000000"])("%j is refused", (text) => {
    expect(parseRateMicros(text)).toBeNull();
  });

  it.each([
    [292_000, "0.292"],
    [1_000_000, "1"],
    [44_100_000, "44.1"],
    [1, "0.000001"],
  ])("formats %i as %j, and reads it back", (micros, text) => {
    expect(formatRateMicros(micros)).toBe(text);
    expect(parseRateMicros(text)).toBe(micros);
  });
});
