import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Unit tests: pure code, no database. Database tests (*.db.test.ts): a fresh database per test
// file — SQLite by default, MySQL/MariaDB when DARNA_TEST_DIALECT=mysql (see tests/setup/db.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}", "migrations/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "tests/db/**/*.test.ts"],
          globalSetup: ["tests/setup/db-template.ts"],
          setupFiles: ["tests/setup/db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
