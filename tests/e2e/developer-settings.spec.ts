// A user's developer settings, with JavaScript on and off (issue 22 points 2 and 4): a personal
// access token made on /profile/security (a name, scopes, a last day) is shown once, works as a
// Bearer token within its scopes, and answers 401 once revoked; refused input is answered next to
// its field with what was typed kept. A webhook endpoint registered on /profile/developers shows
// its signing secret once, a bad URL is refused next to the field, and the endpoint is listed,
// turned off and deleted. Nobody else can see, revoke, turn off or delete them by their id.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { PersonalAccessToken } from "~/db/models/personal-access-token.server";
import { WebhookEndpoint } from "~/db/models/webhook.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { createToken } from "~/services/api-tokens/tokens.server";
import { createUser, signedInPage, uniqueTag } from "./support/factories";
import { expect, test, translation, waitForHydration } from "./support/fixtures";

const profile = (key: string) => translation("en", key, "profile");
const developers = (key: string) => translation("en", key, "developers");

/** GET /api/v1/me as a program would call it: a Bearer token, no cookie. */
function me(request: APIRequestContext, token: string) {
  return request.get("/api/v1/me", { headers: { Authorization: `Bearer ${token}` } });
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** The error shown next to a field is its accessible description (aria-describedby → the field's error list). */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

test("a personal access token: refused input kept with its errors, shown once, works within its scopes, revoked → 401", async ({ browser, request, javaScriptEnabled }) => {
  const user = await createUser({ firstName: "Rania" });
  const page = await signedInPage(browser, user, javaScriptEnabled);
  await open(page, "/profile/security", javaScriptEnabled);
  const form = page.locator("#create-token");
  const name = form.getByLabel(profile("tokens.name"));
  const scopes = form.getByRole("group", { name: profile("tokens.scopes") });
  const read = form.locator('input[name="scopes"][value="read"]');
  const lastDay = form.getByLabel(profile("tokens.expiresOn"));
  const submit = form.getByRole("button", { name: profile("tokens.create") });
  const today = dateInTunis(new Date());

  // The date proposed is 90 days ahead.
  await expect(lastDay).toHaveValue(addDays(today, 90));

  // No name and no scope: both refused next to their fields; the date typed stays.
  await lastDay.fill(addDays(today, 45));
  await submit.click();
  await expectFieldError(name, profile("tokens.errors.nameRequired"));
  await expect(scopes).toContainText(profile("tokens.errors.scopesRequired"));
  await expect(scopes).toHaveAccessibleDescription(profile("tokens.errors.scopesRequired"));
  await expect(lastDay).toHaveValue(addDays(today, 45));
  expect(await PersonalAccessToken.count({ where: { userId: user.id } })).toBe(0);

  // A last day in the past: refused next to the date (the server's check); the name and scope stay.
  const tokenName = `Channel sync ${uniqueTag()}`;
  await name.fill(tokenName);
  await read.check();
  await lastDay.fill(addDays(today, -2));
  await submit.click();
  await expectFieldError(lastDay, profile("tokens.errors.expiresOnPast"));
  await expect(name).toHaveValue(tokenName);
  await expect(read).toBeChecked();
  await expect(lastDay).toHaveValue(addDays(today, -2));
  expect(await PersonalAccessToken.count({ where: { userId: user.id } })).toBe(0);

  // Made: the token is shown once, in the answer.
  await lastDay.fill(addDays(today, 30));
  await submit.click();
  const created = page.getByTestId("created-token");
  await expect(created).toContainText(tokenName);
  const token = (await created.locator("code").textContent())!.trim();
  expect(token).toMatch(/^darna_pat_[A-Za-z0-9_-]{43}$/);
  const listed = page.getByTestId("token").filter({ hasText: tokenName });
  await expect(listed).toContainText("read");
  await expect(listed).toContainText(profile("tokens.neverUsed"));

  // Opened again, the page lists the token but never shows it.
  await open(page, "/profile/security", javaScriptEnabled);
  await expect(page.getByTestId("created-token")).toHaveCount(0);
  await expect(page.getByTestId("token").filter({ hasText: tokenName })).toHaveCount(1);
  expect(await page.content()).not.toContain(token);

  // It works against the API as a Bearer token, within its scopes only.
  const answer = await me(request, token);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ email: user.email });
  const edit = await request.patch("/api/v1/me", { headers: { Authorization: `Bearer ${token}` }, data: { about: "Written by a bot" } });
  expect(edit.status()).toBe(403);
  expect(((await edit.json()) as { error: { code: string } }).error.code).toBe("insufficient_scope");
  await open(page, "/profile/security", javaScriptEnabled);
  await expect(page.getByTestId("token").filter({ hasText: tokenName })).not.toContainText(profile("tokens.neverUsed"));

  // Revoked: gone from the list, and the API answers 401.
  await page.getByTestId("token").filter({ hasText: tokenName }).getByRole("button", { name: profile("tokens.revoke") }).click();
  await expect(page.getByText(profile("tokens.revoked"))).toBeVisible();
  await expect(page.getByTestId("token")).toHaveCount(0);
  const refused = await me(request, token);
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  await page.context().close();
});

