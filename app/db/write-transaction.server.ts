import { Transaction } from "sequelize";
import { currentDialect, getSequelize } from "~/db/sequelize.server";
import { singleton } from "~/utils/singleton.server";

// SQLite has one writer at a time, and Sequelize opens a connection of its own for every SQLite
// transaction: concurrent transactions of one process would busy-wait on the file lock. They
// queue here instead (other processes still wait through SQLite's busy timeout).
const sqliteWriteQueue = singleton("sqlite-write-queue", () => ({ tail: Promise.resolve() as Promise<unknown> }));

/**
 * A write transaction. On SQLite it takes the write lock at BEGIN (IMMEDIATE), so a transaction
 * never upgrades a read lock late, and the transactions of this process run one after another.
 * Never nest: a writeTransaction must not start another one.
 */
export function writeTransaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
  const run = () => getSequelize().transaction({ type: Transaction.TYPES.IMMEDIATE }, work);
  if (currentDialect() !== "sqlite") return run();
  const queue = sqliteWriteQueue;
  const result = queue.tail.then(run, run);
  queue.tail = result.catch(() => undefined);
  return result;
}
