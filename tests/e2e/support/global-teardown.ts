import fs from "node:fs";

// Removes the run's temporary database and uploads (created by playwright.config.ts).
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_REMOVE_DATA_DIR === "1") fs.rmSync(dir, { recursive: true, force: true });
}
