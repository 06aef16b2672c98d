import path from "node:path";
import { pathToFileURL } from "node:url";
import { DataTypes, type QueryInterface, type Sequelize } from "sequelize";
import { SequelizeStorage, Umzug } from "umzug";
import { getSequelize } from "~/db/sequelize.server";

export interface MigrationContext {
  queryInterface: QueryInterface;
  sequelize: Sequelize;
  DataTypes: typeof DataTypes;
}

export type Migration = (params: { context: MigrationContext }) => Promise<void>;

const root = process.env.DARNA_ROOT ?? process.cwd();

/** Numbered schema migrations in migrations/*.ts, recorded in the schema_migrations table. */
export function createMigrator(sequelize: Sequelize = getSequelize()) {
  const context: MigrationContext = { queryInterface: sequelize.getQueryInterface(), sequelize, DataTypes };
  return new Umzug<MigrationContext>({
    migrations: {
      glob: ["migrations/*.ts", { cwd: root }],
      resolve: ({ name, path: file }) => ({
        name: name.replace(/\.ts$/, ""),
        up: async ({ context }) => (await import(pathToFileURL(path.resolve(root, file!)).href)).up({ context }),
        down: async ({ context }) => (await import(pathToFileURL(path.resolve(root, file!)).href)).down?.({ context }),
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

/**
 * Demo data: migrations/seeders/*.ts, run in name order. Every seeder is idempotent
 * (it looks before it inserts), so seeding twice never duplicates.
 */
export function createSeeder(sequelize: Sequelize = getSequelize()) {
  const context: MigrationContext = { queryInterface: sequelize.getQueryInterface(), sequelize, DataTypes };
  return new Umzug<MigrationContext>({
    migrations: {
      glob: ["migrations/seeders/*.ts", { cwd: root }],
      resolve: ({ name, path: file }) => ({
        name: name.replace(/\.ts$/, ""),
        up: async ({ context }) => (await import(pathToFileURL(path.resolve(root, file!)).href)).seed({ context }),
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
