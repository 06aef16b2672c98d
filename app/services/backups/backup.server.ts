// Backups that restore (issue 20 point 7; ADR 202): the database dumped by its own engine's tool
// (mariadb-dump / mysqldump; SQLite's VACUUM INTO) and every object of the public and private
// storage copied through the FileStorage interface, with a manifest of counts, sizes and sha256.
// Restore loads the dump into the database named by its URL and puts the objects back.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { closeSync, createReadStream, openSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describeDatabaseUrl } from "~/db/sequelize.server";
import type { FileStorage } from "~/services/storage/storage.server";

const MANIFEST = "manifest.json";
const STORAGE_NAMES = ["public", "private"] as const;
type StorageName = (typeof STORAGE_NAMES)[number];

export interface BackupTarget {
  /** A DATABASE_URL (sqlite:… or mysql://…). */
  databaseUrl: string | undefined;
  storages: Record<StorageName, FileStorage>;
}

interface FileEntry {
  key: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  version: 1;
  createdAt: string;
  dialect: "sqlite" | "mysql";
  database: { file: string; bytes: number; sha256: string };
  storages: Record<StorageName, { count: number; bytes: number; files: FileEntry[] }>;
}

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

async function fileSha256(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".avif": "image/avif",
  ".pdf": "application/pdf",
};

/** The directory of a storage's objects inside a backup; keys are checked by the storage itself. */
const objectFile = (dir: string, storage: StorageName, key: string) => path.join(dir, "storage", storage, ...key.split("/"));

// --- MariaDB / MySQL -------------------------------------------------------------------------

interface MysqlTarget {
  database: string;
  /** A client option file (password never on the command line), removed by `done`. */
  optionFile: string;
  done: () => Promise<void>;
}

async function mysqlTarget(uri: string): Promise<MysqlTarget> {
  const url = new URL(uri);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!database) throw new Error("DATABASE_URL names no database");
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "darna-backup-"));
  const optionFile = path.join(folder, "client.cnf");
  const quote = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const lines = ["[client]", `host=${quote(url.hostname || "127.0.0.1")}`, `port=${url.port || "3306"}`, `user=${quote(decodeURIComponent(url.username))}`];
  if (url.password) lines.push(`password=${quote(decodeURIComponent(url.password))}`);
  await fs.writeFile(optionFile, `${lines.join("\n")}\n`, { mode: 0o600 });
  return { database, optionFile, done: () => fs.rm(folder, { recursive: true, force: true }) };
}

/** Runs the first of `programs` found on PATH with `args`, stdout to / stdin from the files given. */
async function runClient(programs: string[], args: string[], io: { stdout?: string; stdin?: string }): Promise<void> {
  for (const program of programs) {
    const fd = io.stdout ? openSync(io.stdout, "w") : openSync(io.stdin!, "r");
    try {
      const outcome = await new Promise<"missing" | "ok">((resolve, reject) => {
        const child = spawn(program, args, { stdio: io.stdout ? ["ignore", fd, "pipe"] : [fd, "ignore", "pipe"] });
        let stderr = "";
        child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("error", (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? resolve("missing") : reject(error)));
        child.on("close", (code, signal) =>
          code === 0 ? resolve("ok") : reject(new Error(`${program} failed (${code ?? signal}): ${stderr.trim()}`)),
        );
      });
      if (outcome === "ok") return;
    } finally {
      closeSync(fd);
    }
  }
  throw new Error(`none of ${programs.join(", ")} is on PATH`);
}

async function mysqlTableCount(uri: string): Promise<number> {
  const mysql = await import("mysql2/promise");
  const connection = await mysql.createConnection(uri);
  try {
    const [rows] = await connection.query("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE()");
    return Number((rows as Array<{ n: number }>)[0]!.n);
  } finally {
    await connection.end();
  }
}

// --- SQLite ----------------------------------------------------------------------------------

