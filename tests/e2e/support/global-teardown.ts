import fs from "node:fs";

// Removes the run's temporary database and uploads (created by playwright.config.ts) when the
// runner exits. Playwright stops the web server after the global teardown, and until then the
// server may still write there (its jobs, the e-mail outbox): removed here, the folder could get a
// new file while it was being emptied (ENOTEMPTY, a run whose journeys had all passed failed).
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || process.env.E2E_REMOVE_DATA_DIR !== "1") return;
  process.once("exit", () => {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch (error) {
      console.warn(`e2e: ${dir} left behind (${(error as Error).message})`);
    }
  });
}
