import type { Migration } from "~/db/migrator.server";

// What 1 TND was worth in late 2025, rounded; operators change them afterwards.
export const DEMO_CURRENCIES = [
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

export const seed: Migration = async ({ context: { sequelize } }) => {
  const now = new Date();
  for (const [position, currency] of DEMO_CURRENCIES.entries()) {
    const [existing] = await sequelize.query("SELECT code FROM currencies WHERE code = ?", { replacements: [currency.code] });
    if (existing.length > 0) continue;
    await sequelize.getQueryInterface().bulkInsert("currencies", [{ ...currency, position, created_at: now, updated_at: now }]);
  }
};
