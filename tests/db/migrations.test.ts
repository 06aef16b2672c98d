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

  it("seeds currencies and the three demo accounts, and seeding twice does not duplicate", async () => {
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

