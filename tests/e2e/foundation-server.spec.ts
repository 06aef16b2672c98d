// Server behaviours seen from outside (issue 2, points 1 and 5): /healthz, security headers with
// a per-request CSP nonce, compression, the 500 page when the database is unreachable, and on a
// server of its own: the request log, the rate limit and a clean exit on SIGTERM; the first start
// on an empty data directory (SQLite file created, migrated, demo data seeded unless SEED_DEMO=false).
// Issue 11, points 5 and 6: /healthz answers 503 "starting" until migrations and the demo seed are
// done, and the demo accounts sign in with its first 200; the demo ribbon; a production start
// refuses a short or published secret.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encodeRemixCookie, expect, test, translation } from "./support/fixtures";
import { startExtraServer, type ExtraServer } from "./support/server";

test("/healthz answers 200 with the database status", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: "up" });
});

test("the demo site shows its ribbon on every page, in the page's language", async ({ page }) => {
  expect(translation("en", "ribbon", "demo")).toBe("Demo — no real payments");
  for (const [language, url] of [["en", "/"], ["fr", "/fr/accommodation"], ["es", "/es/a-page-that-does-not-exist"]] as const) {
    await page.goto(url);
    const ribbon = page.getByRole("note").filter({ hasText: translation(language, "ribbon", "demo") });
    await expect(ribbon).toBeVisible();
    await expect(ribbon).toHaveClass("demo-ribbon");
  }
});

test("pages carry a CSP whose nonce is on every script, fresh for each request", async ({ request }) => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
    nonces.push(nonce!);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("the page's scripts run under the CSP (no violation reported)", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "needs JavaScript");
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/");
  // Hydrated: the currency form submits itself, so its Apply button is gone.
  await page.locator("details.preferences summary").click();
  await expect(page.locator(".currency-form button")).toHaveCount(0);
  expect(violations).toEqual([]);
});

