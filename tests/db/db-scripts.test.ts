// `npm run db:migrate` (issue 2, point 2): runs the pending migrations on the database that
// DATABASE_URL names, creating a SQLite file that does not exist yet, loads no demo data, and
// applies nothing the second time. (`npm run db:seed` runs before every e2e run.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import sqlite3 from "sqlite3";
import { currentDialect } from "~/db/sequelize.server";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "darna-db-script-"));
const file = path.join(directory, "nested", "darna.sqlite");

afterAll(() => {
  fs.rmSync(directory, { recursive: true, force: true });
});

function run(script: string) {
  return spawnSync("npm", ["run", "--silent", script], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `sqlite:${file}`, DATA_DIR: directory },
    timeout: 120_000,
  });
}

function query<T>(sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
    db.all(sql, (error, rows) => {
      db.close();
      if (error) reject(error);
      else resolve(rows as T[]);
    });
  });
}

describe.runIf(currentDialect() === "sqlite")("npm run db:migrate", () => {
  it("creates and migrates the database, seeds nothing, and is idempotent", async () => {
    const first = run("db:migrate");
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/migrations: [1-9]\d* applied/);
    expect(fs.existsSync(file)).toBe(true);
    const tables = (await query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")).map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(["users", "currencies", "analytics_events", "sessions"]));
    expect(await query("SELECT id FROM users")).toEqual([]);
    // The display currencies are reference data: they come with the migrations.
    expect((await query<{ code: string }>("SELECT code FROM currencies WHERE code IN ('TND', 'EUR')")).map((row) => row.code).sort()).toEqual(["EUR", "TND"]);

    const second = run("db:migrate");
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain("migrations: 0 applied");
  }, 240_000);
});
