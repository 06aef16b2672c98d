// npm test: every unit and database test on SQLite, then the database tests again on
// MySQL/MariaDB when TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";

const extra = process.argv.slice(2);
const vitest = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync("npx", ["vitest", "run", ...args, ...extra], { stdio: "inherit", env }).status ?? 1;

let status = vitest([]);
if (status === 0 && process.env.TEST_DATABASE_URL) {
  console.log(`\n— database tests again on ${new URL(process.env.TEST_DATABASE_URL).protocol}//${new URL(process.env.TEST_DATABASE_URL).host} —\n`);
  status = vitest(["--project", "db"], { ...process.env, DARNA_TEST_DIALECT: "mysql" });
}
process.exit(status);