test.describe("with the database unreachable", () => {
  let server: ExtraServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startExtraServer({
      // Nothing listens on port 1: every query fails at once.
      DATABASE_URL: "mysql://root@127.0.0.1:1/none",
      DATA_DIR: process.env.E2E_DATA_DIR ?? "",
      SEED_DEMO: "false",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("/healthz answers 503", async ({ request }) => {
    const response = await request.get(`${server!.baseURL}/healthz`);
    expect(response.status()).toBe(503);
    expect(await response.json()).toMatchObject({ database: "down" });
  });

  test("a page that needs the database gets the translated 500 page, shell included", async ({ browser, javaScriptEnabled }) => {
    const context = await browser.newContext({ baseURL: server!.baseURL, javaScriptEnabled });
    await context.addCookies([{ name: "currency", value: encodeRemixCookie("EUR"), url: server!.baseURL }]);
    const page = await context.newPage();
    for (const language of ["en", "fr"] as const) {
      const response = await page.goto(language === "en" ? "/" : `/${language}`);
      expect(response?.status()).toBe(500);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByText(translation(language, "errors.server"))).toBeVisible();
      // SPEC.md §8's wording itself, not only whatever the locale file says.
      if (language === "en") await expect(page.getByText("A server error occurred. Please try again later.")).toBeVisible();
      await expect(page.getByRole("navigation", { name: translation(language, "nav.label") })).toBeVisible();
    }
    await context.close();
  });
});

test("responses are compressed for clients that accept it", async ({ request }) => {
  const response = await request.get("/", { headers: { "accept-encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test.describe("a server of its own: request log, rate limit, graceful shutdown", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: once is enough");
  let server: ExtraServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startExtraServer({
      DATABASE_URL: "mysql://root@127.0.0.1:1/none",
      DATA_DIR: process.env.E2E_DATA_DIR ?? "",
      SEED_DEMO: "false",
      LOG_REQUESTS: "true",
      RATE_LIMIT_PER_MINUTE: "5",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("logs each request, answers 429 past the per-minute limit, and exits cleanly on SIGTERM", async ({ request }) => {
    const url = `${server!.baseURL}/api/v1/tnd-value/EUR`;
    for (let i = 0; i < 5; i += 1) expect((await request.get(url)).status()).not.toBe(429);
    const limited = await request.get(url);
    expect(limited.status()).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: "too_many_requests" } });
    expect(limited.headers()["ratelimit-policy"]).toContain("5");
    // /healthz stays outside the limit, for load balancers.
    expect((await request.get(`${server!.baseURL}/healthz`)).status()).toBe(503);

    await expect.poll(() => server!.output()).toMatch(/GET \/api\/v1\/tnd-value\/EUR 429/);

    const exited = new Promise<number | null>((resolve) => server!.process.once("exit", (code) => resolve(code)));
    server!.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(server!.output()).toContain("SIGTERM received");
    await expect(request.get(`${server!.baseURL}/healthz`)).rejects.toThrow();
  });
});

test.describe("first start on an empty data directory (DATABASE_URL unset)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: once is enough");
  test.setTimeout(120_000);
  const dirs: string[] = [];
  const servers: ExtraServer[] = [];
  test.afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Starts a server on a new data directory and waits for the first 200 from /healthz, checking
   * that every answer before it is 503 {"status":"starting"}; returns how many there were.
   */
  async function firstStart(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-first-start-"));
    dirs.push(dataDir);
    const server = await startExtraServer({ DATABASE_URL: "", DATA_DIR: dataDir, ...env });
    servers.push(server);
    let starting = 0;
    for (const deadline = Date.now() + 60_000; ; ) {
      const response = await fetch(`${server.baseURL}/healthz`);
      const body = (await response.json()) as { status: string };
      if (response.status === 200) {
        expect(body.status).toBe("ok");
        break;
      }
      expect([response.status, body.status]).toEqual([503, "starting"]);
      starting += 1;
      expect(Date.now(), "no 200 from /healthz within 60 s").toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { dataDir, server, starting };
  }

  async function demoToken(baseURL: string) {
    const response = await fetch(`${baseURL}/api/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "traveler@demo.darna.tn", password: "darna-demo-2025" }),
    });
    return response.status;
  }

  test("creates the SQLite file, migrates and seeds the demo data; the first 200 of /healthz comes with the demo accounts signing in", async () => {
    const { dataDir, server, starting } = await firstStart({});
    // At once, no polling: ready means the demo accounts work.
    expect(await demoToken(server.baseURL)).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "darna.sqlite"))).toBe(true);
    // Seeding takes seconds (password hashes, the catalogue): /healthz said "starting" meanwhile.
    expect(starting).toBeGreaterThan(0);
    // A demo site: the ribbon, and its secrets generated into the data directory, private.
    expect(await (await fetch(`${server.baseURL}/`)).text()).toContain('class="demo-ribbon"');
    expect(fs.statSync(path.join(dataDir, "secrets", "SANDBOX_GATEWAY_SECRET")).mode & 0o777).toBe(0o600);
  });

  test("with SEED_DEMO=false, migrates (the display currencies with it) but seeds no demo data, and is no demo", async () => {
    const { dataDir, server } = await firstStart({ SEED_DEMO: "false" });
    expect(fs.existsSync(path.join(dataDir, "darna.sqlite"))).toBe(true);
    // Migrated: the currencies are reference data and come with the migrations; the users table
    // answers too, without any demo account (the pair is refused).
    expect((await fetch(`${server.baseURL}/api/v1/tnd-value/EUR`)).status).toBe(200);
    expect(await demoToken(server.baseURL)).toBe(401);
    const home = await fetch(`${server.baseURL}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain('class="demo-ribbon"');
  });

  for (const name of ["SESSION_SECRET", "SANDBOX_GATEWAY_SECRET"]) {
    test(`a production start stops on a short or published ${name}, naming it`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-first-start-"));
      dirs.push(dataDir);
      await expect(startExtraServer({ DATABASE_URL: "", DATA_DIR: dataDir, [name]: "darna-e2e-secret" })).rejects.toThrow(
        new RegExp(`exited \\(1\\)[\\s\\S]*${name} is a value published in Darna's repository`),
      );
      await expect(startExtraServer({ DATABASE_URL: "", DATA_DIR: dataDir, [name]: "too-short-for-a-secret" })).rejects.toThrow(
        new RegExp(`${name} is shorter than 32 characters`),
      );
      expect(fs.existsSync(path.join(dataDir, "darna.sqlite"))).toBe(false);
    });
  }
});

test.describe("npm run dev (not production): Vite in middleware mode", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: once is enough");
  let server: ExtraServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startExtraServer({
      NODE_ENV: "development",
      DATABASE_URL: `sqlite:${path.join(process.env.E2E_DATA_DIR!, "darna.sqlite")}`,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      SEED_DEMO: "false",
    }, 90_000);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("serves the pages through Vite's development middleware", async ({ request }) => {
    test.setTimeout(120_000);
    const response = await request.get(`${server!.baseURL}/fr`, { timeout: 100_000 });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fr"');
    // The sources themselves, transformed on request by Vite (production links hashed /assets/).
    expect(html).toContain('href="/app/styles/app.css"');
    expect(html).not.toContain("/assets/");
    expect((await request.get(`${server!.baseURL}/app/styles/app.css`)).status()).toBe(200);
    expect(await (await request.get(`${server!.baseURL}/@vite/client`)).text()).toContain("vite");
  });
});