async function withSqlite<T>(file: string, work: (run: (sql: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  const { default: sqlite3 } = await import("sqlite3");
  const db = await new Promise<InstanceType<typeof sqlite3.Database>>((resolve, reject) => {
    const opened = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(opened)));
  });
  try {
    return await work((sql, params = []) => new Promise((resolve, reject) => db.all(sql, params, (error, rows) => (error ? reject(error) : resolve(rows)))));
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}

async function sqliteTableCount(file: string): Promise<number> {
  const exists = await fs.stat(file).then(() => true, () => false);
  if (!exists) return 0;
  return withSqlite(file, async (all) => {
    const rows = (await all("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'")) as Array<{ n: number }>;
    return Number(rows[0]!.n);
  });
}

// --- Dump and restore ------------------------------------------------------------------------

/** Writes the database dump, every stored object and manifest.json into `dir` (created; must be empty). */
export async function dumpBackup(target: BackupTarget, dir: string, now = new Date()): Promise<BackupManifest> {
  await fs.mkdir(dir, { recursive: true });
  if ((await fs.readdir(dir)).length > 0) throw new Error(`${dir} is not empty`);
  const database = describeDatabaseUrl(target.databaseUrl);
  let databaseFile: string;
  if (database.dialect === "sqlite") {
    if (database.storage === ":memory:") throw new Error("an in-memory SQLite database cannot be backed up");
    databaseFile = "database.sqlite";
    // The online backup: a consistent copy while the app keeps writing (WAL included).
    await withSqlite(database.storage!, (all) => all("VACUUM INTO ?", [path.join(dir, databaseFile)]));
  } else {
    databaseFile = "database.sql";
    const mysql = await mysqlTarget(database.uri!);
    try {
      await runClient(
        ["mariadb-dump", "mysqldump"],
        [`--defaults-extra-file=${mysql.optionFile}`, "--single-transaction", "--routines", "--triggers", "--no-tablespaces", mysql.database],
        { stdout: path.join(dir, databaseFile) },
      );
    } finally {
      await mysql.done();
    }
  }

  const storages = {} as BackupManifest["storages"];
  for (const name of STORAGE_NAMES) {
    const files: FileEntry[] = [];
    for await (const key of target.storages[name].keys()) {
      const data = await target.storages[name].get(key);
      if (data === null) continue; // deleted while listing
      const file = objectFile(dir, name, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      files.push({ key, bytes: data.length, sha256: sha256(data) });
    }
    files.sort((a, b) => a.key.localeCompare(b.key));
    storages[name] = { count: files.length, bytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
  }
  const manifest: BackupManifest = {
    version: 1,
    createdAt: now.toISOString(),
    dialect: database.dialect,
    database: { file: databaseFile, ...(await fileSha256(path.join(dir, databaseFile))) },
    storages,
  };
  await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Loads the backup in `dir` into the target's database and storages, after checking every file
 * against the manifest. Refuses a database that already has tables unless `force` (then the dump's
 * tables replace the existing ones: MariaDB's dump drops each table first, SQLite's file is replaced).
 */
export async function restoreBackup(target: BackupTarget, dir: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifest = JSON.parse(await fs.readFile(path.join(dir, MANIFEST), "utf8")) as BackupManifest;
  if (manifest.version !== 1) throw new Error(`unknown backup version ${String(manifest.version)}`);
  const database = describeDatabaseUrl(target.databaseUrl);
  if (database.dialect !== manifest.dialect) throw new Error(`the backup is of a ${manifest.dialect} database, DATABASE_URL names a ${database.dialect} one`);
  const dumpFile = path.join(dir, manifest.database.file);
  if ((await fileSha256(dumpFile)).sha256 !== manifest.database.sha256) throw new Error(`${manifest.database.file} does not match the manifest`);
  const objects: Array<{ name: StorageName; entry: FileEntry; data: Buffer }> = [];
  for (const name of STORAGE_NAMES) {
    for (const entry of manifest.storages[name].files) {
      const data = await fs.readFile(objectFile(dir, name, entry.key));
      if (sha256(data) !== entry.sha256) throw new Error(`${name}/${entry.key} does not match the manifest`);
      objects.push({ name, entry, data });
    }
  }

  if (database.dialect === "sqlite") {
    if (database.storage === ":memory:") throw new Error("cannot restore into an in-memory SQLite database");
    if (!options.force && (await sqliteTableCount(database.storage!)) > 0) throw new Error(`${database.storage} is not empty (use --force)`);
    await fs.mkdir(path.dirname(database.storage!), { recursive: true });
    for (const suffix of ["-wal", "-shm"]) await fs.rm(database.storage! + suffix, { force: true });
    const temporary = `${database.storage!}.${process.pid}.restore`;
    await fs.copyFile(dumpFile, temporary);
    await fs.rename(temporary, database.storage!);
  } else {
    if (!options.force && (await mysqlTableCount(database.uri!)) > 0) throw new Error("the database is not empty (use --force)");
    const mysql = await mysqlTarget(database.uri!);
    try {
      await runClient(["mariadb", "mysql"], [`--defaults-extra-file=${mysql.optionFile}`, mysql.database], { stdin: dumpFile });
    } finally {
      await mysql.done();
    }
  }

  for (const { name, entry, data } of objects) {
    await target.storages[name].put(entry.key, data, CONTENT_TYPES[path.extname(entry.key).toLowerCase()] ?? "application/octet-stream");
  }
  return manifest;
}
