// Runs before every database test file: points DATABASE_URL at a database of its own, a copy of
// the template the global setup migrated (tests/setup/db-template.ts), and checks that nothing is
// left to migrate. SQLite: a new temporary file. MySQL/MariaDB (DARNA_TEST_DIALECT=mysql, with
// TEST_DATABASE_URL): a new database on that server, dropped afterwards.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";

const id = `${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
const useMysql = process.env.DARNA_TEST_DIALECT === "mysql";
let sqliteFile: string | null = null;
let mysqlAdminUrl: string | null = null;
let mysqlDatabase: string | null = null;

if (useMysql) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("DARNA_TEST_DIALECT=mysql needs TEST_DATABASE_URL");
  mysqlAdminUrl = base;
  mysqlDatabase = `darna_t_${id}`;
  const url = new URL(base);
  url.pathname = `/${mysqlDatabase}`;
  process.env.DATABASE_URL = url.toString();
} else {
  sqliteFile = path.join(os.tmpdir(), `darna-test-${id}.sqlite`);
  process.env.DATABASE_URL = `sqlite:${sqliteFile}`;
}
process.env.SEED_DEMO = "false";
// Tests never reach the network: an unset channel manager points at a closed local port.
process.env.CHANNEL_MANAGER_URL ??= "http://127.0.0.1:9";
// No server start here, so no demo mode: the booking tests choose the sandbox card gateway.
process.env.PAYMENT_CARD_PROVIDER = "sandbox";
process.env.DATA_DIR ??= path.join(os.tmpdir(), `darna-test-data-${id}`);
// DARNA_TEST_STORAGE=s3: the files go to a local S3-compatible server of this test file (ADR 200).
const useS3 = process.env.DARNA_TEST_STORAGE === "s3";
let closeS3: (() => Promise<void>) | null = null;

beforeAll(async () => {
  if (useMysql) {
    const mysql = await import("mysql2/promise");
    const admin = await mysql.createConnection(mysqlAdminUrl!);
    await admin.query(`CREATE DATABASE \`${mysqlDatabase}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const template = inject("dbTemplate");
    if (template) {
      const { cloneMysqlDatabase } = await import("./mysql-clone");
      await cloneMysqlDatabase(admin, new URL(template).pathname.slice(1), mysqlDatabase!);
    }
    await admin.end();
  } else {
    const template = inject("dbTemplate");
    if (template) fs.copyFileSync(template.slice("sqlite:".length), sqliteFile!);
  }
  const { resetSingleton } = await import("~/utils/singleton.server");
  if (useS3) {
    const { startLocalS3, LOCAL_S3_CREDENTIALS } = await import("../support/s3-server");
    const s3 = await startLocalS3();
    closeS3 = s3.close;
    process.env.STORAGE_URL = s3.storageUrl;
    process.env.AWS_ACCESS_KEY_ID = LOCAL_S3_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = LOCAL_S3_CREDENTIALS.secretAccessKey;
    for (const name of ["s3-client", "file-storage", "private-file-storage"]) resetSingleton(name);
  }
  resetSingleton("sequelize");
  resetSingleton("limiters"); // user ids start again at 1 in every test database
  resetSingleton("data-version-kept"); // what was read from another test database (whileDataUnchanged)
  const { migrate } = await import("~/db/migrator.server");
  await migrate();
});

afterAll(async () => {
  const { getSequelize } = await import("~/db/sequelize.server");
  await getSequelize().close();
  if (useMysql) {
    const mysql = await import("mysql2/promise");
    const admin = await mysql.createConnection(mysqlAdminUrl!);
    await admin.query(`DROP DATABASE IF EXISTS \`${mysqlDatabase}\``);
    await admin.end();
  }
  await closeS3?.();
  if (sqliteFile) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sqliteFile + suffix, { force: true });
});
