import crypto from "node:crypto";
import { Currency } from "~/db/models/currency.server";
import type { DisplayCurrency } from "~/domain/money";

/** Puts (or replaces) currencies in the table; returns them as the app sees them. */
export async function createCurrencies(...currencies: DisplayCurrency[]): Promise<DisplayCurrency[]> {
  for (const [position, currency] of currencies.entries()) {
    await Currency.upsert({ ...currency, position });
  }
  return currencies;
}

export const TEST_EUR: DisplayCurrency = { code: "EUR", symbol: "€", valueMicros: 291_500, decimals: 2 };
export const TEST_DZD: DisplayCurrency = { code: "DZD", symbol: "DA", valueMicros: 44_125_000, decimals: 2 };
export const TEST_LYD: DisplayCurrency = { code: "LYD", symbol: "LD", valueMicros: 1_843_250, decimals: 3 };

/** A three-letter currency code no currency has yet, for a test that adds one (upper case; a random code can be one the table holds). */
export async function unusedCurrencyCode(): Promise<string> {
  for (;;) {
    const code = Array.from(crypto.randomBytes(3), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
    if (!(await Currency.findByPk(code))) return code;
  }
}
