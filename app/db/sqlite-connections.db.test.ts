// The settings every SQLite connection gets (sequelize.server.ts): the write transactions' own
// connections too, which Sequelize opens one per transaction.
import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { currentDialect, getSequelize, SQLITE_CACHE_KIB } from "~/db/sequelize.server";
import { writeTransaction } from "~/db/write-transaction.server";

describe.runIf(currentDialect() === "sqlite")("SQLite connections", () => {
  it("use the write-ahead log with synchronous = NORMAL and a 64 MB page cache, inside a write transaction too (ADR 205, 257)", async () => {
    const pragmas = async (transaction?: Parameters<Parameters<typeof writeTransaction>[0]>[0]) => {
      const [mode] = await getSequelize().query<{ journal_mode: string }>("PRAGMA journal_mode", { type: QueryTypes.SELECT, transaction });
      const [sync] = await getSequelize().query<{ synchronous: number }>("PRAGMA synchronous", { type: QueryTypes.SELECT, transaction });
      const [cache] = await getSequelize().query<{ cache_size: number }>("PRAGMA cache_size", { type: QueryTypes.SELECT, transaction });
      return { journal: mode!.journal_mode, synchronous: Number(sync!.synchronous), cache: Number(cache!.cache_size) };
    };
    // 1 is NORMAL (2, FULL, is SQLite's default); a negative cache size is in KiB (ADR 257; the default is -2000).
    const expected = { journal: "wal", synchronous: 1, cache: -SQLITE_CACHE_KIB };
    expect(SQLITE_CACHE_KIB).toBeGreaterThan(2000);
    expect(await pragmas()).toEqual(expected);
    expect(await writeTransaction((transaction) => pragmas(transaction))).toEqual(expected);
  });
});
