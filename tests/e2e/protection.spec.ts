// Protection, seen from outside (issue 2 point 1, issue 3 points 4 and 11): every non-GET request
// with a foreign Origin is refused before it changes anything; the public forms carry a honeypot
// that refuses robots; in production the `Token` session cookie is Secure.
import path from "node:path";
import { WebSocket } from "ws";
import { createUser } from "./support/factories";
import { cookieValue, decodeRemixCookie, expect, test, translation } from "./support/fixtures";
import { waitForEmail } from "./support/outbox";
import { startExtraServer, type ExtraServer } from "./support/server";

const FOREIGN = "https://evil.example";
const auth = (key: string) => translation("en", key, "auth");

function setCookies(headers: Array<{ name: string; value: string }>): string[] {
  return headers.filter((header) => header.name.toLowerCase() === "set-cookie").map((header) => header.value);
}

test.describe("a foreign Origin", () => {
  test("cannot sign in through the login form; the same post from our own pages can", async ({ request, baseURL }) => {
    const user = await createUser();
    const form = { email: user.email, password: user.password, website: "" };
    const refused = await request.post("/auth?index", { form, headers: { Origin: FOREIGN }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "forbidden", message: "Cross-site request refused." } });
    expect(setCookies(refused.headersArray()).some((cookie) => cookie.startsWith("Token="))).toBe(false);

    const accepted = await request.post("/auth?index", { form, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
    expect(accepted.status()).toBe(302);
    expect(setCookies(accepted.headersArray()).some((cookie) => cookie.startsWith("Token="))).toBe(true);
  });

  test("cannot get an API token, nor reach any other method of the API", async ({ request }) => {
    const user = await createUser();
    const token = await request.post("/api/v1/auth/token", { data: { email: user.email, password: user.password }, headers: { Origin: FOREIGN } });
    expect(token.status()).toBe(403);
    expect(await token.json()).toMatchObject({ error: { code: "forbidden" } });
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const response = await request.fetch("/api/v1/reservations/1", { method, headers: { Origin: FOREIGN } });
      expect(response.status(), method).toBe(403);
    }
    // Reading stays open to everyone.
    expect((await request.get("/api/v1/tnd-value/EUR", { headers: { Origin: FOREIGN } })).status()).toBe(200);
  });

  test("cannot open the realtime socket; our own pages can", async ({ baseURL }) => {
    const url = `${baseURL!.replace(/^http/, "ws")}/ws`;
    const outcome = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url, { origin });
        socket.once("open", () => {
          socket.close();
          resolve("open");
        });
        socket.once("unexpected-response", (_request, response) => {
          resolve(`refused ${response.statusCode}`);
          socket.terminate();
        });
        socket.once("error", (error) => resolve(`error ${error.message}`));
      });
    expect(await outcome(FOREIGN)).toBe("refused 403");
    expect(await outcome(new URL(baseURL!).origin)).toBe("open");
  });

  test("cannot change the visitor's currency from another site's page", async ({ page, context }) => {
    await page.goto("/");
    const response = await context.request.post("/currency", { form: { code: "EUR", redirectTo: "/" }, headers: { Origin: FOREIGN }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    expect(decodeRemixCookie(await cookieValue(context, "currency"))).not.toBe("EUR");
  });
});

test.describe("the honeypot", () => {
  for (const formPath of ["/auth", "/auth/signup", "/auth/forgot-password"]) {
    test(`${formPath} carries a field people never see or reach`, async ({ page }) => {
      await page.goto(formPath);
      const field = page.locator("form input[name=website]");
      await expect(field).toHaveCount(1);
      await expect(field).toHaveAttribute("tabindex", "-1");
      await expect(field).toHaveValue("");
      await expect(page.locator(".hp-field")).toHaveAttribute("aria-hidden", "true");
      const box = (await field.boundingBox())!;
      expect(box.x + box.width).toBeLessThan(0); // off screen
    });
  }

  test("the reset-password form carries it too, and a robot that fills it changes nothing", async ({ page }) => {
    const { email } = await createUser();
    const started = Date.now() - 1000;
    await page.goto("/auth/forgot-password");
    await page.getByLabel(auth("fields.email")).fill(email);
    await page.getByRole("button", { name: auth("forgot.submit") }).click();
    await expect(page.getByText(auth("forgot.sent")).first()).toBeVisible();
    const link = new URL((await waitForEmail(email, "reset-password", started)).links[0]!);

    await page.goto(link.pathname + link.search);
    const field = page.locator("form input[name=website]");
    await expect(field).toHaveCount(1);
    await expect(field).toHaveAttribute("tabindex", "-1");
    await expect(page.locator(".hp-field")).toHaveAttribute("aria-hidden", "true");
    expect((await field.boundingBox())!.x + (await field.boundingBox())!.width).toBeLessThan(0); // off screen

    await page.getByLabel(auth("fields.newPassword")).fill("robot password!");
    await page.getByLabel(auth("fields.confirmPassword")).fill("robot password!");
    await field.fill("http://spam.example", { force: true });
    await page.getByRole("button", { name: auth("reset.submit") }).click();
    await expect(page.getByText(auth("formRejected"))).toBeVisible();
    // The link was not used: it still shows the form.
    await page.goto(link.pathname + link.search);
    await expect(page.getByLabel(auth("fields.newPassword"))).toBeVisible();
  });

  test("a robot that fills it is refused, even with the right password", async ({ page }) => {
    const user = await createUser();
    await page.goto("/auth");
    await page.getByLabel(auth("fields.email")).fill(user.email);
    await page.getByLabel(auth("fields.password")).fill(user.password);
    await page.locator("input[name=website]").fill("http://spam.example", { force: true });
    await page.getByRole("button", { name: auth("login.submit") }).click();
    await expect(page.getByText(auth("formRejected"))).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name === "Token")).toBe(false);
  });
});

test.describe("in production behind https", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: once is enough");
  let server: ExtraServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // The e2e database (migrated and seeded), served as the public https site would be.
    server = await startExtraServer({
      APP_URL: "https://darna.example",
      DATABASE_URL: `sqlite:${path.join(process.env.E2E_DATA_DIR!, "darna.sqlite")}`,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      SEED_DEMO: "false",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("the Token session cookie is Secure, HttpOnly and SameSite=Lax", async ({ request }) => {
    const user = await createUser();
    const response = await request.post(`${server!.baseURL}/auth?index`, {
      form: { email: user.email, password: user.password, website: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const token = setCookies(response.headersArray()).find((cookie) => cookie.startsWith("Token="));
    expect(token).toBeDefined();
    expect(token).toMatch(/;\s*Secure(;|$)/i);
    expect(token).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(token).toMatch(/;\s*SameSite=Lax(;|$)/i);
  });
});
