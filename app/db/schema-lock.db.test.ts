// withSchemaLock (ADR 203): two instances starting together take turns to migrate. On MariaDB,
// two separate connection pools (as two processes have) run a slow piece of work under the lock
// at once: the pieces never overlap. On SQLite the work just runs.
import { Sequelize } from "sequelize";
import { describe, expect, it } from "vitest";
import { withSchemaLock } from "~/db/migrator.server";
import { getSequelize } from "~/db/sequelize.server";

describe("withSchemaLock", () => {
  it("runs the work and returns its result", async () => {
    expect(await withSchemaLock(async () => 42)).toBe(42);
  });

  it.skipIf(getSequelize().getDialect() !== "mysql")("lets one instance at a time in, and frees the lock when the work throws", async () => {
    const other = new Sequelize(process.env.DATABASE_URL!.replace(/^mariadb:/, "mysql:"), { logging: false, dialect: "mysql" });
    try {
      const spans: Array<{ start: number; end: number }> = [];
      const slowWork = async () => {
        const start = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 400));
        spans.push({ start, end: Date.now() });
      };
      await Promise.all([withSchemaLock(slowWork), withSchemaLock(slowWork, other), withSchemaLock(slowWork)]);
      spans.sort((a, b) => a.start - b.start);
      for (let index = 1; index < spans.length; index++) expect(spans[index]!.start).toBeGreaterThanOrEqual(spans[index - 1]!.end);

      await expect(withSchemaLock(async () => Promise.reject(new Error("migration failed")), other)).rejects.toThrow("migration failed");
      // Freed: the other pool gets it at once.
      const before = Date.now();
      await withSchemaLock(async () => {});
      expect(Date.now() - before).toBeLessThan(2_000);
    } finally {
      await other.close();
    }
  });
});
