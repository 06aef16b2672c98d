// Money: every amount is an integer number of millimes (1 TND = 1000 millimes). Other currencies
// are for display only: display = millimes / 1000 × value, rounded half-up (away from zero) to the
// currency's minor units. The arithmetic is done on BigInt, never on floating point.

/** A currency to display amounts in, as the currencies table holds it. */
export interface DisplayCurrency {
  /** ISO 4217 code, upper case ("EUR"). */
  code: string;
  /** The symbol shown beside amounts ("DT", "€"). */
  symbol: string;
  /** What 1 TND is worth in this currency, in millionths (EUR 0.292 → 292000). */
  valueMicros: number;
  /** Minor-unit digits (TND and LYD 3, EUR 2). */
  decimals: number;
}

export const TND: DisplayCurrency = { code: "TND", symbol: "DT", valueMicros: 1_000_000, decimals: 3 };

export const MILLIMES_PER_DINAR = 1000;
const MICROS = 1_000_000n;
const MAX_DECIMALS = 6;

function toBigInt(value: number | bigint, what: string): bigint {
  if (typeof value === "bigint") return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
  return BigInt(value);
}

function checkCurrency(currency: DisplayCurrency): void {
  if (!Number.isSafeInteger(currency.valueMicros) || currency.valueMicros < 0) {
    throw new RangeError(`${currency.code}: valueMicros must be a non-negative integer`);
  }
  if (!Number.isInteger(currency.decimals) || currency.decimals < 0 || currency.decimals > MAX_DECIMALS) {
    throw new RangeError(`${currency.code}: decimals must be an integer from 0 to ${MAX_DECIMALS}`);
  }
}

/** numerator / denominator (denominator > 0), rounded half away from zero. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator; // same sign as the numerator
  const twiceRemainder = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twiceRemainder < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/**
 * The amount in the currency's minor units (cents for EUR, millimes for TND), as a BigInt.
 * millimes × valueMicros × 10^decimals / (1000 × 10^6), rounded half-up.
 */
export function convertMillimes(millimes: number | bigint, currency: DisplayCurrency): bigint {
  checkCurrency(currency);
  const amount = toBigInt(millimes, "millimes");
  const numerator = amount * BigInt(currency.valueMicros) * 10n ** BigInt(currency.decimals);
  return divideRoundHalfUp(numerator, BigInt(MILLIMES_PER_DINAR) * MICROS);
}

/** Minor units as an exact decimal string: (123456n, 2) → "1234.56"; (-5n, 3) → "-0.005". */
export function minorUnitsToDecimalString(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, "0");
  const integer = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? "-" : ""}${integer}${decimals > 0 ? `.${fraction}` : ""}`;
}

/** What 1 TND is worth in the currency, as the API's `value` (TND → 1, EUR → 0.292). */
export function tndValue(currency: DisplayCurrency): number {
  checkCurrency(currency);
  // An exact decimal string read once as a number: no arithmetic on floats.
  return Number(minorUnitsToDecimalString(BigInt(currency.valueMicros), 6));
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: string, code: string, decimals: number): Intl.NumberFormat | null {
  const cacheKey = `${language}|${code}|${decimals}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(language, {
        style: "currency",
        currency: code,
        currencyDisplay: "narrowSymbol",
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
    } catch {
      return null; // not a well-formed currency code
    }
    formatters.set(cacheKey, formatter);
  }
  return formatter;
}

const LETTER = /\p{L}/u;
const NBSP = "\u00a0";

/**
 * Formats an amount already in minor units with the language's conventions (digit grouping,
 * decimal mark, symbol position) and the currency's own symbol ("DT" for TND).
 */
export function formatMinorUnits(minor: bigint, currency: DisplayCurrency, language: string): string {
  // formatToParts is the costly part and pages show the same amounts again and again (a search's
  // cards, ADR 247): the texts are remembered by everything they depend on.
  const memoKey = `${minor}|${currency.code}|${currency.symbol}|${currency.decimals}|${language}`;
  const known = formattedAmounts.get(memoKey);
  if (known !== undefined) return known;
  const text = formatMinorUnitsAnew(minor, currency, language);
  if (formattedAmounts.size >= MAX_FORMATTED_AMOUNTS) formattedAmounts.clear();
  formattedAmounts.set(memoKey, text);
  return text;
}

const MAX_FORMATTED_AMOUNTS = 10_000;
const formattedAmounts = new Map<string, string>();

function formatMinorUnitsAnew(minor: bigint, currency: DisplayCurrency, language: string): string {
  const decimal = minorUnitsToDecimalString(minor, currency.decimals);
  const formatter = formatterFor(language, currency.code, currency.decimals);
  if (!formatter) return `${decimal} ${currency.symbol}`;
  // Intl formats a decimal string exactly (no float conversion) since Intl.NumberFormat v3.
  const parts = formatter.formatToParts(decimal as unknown as number);
  let text = "";
  parts.forEach((part, index) => {
    if (part.type !== "currency") {
      text += part.value;
      return;
    }
    // Intl's own symbol is replaced by the operator's one; keep a space between letters and digits.
    const next = parts[index + 1];
    const previous = parts[index - 1];
    const spaceAfter = next?.type === "integer" && LETTER.test(currency.symbol.slice(-1)) ? NBSP : "";
    const spaceBefore =
      (previous?.type === "fraction" || previous?.type === "integer") && LETTER.test(currency.symbol[0] ?? "") ? NBSP : "";
    text += spaceBefore + currency.symbol + spaceAfter;
  });
  return text;
}

/** Integer millimes shown in the display currency: formatMoney(1_234_500, EUR, "fr") → "360,47 €". */
export function formatMoney(millimes: number | bigint, currency: DisplayCurrency, language: string): string {
  return formatMinorUnits(convertMillimes(millimes, currency), currency, language);
}

/**
 * Reads a TND amount typed by a person ("120", "120.5", "1 234,750") into millimes; null when it
 * is not an amount with at most 3 decimals. Both "." and "," are taken as the decimal mark.
 */
export function parseTndAmount(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  const match = /^(-?)(\d+)(?:[.,](\d{1,3}))?$/.exec(compact);
  if (!match) return null;
  const [, sign, integer, fraction = ""] = match;
  const millimes = BigInt(integer!) * 1000n + BigInt(fraction.padEnd(3, "0") || "0");
  const value = Number(sign ? -millimes : millimes);
  return Number.isSafeInteger(value) ? value : null;
}

/** The largest rate an operator may set: 1 TND = 1,000,000 units of a currency. */
export const MAX_RATE_MICROS = 1_000_000_000_000;

/**
 * Reads a rate typed by an operator ("0.292", "44,1", "3.12") — what 1 TND is worth in the
 * currency — into millionths (292000); null unless it is a positive number with at most 6
 * decimals and at most MAX_RATE_MICROS. Both "." and "," are taken as the decimal mark.
 */
export function parseRateMicros(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  const match = /^(\d{1,7})(?:[.,](\d{1,6}))?$/.exec(compact);
  if (!match) return null;
  const [, integer, fraction = ""] = match;
  const micros = Number(integer) * 1_000_000 + Number(fraction.padEnd(6, "0") || "0");
  return micros > 0 && micros <= MAX_RATE_MICROS ? micros : null;
}

/** A rate in millionths as an operator reads it: 292000 → "0.292", 1000000 → "1". */
export function formatRateMicros(micros: number): string {
  const integer = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000).padStart(6, "0").replace(/0+$/, "");
  return fraction ? `${integer}.${fraction}` : String(integer);
}
