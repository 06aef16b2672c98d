// Migration 0185 fills the new bucket columns of the events already recorded, as trackEvent does
// for new ones (ADR 171). Run on a database of its own (SQLite), migrated up to the migration before.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes, Sequelize } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { createMigrator } from "~/db/migrator.server";
import { bucketsOf } from "~/services/analytics/analytics-buckets";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "darna-0185-"));
const sequelize = new Sequelize({ dialect: "sqlite", storage: path.join(folder, "db.sqlite"), logging: false, define: { underscored: true } });

afterAll(async () => {
  await sequelize.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("migration 0185", () => {
  it("gives existing events their day, week, page kind, source and destination", async () => {
    const migrator = createMigrator(sequelize);
    const names = (await migrator.pending()).map((migration) => migration.name);
    const before = names[names.indexOf("0185-analytics-rollup") - 1]!;
    await migrator.up({ to: before });
    const rows: Array<[string, string | null, string | null, string]> = [
      ["Page View", "/fr/accommodation?destination=K%C3%A9libia", JSON.stringify({ source: "document", status: 200 }), "2026-03-01T23:30:00.000Z"],
      ["Page View", "/property-details/3", JSON.stringify({ source: "navigation" }), "2026-03-04T10:00:00.000Z"],
      ["Page View", "/", "not json", "2026-03-04T10:00:00.000Z"],
      ["Booked Trip", null, JSON.stringify({ reservationId: 1 }), "2026-03-08T22:59:59.000Z"],
    ];
    for (const [name, pathValue, properties, at] of rows) {
      await sequelize.query("INSERT INTO analytics_events (name, path, properties, created_at) VALUES (?, ?, ?, ?)", {
        replacements: [name, pathValue, properties, at.replace("T", " ").replace("Z", " +00:00")],
      });
    }
    await migrator.up({ to: "0185-analytics-rollup" });
    const migrated = await sequelize.query<{ day: string; week: string; page: string | null; source: string | null; destination: string | null }>(
      "SELECT day, week, page, source, destination FROM analytics_events ORDER BY id",
      { type: QueryTypes.SELECT },
    );
    expect(migrated).toEqual([
      { day: "2026-03-02", week: "2026-03-02", page: "search", source: "document", destination: "kelibia" },
      { day: "2026-03-04", week: "2026-03-02", page: "property", source: "navigation", destination: null },
      { day: "2026-03-04", week: "2026-03-02", page: "other", source: null, destination: null },
      { day: "2026-03-08", week: "2026-03-02", page: null, source: null, destination: null },
    ]);
    // The same buckets trackEvent writes.
    expect(bucketsOf("Page View", rows[0]![1], "document", new Date(rows[0]![3]))).toEqual(migrated[0]);
  });
});
