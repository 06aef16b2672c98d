// Global setup of the database tests: the migrations run once, into a template database, and
// each test file starts from a copy of it (tests/setup/db.ts) instead of running every migration
// again — about 2.5 s per file on SQLite and 6 s on MariaDB, over a hundred files (ADR 236).
// SQLite: a migrated file that each test file copies. MySQL/MariaDB: a migrated database whose
// tables, rows and triggers each test file re-creates from SHOW CREATE (tests/setup/mysql-clone.ts).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** sqlite:<file> or mysql://…/<database>: a migrated database to copy, or "" to migrate each file. */
    dbTemplate: string;
  }
}

function migrateInto(databaseUrl: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db.ts", "migrate"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: "false" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`migrating the template database failed:\n${result.stdout}\n${result.stderr}`);
}

export default async function setup(project: TestProject) {
  const id = `${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  if (process.env.DARNA_TEST_DIALECT === "mysql") {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("DARNA_TEST_DIALECT=mysql needs TEST_DATABASE_URL");
    const database = `darna_tpl_${id}`;
    const url = new URL(base);
    url.pathname = `/${database}`;
    const mysql = await import("mysql2/promise");
    const admin = await mysql.createConnection(base);
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    migrateInto(url.toString());
    project.provide("dbTemplate", url.toString());
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
    };
  }
  const file = path.join(os.tmpdir(), `darna-template-${id}.sqlite`);
  migrateInto(`sqlite:${file}`);
  project.provide("dbTemplate", `sqlite:${file}`);
  return () => {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  };
}
