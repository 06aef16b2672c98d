// Account journeys, with JavaScript on and off: sign up → verification link from the outbox →
// log in → edit profile and settings → log out; forgot and reset password; the wrong-password
// message; the three demo accounts and their demo data (the only journeys that sign in with them).
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { decodeRemixCookie, expect, test, translation } from "./support/fixtures";
import { waitForEmail } from "./support/outbox";
import { dbGet } from "./support/database";
import { createListing, createUser } from "./support/factories";

const en = (key: string, namespace = "auth") => translation("en", key, namespace);

/** The link's path and query: the test follows it on the server under test. */
function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

function uniqueEmail(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(4).toString("hex")}@e2e.darna.tn`;
}

/** Fills and sends the sign-up form; every sign-up lands on "check your e-mail", signed out (ADR 030). */
async function submitSignUp(page: Page, email: string, password: string, firstName = "Ines") {
  await page.goto("/auth/signup");
  await page.getByLabel(en("fields.firstName")).fill(firstName);
  await page.getByLabel(en("fields.lastName")).fill("Mejri");
  await page.getByLabel(en("fields.email")).fill(email);
  await page.getByLabel(en("fields.password"), { exact: true }).fill(password);
  await page.getByLabel(en("fields.confirmPassword")).fill(password);
  await page.getByLabel(en("fields.day")).fill("9");
  await page.getByLabel(en("fields.month")).fill("11");
  await page.getByLabel(en("fields.year")).fill("1992");
  await page.getByLabel(en("fields.gender")).selectOption("female");
  await page.getByLabel(en("fields.phone")).fill("+216 55 123 456");
  await page.getByLabel(en("fields.country"), { exact: true }).selectOption("TN");
  await page.locator('input[name="acceptTerms"]').check();
  await page.getByRole("button", { name: en("signup.submit") }).click();
  await expect(page).toHaveURL(/\/auth\/check-email$/);
  await expect(page.getByRole("heading", { name: en("signup.checkEmail") })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("Token");
}

/** Signs up, then logs in (sign-up itself does not sign in). */
async function signUp(page: Page, email: string, password: string, firstName = "Ines") {
  await submitSignUp(page, email, password, firstName);
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth/);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel(en("fields.email")).fill(email);
  await page.getByLabel(en("fields.password")).fill(password);
  await page.getByRole("button", { name: en("login.submit") }).click();
}

async function logOut(page: Page) {
  await page.goto("/profile");
  await page.getByRole("button", { name: en("nav.logout", "profile") }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("sign up, verify from the outbox, log in, edit profile and settings, log out", async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("journey");
  const password = "journey password";
  const started = Date.now() - 1000;

  // Errors first: everything typed is kept except the passwords.
  await page.goto("/auth/signup");
  await page.getByLabel(en("fields.firstName")).fill("Ines");
  await page.getByLabel(en("fields.email")).fill("not-an-email");
  await page.getByLabel(en("fields.password"), { exact: true }).fill("short");
  await page.getByLabel(en("fields.year")).fill("2020");
  await page.getByRole("button", { name: en("signup.submit") }).click();
  await expect(page.getByText(en("validation.invalidEmail"))).toBeVisible();
  await expect(page.getByText(en("validation.passwordTooShort"))).toBeVisible();
  await expect(page.getByText(en("validation.termsRequired"))).toBeVisible();
  await expect(page.getByText(en("validation.required")).first()).toBeVisible();
  await expect(page.getByLabel(en("fields.firstName"))).toHaveValue("Ines");

  await signUp(page, email, password);

  // Signing up again with that address answers the same page, and tells the owner instead.
  await logOut(page);
  const again = Date.now() - 1000;
  await submitSignUp(page, email.toUpperCase(), "someone else's password", "Mallory");
  const warning = await waitForEmail(email, "signup-attempt", again);
  expect(warning.subject).toBe(translation("en", "signupAttempt.subject", "email"));
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth/);

  // Listing (and booking) ask an unverified user to verify first, with a resend button.
  await page.goto("/become-host/address");
  await expect(page).toHaveURL(/\/verify\?redirectTo=%2Fbecome-host%2Faddress$/);
  await expect(page.getByText(en("verify.requiredNotice"))).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const resentAfter = Date.now();
  await page.getByRole("button", { name: en("verify.resend") }).click();
  await expect(page.getByText(en("verify.resent"))).toBeVisible();
  await waitForEmail(email, "verify-email", resentAfter - 1000);

  const mail = await waitForEmail(email, "verify-email", started);
  expect(mail.subject).toBe(translation("en", "verify.subject", "email"));
  // Opening the link changes nothing; the button verifies.
  await page.goto(pathOf(mail.links[0]!));
  await page.getByRole("button", { name: en("verify.confirm") }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(en("general.verified", "profile"), { exact: true })).toBeVisible();

  await logOut(page);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);

  // Log in: back to where we were going.
  await page.getByLabel(en("fields.email")).fill(email.toUpperCase());
  await page.getByLabel(en("fields.password")).fill(password);
  await page.getByRole("button", { name: en("login.submit") }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Edit the general information.
  await page.getByLabel(en("fields.firstName")).fill("Inès");
  await page.getByLabel(en("general.about", "profile")).fill("I love the Djerba sea.");
  await page.getByRole("button", { name: en("general.save", "profile"), exact: true }).click();
  await expect(page.getByText(en("general.saved", "profile"))).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await page.reload();
  await expect(page.getByLabel(en("fields.firstName"))).toHaveValue("Inès");

  // The public profile shows no e-mail or phone.
  await page.goto("/profile/public");
  await expect(page.getByRole("heading", { name: "Inès M." })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(email);
  await expect(page.locator("main")).not.toContainText("55 123 456");

  // Settings: French and euros, applied at once…
  await page.goto("/profile/settings");
  const main = page.locator("main");
  await main.getByLabel(en("settings.language", "profile")).selectOption("fr");
  await main.getByLabel(en("settings.currency", "profile")).selectOption("EUR");
  await main.getByLabel(en("settings.timeZone", "profile")).selectOption("Europe/Paris");
  await page.getByRole("button", { name: en("settings.save", "profile"), exact: true }).click();
  await expect(page.getByRole("heading", { name: translation("fr", "settings.title", "profile") })).toBeVisible();
  await expect(main.getByLabel(translation("fr", "settings.currency", "profile"))).toHaveValue("EUR");

  // …and remembered at the next sign-in, even after the browser forgot them.
  await page.getByRole("button", { name: translation("fr", "nav.logout", "profile") }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/profile/settings");
  await expect(page.getByRole("heading", { name: translation("fr", "settings.title", "profile") })).toBeVisible();
  await expect(main.getByLabel(translation("fr", "settings.timeZone", "profile"))).toHaveValue("Europe/Paris");
  const cookies = await page.context().cookies();
  // The stored currency came back with the sign-in too.
  expect(decodeRemixCookie(cookies.find((cookie) => cookie.name === "currency")?.value)).toBe("EUR");
  const token = cookies.find((cookie) => cookie.name === "Token")!;
  expect([token.httpOnly, token.sameSite]).toEqual([true, "Lax"]);

  await page.getByRole("button", { name: translation("fr", "nav.logout", "profile") }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
});

test("forgot and reset password: same answer for unknown e-mails, new password works, the old one no longer", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("reset");
  await signUp(page, email, "first password");
  await logOut(page);

  const sent = en("forgot.sent");
  await page.goto("/auth/forgot-password");
  await page.getByLabel(en("fields.email")).fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: en("forgot.submit") }).click();
  await expect(page.getByText(sent).first()).toBeVisible();

  const started = Date.now() - 1000;
  await page.goto("/auth/forgot-password");
  await page.getByLabel(en("fields.email")).fill(email);
  await page.getByRole("button", { name: en("forgot.submit") }).click();
  await expect(page.getByText(sent).first()).toBeVisible();

  const mail = await waitForEmail(email, "reset-password", started);
  await page.goto(pathOf(mail.links[0]!));
  await page.getByLabel(en("fields.newPassword")).fill("second password");
  await page.getByLabel(en("fields.confirmPassword")).fill("second password");
  await page.getByRole("button", { name: en("reset.submit") }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.locator(".toast")).toContainText(en("reset.success"));

  // The link works once.
  await page.goto(pathOf(mail.links[0]!));
  await expect(page.getByText(en("link.used"))).toBeVisible();

  await logIn(page, email, "first password");
  await expect(page.getByText(en("invalidCredentials"))).toBeVisible();
  await logIn(page, email, "second password");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: en("general.title", "profile") })).toBeVisible();
});

test("a wrong password shows 'Incorrect username or password.' and keeps the e-mail", async ({ page }) => {
  const user = await createUser();
  await logIn(page, user.email, "not the right password");
  await expect(page.getByText("Incorrect username or password.")).toBeVisible();
  await expect(page.getByLabel(en("fields.email"))).toHaveValue(user.email);
  await expect(page.getByLabel(en("fields.password"))).toHaveValue("");
  expect((await page.context().cookies()).some((cookie) => cookie.name === "Token")).toBe(false);
});

// The demo (README): the only journeys that sign in with the demo accounts; every other journey
// makes its own users and listings (support/factories.ts).
for (const demo of [
  { email: "traveler@demo.darna.tn", firstName: "Amira", page: "/accommodation?destination=Hammamet", shows: "[data-testid=listing-card]" },
  { email: "host@demo.darna.tn", firstName: "Karim", page: "/dashboard/listings", shows: "[data-testid^=listing-row-]" },
  { email: "operator@demo.darna.tn", firstName: "Sonia", page: "/admin/currencies", shows: "main form" },
]) {
  test(`the demo account ${demo.email} signs in and finds the demo data`, async ({ page }) => {
    await logIn(page, demo.email, "darna-demo-2025");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/profile");
    await expect(page.getByLabel(en("fields.firstName"))).toHaveValue(demo.firstName);
    await expect(page.getByText(en("general.verified", "profile"), { exact: true })).toBeVisible();
    // The demo catalogue for the traveler, the host's own listings, the operator's admin pages.
    expect((await page.goto(demo.page))?.status()).toBe(200);
    await expect(page.locator(demo.shows).first()).toBeVisible();
    expect(await page.locator(demo.shows).count()).toBeGreaterThan(1);
  });
}

test("a member's public profile: first name, initial, country, member since, badge and listings, never contact details", async ({ page }) => {
  const user = await createUser({ host: true, firstName: "Karim", lastName: "Trabelsi", phone: "+216 98 765 432", birthDate: "1982-03-09" });
  const listing = await createListing({ host: user });
  const host = await dbGet<{ id: number; created_at: string }>("SELECT id, created_at FROM users WHERE id = ?", [user.id]);
  if (!host) throw new Error("no host");
  await page.goto(`/fr/user-profile/${host.id}`);
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Karim T.");
  await expect(main.getByTestId("verified-badge")).toHaveText(translation("fr", "public.verified", "profile"));
  await expect(main).toContainText("Tunisie");
  const since = new Intl.DateTimeFormat("fr", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(host.created_at));
  await expect(main).toContainText(`${translation("fr", "public.memberSince", "profile")}${since}`);
  await expect(main.locator(`a[href*='${listing.path}']`).first()).toBeVisible();
  for (const secret of [user.email, "98765432", "98 765 432", "1982", "Trabelsi"]) await expect(main).not.toContainText(secret);
});

/** "h:mm" (12-hour, as English pages show it) of every minute from `from` to `to` in `timeZone`. */
function clockTimes(from: number, to: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true, timeZone });
  const times = new Set<string>();
  for (let at = from - 60_000; at <= to + 60_000; at += 30_000) {
    const parts = format.formatToParts(new Date(at));
    times.add(`${parts.find((part) => part.type === "hour")!.value}:${parts.find((part) => part.type === "minute")!.value}`);
  }
  return [...times];
}

test("times are shown in the time zone of the user's settings", async ({ page }) => {
  test.setTimeout(60_000);
  const started = Date.now();
  await signUp(page, uniqueEmail("zone"), "zone password");
  await page.goto("/profile/settings");
  const main = page.locator("main");
  await main.getByLabel(en("settings.timeZone", "profile")).selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: en("settings.save", "profile"), exact: true }).click();
  // With JavaScript the form posts by fetch and the select already shows Tokyo: wait for the
  // answer's toast, or the next navigation can cut the post short.
  await expect(page.getByText(en("settings.saved", "profile"))).toBeVisible();
  await expect(main.getByLabel(en("settings.timeZone", "profile"))).toHaveValue("Asia/Tokyo");

  await page.goto("/profile/security");
  const current = page.getByTestId("session").filter({ hasText: en("security.thisDevice", "profile") });
  const text = (await current.locator("small").textContent()) ?? "";
  const shown = (times: string[]) => times.some((time) => new RegExp(`(^|\\D)${time}\\b`).test(text));
  const ended = Date.now();
  expect(shown(clockTimes(started, ended, "Asia/Tokyo")), text).toBe(true);
  expect(shown(clockTimes(started, ended, "Africa/Tunis")), text).toBe(false);
});
