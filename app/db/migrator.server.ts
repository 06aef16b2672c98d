import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DataTypes, type QueryInterface, type Sequelize } from "sequelize";
import { SequelizeStorage, Umzug } from "umzug";
import { DEMO_ACCOUNTS } from "../../migrations/seeders/02-demo-accounts";
import { getSequelize } from "~/db/sequelize.server";
import { env } from "~/utils/env.server";

export interface MigrationContext {
  queryInterface: QueryInterface;
  sequelize: Sequelize;
  DataTypes: typeof DataTypes;
}

export type Migration = (params: { context: MigrationContext }) => Promise<void>;

// `npm run build` compiles the server, the migrations and the seeders with esbuild
// (scripts/build-server.mjs), which sets DARNA_COMPILED: this module then sits at the top of the
// compiled folder, beside migrations/*.js. Run from the sources (tsx, vitest), it finds
// migrations/*.ts under DARNA_ROOT (default: the current directory).
declare const DARNA_COMPILED: boolean | undefined;
const compiled = typeof DARNA_COMPILED !== "undefined" && DARNA_COMPILED;
const extension = compiled ? ".js" : ".ts";
const migrationsRoot = () => (compiled ? path.dirname(fileURLToPath(import.meta.url)) : env.darnaRoot);

/** The migration or seeder files umzug runs, relative to their root. */
function migrationFiles(folder: "migrations" | "migrations/seeders") {
  const root = migrationsRoot();
  return {
    glob: [`${folder}/*${extension}`, { cwd: root }] as [string, { cwd: string }],
    load: async (file: string) => import(pathToFileURL(path.resolve(root, file)).href),
    name: (name: string) => name.slice(0, -extension.length),
  };
}

/** Numbered schema migrations in migrations/*.ts, recorded in the schema_migrations table. */
export function createMigrator(sequelize: Sequelize = getSequelize()) {
  const context: MigrationContext = { queryInterface: sequelize.getQueryInterface(), sequelize, DataTypes };
  const files = migrationFiles("migrations");
  return new Umzug<MigrationContext>({
    migrations: {
      glob: files.glob,
      resolve: ({ name, path: file }) => ({
        name: files.name(name),
        up: async ({ context }) => (await files.load(file!)).up({ context }),
        down: async ({ context }) => (await files.load(file!)).down?.({ context }),
      }),
    },
    context,
    storage: new SequelizeStorage({ sequelize, tableName: "schema_migrations" }),
    logger: undefined,
  });
}

export async function migrate(sequelize: Sequelize = getSequelize()) {
  return createMigrator(sequelize).up();
}

const SCHEMA_LOCK = "darna:schema";
const SCHEMA_LOCK_WAIT_SECONDS = 600;

/**
 * Runs `work` (the migrations, the first seed) while holding a lock in the database, so instances
 * that start together on MariaDB take turns (ADR 203): without it, both ran the same migration and
 * the second failed half-way ("Duplicate key name …") and had to start over. The lock is MariaDB's
 * GET_LOCK, held by the connection of an otherwise empty transaction, and freed if that instance
 * dies. SQLite has one writer and no second instance: `work` just runs.
 */
export async function withSchemaLock<T>(work: () => Promise<T>, sequelize: Sequelize = getSequelize()): Promise<T> {
  if (sequelize.getDialect() !== "mysql") return work();
  return sequelize.transaction(async (transaction) => {
    const [rows] = await sequelize.query("SELECT GET_LOCK(?, ?) AS taken", { replacements: [SCHEMA_LOCK, SCHEMA_LOCK_WAIT_SECONDS], transaction });
    if (Number((rows as Array<{ taken: number | null }>)[0]?.taken) !== 1) throw new Error(`the schema lock was not free within ${SCHEMA_LOCK_WAIT_SECONDS} s`);
    try {
      return await work();
    } finally {
      await sequelize.query("SELECT RELEASE_LOCK(?)", { replacements: [SCHEMA_LOCK], transaction });
    }
  });
}

/**
 * Demo data: migrations/seeders/*.ts, run in name order. Every seeder is idempotent
 * (it looks before it inserts), so seeding twice never duplicates.
 */
export function createSeeder(sequelize: Sequelize = getSequelize()) {
  const context: MigrationContext = { queryInterface: sequelize.getQueryInterface(), sequelize, DataTypes };
  const files = migrationFiles("migrations/seeders");
  return new Umzug<MigrationContext>({
    migrations: {
      glob: files.glob,
      resolve: ({ name, path: file }) => ({
        name: files.name(name),
        up: async ({ context }) => (await files.load(file!)).seed({ context }),
      }),
    },
    context,
    // Seeders are idempotent and always re-run on `npm run db:seed`, so nothing is recorded.
    storage: { executed: async () => [], logMigration: async () => {}, unlogMigration: async () => {} },
    logger: undefined,
  });
}

export async function seed(sequelize: Sequelize = getSequelize()) {
  return createSeeder(sequelize).up();
}

/** Seeds on the first start of an empty database (no user yet). */
export async function seedIfEmpty(sequelize: Sequelize = getSequelize()) {
  const [rows] = await sequelize.query("SELECT COUNT(*) AS n FROM users");
  const count = Number((rows as Array<{ n: number | string }>)[0]?.n ?? 0);
  if (count === 0) await seed(sequelize);
  return count === 0;
}

/** Whether the demo accounts are in the database (one half of demo mode: app/utils/site-state.server.ts). */
export async function hasDemoAccounts(sequelize: Sequelize = getSequelize()): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const [rows] = await sequelize.query(`SELECT COUNT(*) AS n FROM users WHERE email IN (${emails.map(() => "?").join(", ")})`, {
    replacements: emails,
  });
  return Number((rows as Array<{ n: number | string }>)[0]?.n ?? 0) === emails.length;
}