test("a webhook endpoint: a bad URL refused next to the field, the signing secret shown once, listed, turned off and deleted", async ({ browser, javaScriptEnabled }) => {
  const host = await createUser({ host: true, firstName: "Hedi" });
  const page = await signedInPage(browser, host, javaScriptEnabled);
  await open(page, "/profile/developers", javaScriptEnabled);
  await expect(page.getByText(developers("profile.none"))).toBeVisible();
  const form = page.locator("#webhook-endpoint");
  const url = form.getByLabel(developers("profile.url"));
  const paid = form.locator('input[name="events"][value="reservation.paid"]');
  const message = form.locator('input[name="events"][value="message.received"]');
  const register = form.getByRole("button", { name: developers("profile.create") });

  // Not a URL: refused next to the field; what was typed and ticked stays.
  await url.fill("hooks.example.com/darna");
  await paid.check();
  await message.check();
  await register.click();
  await expectFieldError(url, developers("errors.invalid"));
  await expect(url).toHaveValue("hooks.example.com/darna");
  await expect(paid).toBeChecked();
  await expect(message).toBeChecked();
  expect(await WebhookEndpoint.count({ where: { userId: host.id } })).toBe(0);

  // Registered: the secret is shown in the answer only.
  const address = `https://hooks.example.com/darna-${uniqueTag()}`;
  await url.fill(address);
  await register.click();
  const secretBox = page.getByTestId("webhook-secret");
  await expect(secretBox).toContainText(address);
  const secret = (await secretBox.locator("code").textContent())!.trim();
  expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
  const stored = (await WebhookEndpoint.findOne({ where: { userId: host.id } }))!;
  expect(stored.secret).toBe(secret);
  expect(JSON.parse(stored.events)).toEqual(expect.arrayContaining(["reservation.paid", "message.received"]));

  // Listed, on; opened again, the secret is nowhere on the page.
  await open(page, "/profile/developers", javaScriptEnabled);
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: address });
  await expect(endpoint).toContainText("reservation.paid");
  await expect(endpoint).toContainText("message.received");
  await expect(endpoint.getByRole("heading", { level: 3 })).toContainText(developers("profile.enabled"));

  // Turned off, then deleted.
  await endpoint.getByRole("button", { name: developers("profile.disable") }).click();
  await expect(page.getByText(developers("profile.updated"))).toBeVisible();
  await expect(endpoint.getByRole("heading", { level: 3 })).toContainText(developers("profile.disabledOwner"));
  expect((await stored.reload()).enabled).toBeFalsy();
  if (javaScriptEnabled) await waitForHydration(page);
  await endpoint.getByRole("button", { name: developers("profile.delete") }).click();
  await expect(page.getByText(developers("profile.deleted"))).toBeVisible();
  await expect(page.getByTestId("webhook-endpoint")).toHaveCount(0);
  expect(await WebhookEndpoint.count({ where: { id: stored.id } })).toBe(0);
  await page.context().close();
});

test("another user neither sees nor revokes someone's token, nor turns off or deletes their webhook endpoint, by its id", async ({ browser, request, javaScriptEnabled }) => {
  const owner = await createUser({ host: true, firstName: "Hedi" });
  const tokenName = `Owner's sync ${uniqueTag()}`;
  const token = await createToken(owner.id, { name: tokenName, scopes: ["read"], expiresInDays: 30 });
  const now = new Date();
  const address = `https://hooks.example.com/owner-${uniqueTag()}`;
  const endpoint = await WebhookEndpoint.create({ userId: owner.id, url: address, events: JSON.stringify(["reservation.paid"]), secret: `whsec_${uniqueTag()}`, enabled: true, createdAt: now, updatedAt: now });

  const other = await createUser({ host: true, firstName: "Sami" });
  const page = await signedInPage(browser, other, javaScriptEnabled);
  await open(page, "/profile/security", javaScriptEnabled);
  await expect(page.getByText(profile("tokens.none"))).toBeVisible();
  await expect(page.locator("main")).not.toContainText(tokenName);
  await open(page, "/profile/developers", javaScriptEnabled);
  await expect(page.getByText(developers("profile.none"))).toBeVisible();
  await expect(page.locator("main")).not.toContainText(address);

  // The pages' own forms, posted with the other user's cookies and the owner's ids.
  const revoke = await page.request.post("/profile/security", { form: { intent: "revoke-token", token: String(token.id) }, maxRedirects: 0 });
  expect(revoke.status()).toBe(302); // back to the page, with an error toast
  expect(revoke.headers()["location"]).toBe("/profile/security");
  expect((await me(request, token.token)).status()).toBe(200);
  expect(await PersonalAccessToken.count({ where: { id: token.id } })).toBe(1);
  for (const intent of ["disable", "delete"]) {
    const refused = await page.request.post("/profile/developers", { form: { intent, endpoint: String(endpoint.id) }, maxRedirects: 0 });
    expect(refused.status(), intent).toBe(404);
  }
  expect((await endpoint.reload()).enabled).toBeTruthy();

  // The refused revocation says so on the page.
  await open(page, "/profile/security", javaScriptEnabled);
  await expect(page.getByText(profile("tokens.errors.notFound"))).toBeVisible();
  await page.context().close();
});
