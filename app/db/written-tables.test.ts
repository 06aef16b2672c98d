import { describe, expect, it } from "vitest";
import { changesPublicData, writesOf } from "~/db/written-tables";

// What the data version reads from a statement (ADR 244): reads never move it, writes name their
// table, anything not vouched for is "unknown" (moves it).
describe("writesOf", () => {
  it.each([
    "SELECT `id` FROM `listings` WHERE `id` = 1",
    "  (SELECT 1) UNION (SELECT 2)",
    "PRAGMA table_info(`listings`)",
    "SAVEPOINT `abc`",
    "BEGIN DEFERRED TRANSACTION",
    "START TRANSACTION",
    "COMMIT",
    "ROLLBACK",
    "SET autocommit = 1",
    "SHOW INDEX FROM `listings`",
    "EXPLAIN SELECT 1",
    "SELECT GET_LOCK('darna', 10) AS taken",
    "WITH nights AS (SELECT * FROM calendar_days) SELECT updated_at FROM nights",
    "-- the search\nSELECT 1",
  ])("%s is a read", (sql) => {
    expect(writesOf(sql)).toEqual({ kind: "read" });
  });

  it.each([
    ["INSERT INTO `analytics_events` (`id`) VALUES (1),(2)", "analytics_events"],
    ['INSERT OR IGNORE INTO "jobs" (id) VALUES (1)', "jobs"],
    ["INSERT IGNORE INTO sessions (id) VALUES (1)", "sessions"],
    ["REPLACE INTO `calendar_days` VALUES (1)", "calendar_days"],
    ["INSERT INTO `listings` (`id`) VALUES (1) ON CONFLICT (`id`) DO UPDATE SET `title` = 'x'", "listings"],
    ["UPDATE `jobs` SET `locked_at` = NULL WHERE `id` = 3", "jobs"],
    ["UPDATE OR ABORT `reservations` SET `status` = 'held'", "reservations"],
    ["DELETE FROM `listing_pauses` WHERE `id` = 1", "listing_pauses"],
    ["DELETE FROM `darna`.`sessions` WHERE expires_at < now()", "sessions"],
    ["DELETE FROM idempotency_keys", "idempotency_keys"],
  ])("%s writes %s", (sql, table) => {
    expect(writesOf(sql)).toEqual({ kind: "write", tables: [table] });
  });

  it.each([
    "UPDATE `jobs` JOIN `listings` ON 1 SET `listings`.`title` = 'x'",
    "UPDATE `jobs`, `listings` SET `listings`.`title` = 'x'",
    "DELETE `jobs`, `listings` FROM `jobs` JOIN `listings`",
    "DELETE FROM `jobs` USING `jobs` JOIN `listings`",
    "WITH old AS (SELECT id FROM jobs) DELETE FROM listings WHERE id IN (SELECT id FROM old)",
    "SELECT * INTO listings_copy FROM listings",
    "CREATE TABLE `x` (id INT)",
    "ALTER TABLE `listings` ADD COLUMN x INT",
    "DROP TRIGGER IF EXISTS t",
    "TRUNCATE `listings`",
    "VACUUM",
  ])("%s is not vouched for", (sql) => {
    expect(writesOf(sql)).toEqual({ kind: "unknown" });
  });
});

describe("changesPublicData", () => {
  it("is false for reads and writes of tables no public page shows, true otherwise", () => {
    expect(changesPublicData("SELECT * FROM listings")).toBe(false);
    expect(changesPublicData("INSERT INTO `analytics_events` (`name`) VALUES ('Page View')")).toBe(false);
    expect(changesPublicData("UPDATE `jobs` SET `attempts` = 1")).toBe(false);
    expect(changesPublicData("UPDATE `sessions` SET `last_seen_at` = 1")).toBe(false);
    expect(changesPublicData("INSERT INTO `reservation_nights` (`night`) VALUES ('2026-12-01')")).toBe(true);
    expect(changesPublicData("UPDATE `listings` SET `title` = 'x'")).toBe(true);
    expect(changesPublicData("CREATE INDEX x ON listings (id)")).toBe(true);
  });
});
