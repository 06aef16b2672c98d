import fs from "node:fs";
import path from "node:path";
import { Sequelize, type Options } from "sequelize";
import { installDataVersionHook } from "~/db/data-version.server";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";

export type Dialect = "sqlite" | "mysql";

export function describeDatabaseUrl(url: string | undefined): { dialect: Dialect; storage?: string; uri?: string } {
  if (!url) return { dialect: "sqlite", storage: path.resolve(env.dataDir, "darna.sqlite") };
  if (url.startsWith("sqlite:")) {
    const storage = url.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    return { dialect: "sqlite", storage: storage === ":memory:" ? storage : path.resolve(storage) };
  }
  if (url.startsWith("mysql://") || url.startsWith("mariadb://")) {
    return { dialect: "mysql", uri: url.replace(/^mariadb:/, "mysql:") };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or mysql:// (got ${url.split(":")[0]}:)`);
}

function createSequelize(): Sequelize {
  const target = describeDatabaseUrl(env.databaseUrl);
  const common: Options = {
    logging: env.logSql ? console.log : false,
    define: { underscored: true, timestamps: true },
  };
  if (target.dialect === "sqlite") {
    if (target.storage !== ":memory:") fs.mkdirSync(path.dirname(target.storage!), { recursive: true });
    const sequelize = new Sequelize({
      ...common,
      dialect: "sqlite",
      storage: target.storage,
      retry: { max: 5, match: [/SQLITE_BUSY/] },
    });
    configureSqliteConnections(sequelize);
    return sequelize;
  }
  return new Sequelize(target.uri!, {
    ...common,
    dialect: "mysql",
    dialectOptions: { charset: "utf8mb4", dateStrings: false, supportBigNumbers: true },
    timezone: "+00:00",
    pool: { max: 10, min: 0, idle: 10_000 },
  });
}

type SqliteConnection = {
  configure: (option: "busyTimeout", value: number) => void;
  run: (sql: string, callback?: (error: Error | null) => void) => void;
};
const configured = Symbol("darna.sqlite.configured");

/**
 * The most database pages (KiB) one SQLite connection keeps in memory, 64 MB (SQLite's default is
 * 2 MB). A search at 100,000 listings touches more than 2 MB of index and table pages, so with the
 * default every page view read ~1,000 pages again from the operating system, one pread system call
 * each (ADR 257); with 64 MB, ~15. The memory is taken as pages are read, up to the limit.
 */
export const SQLITE_CACHE_KIB = 65_536;

/**
 * Set on every SQLite connection. WAL: readers never block the writer. synchronous = NORMAL (the
 * usual setting with WAL, Rails' default too): a commit no longer waits for an fsync of the log —
 * the write queue of writeTransaction held every following write behind each fsync, seen as
 * 100 ms–1 s stalls of realtime messages on a busy disk (ADR 205). The database stays consistent
 * on a crash; a power loss can take back the last commits, not corrupt the file.
 * cache_size: each connection keeps up to SQLITE_CACHE_KIB of database pages (ADR 257).
 */
const SQLITE_PRAGMAS = ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", `PRAGMA cache_size = -${SQLITE_CACHE_KIB}`];

/**
 * Sequelize's SQLite connection manager opens a connection per transaction and runs no
 * afterConnect hook, so each new connection is set up here: wait up to 5 s for a lock instead of
 * failing at once with SQLITE_BUSY, and SQLITE_PRAGMAS.
 */
function configureSqliteConnections(sequelize: Sequelize) {
  const manager = (sequelize as unknown as { connectionManager: { getConnection: (o?: unknown) => Promise<unknown> } })
    .connectionManager;
  const getConnection = manager.getConnection.bind(manager);
  manager.getConnection = async (options?: unknown) => {
    const connection = (await getConnection(options)) as SqliteConnection & { [configured]?: boolean };
    if (!connection[configured]) {
      connection[configured] = true;
      connection.configure("busyTimeout", 5_000);
      for (const pragma of SQLITE_PRAGMAS) {
        await new Promise<void>((resolve, reject) => connection.run(pragma, (error) => (error ? reject(error) : resolve())));
      }
    }
    return connection;
  };
}

/**
 * The one Sequelize instance of this process (created lazily from DATABASE_URL). Every statement
 * it runs passes the data version's hook (ADR 244: committed writes invalidate cached pages).
 */
export function getSequelize(): Sequelize {
  return singleton("sequelize", () => {
    const sequelize = createSequelize();
    installDataVersionHook(sequelize);
    return sequelize;
  });
}

export function currentDialect(): Dialect {
  return getSequelize().getDialect() as Dialect;
}

export async function isDatabaseReachable(timeoutMs = 2000): Promise<boolean> {
  try {
    await Promise.race([
      getSequelize().query("SELECT 1"),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs)),
    ]);
    return true;
  } catch {
    return false;
  }
}
