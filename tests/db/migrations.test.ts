import { QueryTypes, type Transaction } from "sequelize";
import { describe, expect, it } from "vitest";
import { createMigrator, seed } from "~/db/migrator.server";
import { currentDialect, getSequelize } from "~/db/sequelize.server";

describe("migrations and demo seed", () => {
  it("applies every migration", async () => {
    const pending = await createMigrator().pending();
    expect(pending).toEqual([]);
    const executed = await createMigrator().executed();
    expect(executed.map((m) => m.name)).toContain("0001-foundation");
  });

  it("the migrations bring the display currencies (reference data, not demo data), TND at 1", async () => {
    const currencies = await getSequelize().query<{ code: string; value_micros: number | string }>("SELECT code, value_micros FROM currencies", {
      type: QueryTypes.SELECT,
    });
    expect(currencies.map((currency) => currency.code)).toEqual(expect.arrayContaining(["TND", "EUR", "USD", "GBP", "CHF", "CAD", "DZD", "LYD", "MAD"]));
    expect(Number(currencies.find((currency) => currency.code === "TND")!.value_micros)).toBe(1_000_000);
  });

  it("seeds the three demo accounts next to the currencies, and seeding twice does not duplicate", async () => {
    await seed();
    await seed();
    const sequelize = getSequelize();
    // The demo catalogue (seeder 20) adds more demo hosts; these three are the accounts seeder's.
    const [users] = await sequelize.query(
      "SELECT email, role FROM users WHERE email IN ('host@demo.darna.tn', 'operator@demo.darna.tn', 'traveler@demo.darna.tn') ORDER BY email",
    );
    expect(users).toEqual([
      { email: "host@demo.darna.tn", role: "user" },
      { email: "operator@demo.darna.tn", role: "operator" },
      { email: "traveler@demo.darna.tn", role: "user" },
    ]);
    const [currencies] = await sequelize.query("SELECT code FROM currencies");
    const codes = (currencies as Array<{ code: string }>).map((c) => c.code).sort();
    expect(codes).toEqual(["CAD", "CHF", "DZD", "EUR", "GBP", "LYD", "MAD", "TND", "USD"]);
  });

  it.runIf(currentDialect() === "sqlite")("sets up every SQLite connection, transactions' too: WAL, foreign keys", async () => {
    const sequelize = getSequelize();
    const read = async (pragma: string, transaction?: Transaction) => {
      const rows = await sequelize.query<Record<string, unknown>>(`PRAGMA ${pragma}`, { transaction, type: QueryTypes.SELECT });
      return Object.values(rows[0]!)[0];
    };
    expect(await read("journal_mode")).toBe("wal");
    expect(await read("foreign_keys")).toBe(1);
    await sequelize.transaction(async (transaction) => {
      expect(await read("foreign_keys", transaction)).toBe(1);
      expect(await read("journal_mode", transaction)).toBe("wal");
    });
  });
});

