// The settings every SQLite connection gets (sequelize.server.ts): the write transactions' own
// connections too, which Sequelize opens one per transaction.
import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { writeTransaction } from "~/db/write-transaction.server";

describe.runIf(currentDialect() === "sqlite")("SQLite connections", () => {
  it("use the write-ahead log with synchronous = NORMAL, inside a write transaction too (ADR 205)", async () => {
    const pragmas = async (transaction?: Parameters<Parameters<typeof writeTransaction>[0]>[0]) => {
      const [mode] = await getSequelize().query<{ journal_mode: string }>("PRAGMA journal_mode", { type: QueryTypes.SELECT, transaction });
      const [sync] = await getSequelize().query<{ synchronous: number }>("PRAGMA synchronous", { type: QueryTypes.SELECT, transaction });
      return { journal: mode!.journal_mode, synchronous: Number(sync!.synchronous) };
    };
    // 1 is NORMAL (2, FULL, is SQLite's default).
    expect(await pragmas()).toEqual({ journal: "wal", synchronous: 1 });
    expect(await writeTransaction((transaction) => pragmas(transaction))).toEqual({ journal: "wal", synchronous: 1 });
  });
});
