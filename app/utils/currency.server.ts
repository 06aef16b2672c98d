import { createCookie } from "@remix-run/node";
import { QueryTypes } from "sequelize";
import { whileDataUnchanged } from "~/db/data-version.server";
import { getSequelize } from "~/db/sequelize.server";
import { TND, type DisplayCurrency } from "~/domain/money";

// The type and the TND default live in the pure money module, so components can use them.
export { TND, type DisplayCurrency };

/** The visitor's display currency (PRODUCT.md: kept in the `currency` cookie, default TND). */
export const currencyCookie = createCookie("currency", {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/**
 * The currency with this ISO code (any case), or null when the table does not have it. TND, the
 * currency of every charge, always exists and is always worth 1.
 */
export async function findCurrency(code: string): Promise<DisplayCurrency | null> {
  if (!CURRENCY_CODE.test(code)) return null;
  const upper = code.toUpperCase();
  if (upper === TND.code) return TND;
  // From the list every page reads anyway (one statement per data version, not one per request).
  return (await listCurrencies()).find((currency) => currency.code === upper) ?? null;
}

export async function getDisplayCurrency(request: Request): Promise<DisplayCurrency> {
  const code = await currencyCookie.parse(request.headers.get("Cookie"));
  if (typeof code !== "string" || code.toUpperCase() === "TND") return TND;
  return (await findCurrency(code)) ?? TND;
}

export function listCurrencies(): Promise<DisplayCurrency[]> {
  // The root loader lists them for every page: read once per data version (ADR 257), by a plain
  // statement, not a model query (on SQLite each model query sends a PRAGMA table_info first, ADR 247).
  return whileDataUnchanged("currencies", async () => {
    const rows = await getSequelize().query<{ code: string; symbol: string; value_micros: number | string; decimals: number | string }>(
      "SELECT code, symbol, value_micros, decimals FROM currencies ORDER BY position, code",
      { type: QueryTypes.SELECT },
    );
    return rows.map((row) => ({ code: row.code, symbol: row.symbol, valueMicros: Number(row.value_micros), decimals: Number(row.decimals) }));
  });
}

/** The Set-Cookie header value that remembers the visitor's display currency. */
export async function serializeCurrencyCookie(code: string): Promise<string> {
  return currencyCookie.serialize(code.toUpperCase());
}
