import os from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Unit tests: pure code, no database. Database tests (*.db.test.ts): a fresh database per test
// file — SQLite by default, MySQL/MariaDB when DARNA_TEST_DIALECT=mysql (see tests/setup/db.ts).
//
// Test files at once (ADR 242): vitest's default is one fewer than the cores, so on CI's 2 cores it
// ran ONE file at a time. On SQLite, one per core. On MariaDB a test file mostly waits on the
// server (a 12-file sample: 46 s of CPU in 304 s), so 3 files at once overlap those waits.
// VITEST_MAX_WORKERS overrides both.
const cores = os.availableParallelism();
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || (process.env.DARNA_TEST_DIALECT === "mysql" ? Math.max(3, cores) : cores);

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    maxWorkers,
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
