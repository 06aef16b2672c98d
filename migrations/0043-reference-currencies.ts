import type { Migration } from "~/db/migrator.server";

// The display currencies are reference data, not demo data: a deployment with SEED_DEMO=false
// must still offer them. This inserts each one that is missing (a database seeded before this
// migration keeps its rows and the rates operators set); operators change the rates afterwards at
// /admin/currencies. The rates are what 1 TND was worth in late 2025, rounded, written out here
// so this migration never changes.
const REFERENCE_CURRENCIES = [
  { code: "TND", symbol: "DT", value_micros: 1_000_000, decimals: 3 },
  { code: "EUR", symbol: "€", value_micros: 292_000, decimals: 2 },
  { code: "USD", symbol: "$", value_micros: 338_000, decimals: 2 },
  { code: "GBP", symbol: "£", value_micros: 256_000, decimals: 2 },
  { code: "CHF", symbol: "CHF", value_micros: 272_000, decimals: 2 },
  { code: "CAD", symbol: "CA$", value_micros: 472_000, decimals: 2 },
  { code: "DZD", symbol: "DA", value_micros: 44_100_000, decimals: 2 },
  { code: "LYD", symbol: "LD", value_micros: 1_840_000, decimals: 3 },
  { code: "MAD", symbol: "DH", value_micros: 3_120_000, decimals: 2 },
];

export const up: Migration = async ({ context: { sequelize } }) => {
  const now = new Date();
  for (const [position, currency] of REFERENCE_CURRENCIES.entries()) {
    const [existing] = await sequelize.query("SELECT code FROM currencies WHERE code = ?", { replacements: [currency.code] });
    if (existing.length > 0) continue;
    await sequelize.getQueryInterface().bulkInsert("currencies", [{ ...currency, position, created_at: now, updated_at: now }]);
  }
};

// Rows an operator may have edited are data, not schema: going down leaves them.
export const down: Migration = async () => {};
