// The e2e server's SQLite database (${E2E_DATA_DIR}/darna.sqlite), for journeys that look up demo
// rows or bring a deadline forward while the server runs. SQLite serialises writers: a statement
// waits up to 10 s for the server's own.
import path from "node:path";
import sqlite3 from "sqlite3";

function open(mode: number): sqlite3.Database {
  const db = new sqlite3.Database(path.join(process.env.E2E_DATA_DIR!, "darna.sqlite"), mode);
  db.configure("busyTimeout", 10_000);
  return db;
}

/** The first row `sql` selects, or undefined. */
export function dbGet<Row>(sql: string, params: unknown[] = []): Promise<Row | undefined> {
  const db = open(sqlite3.OPEN_READONLY);
  return new Promise((resolve, reject) => {
    db.get(sql, params, (error, row: Row | undefined) => {
      db.close();
      if (error) reject(error);
      else resolve(row);
    });
  });
}

/** Every row `sql` selects. */
export function dbAll<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const db = open(sqlite3.OPEN_READONLY);
  return new Promise((resolve, reject) => {
    db.all(sql, params, (error, rows: Row[]) => {
      db.close();
      if (error) reject(error);
      else resolve(rows);
    });
  });
}

/** Runs one writing statement. */
export function dbRun(sql: string, params: unknown[] = []): Promise<void> {
  const db = open(sqlite3.OPEN_READWRITE);
  return new Promise((resolve, reject) => {
    db.run(sql, params, (error) => {
      db.close();
      if (error) reject(error);
      else resolve();
    });
  });
}
