// Shared helpers for the e2e journeys: import `test` and `expect` from here instead of
// @playwright/test. Every spec runs in the `js-on` and `js-off` projects; the built-in
// `javaScriptEnabled` fixture tells a test which one it is in.
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { createToastHeaders, type ToastInput } from "../../../app/utils/toast.server";

export { expect };
export type { BrowserContext, Locator, Page } from "@playwright/test";
export const test = base;

/** A translation from locales/<language>/<namespace>.json, by dotted key (tests read the source). */
export function translation(language: "en" | "fr" | "es", key: string, namespace = "common"): string {
  const file = path.resolve("locales", language, `${namespace}.json`);
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], JSON.parse(fs.readFileSync(file, "utf8")));
  if (typeof value !== "string") throw new Error(`no translation ${language}/${namespace}:${key}`);
  return value;
}

/** The calendar date (UTC) `days` from now, as the date inputs take it: "2026-12-24". */
export function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** With JavaScript on, waits until React has hydrated the page (the root sets html[data-hydrated]). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Clicks a favorites heart and waits for the server's answer: with JavaScript the heart fills as
 * soon as the fetcher posts, so leaving the page at once could cut the post short.
 */
export async function toggleFavorite(page: Page, heart: Locator) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && /\/favorites(\.data)?$/.test(new URL(response.url()).pathname),
  );
  await heart.click();
  await answered;
}

/** The shell's language/currency dropdown (a <details>, so it opens without JavaScript). */
export async function openPreferences(page: Page) {
  const menu = page.locator("details.preferences");
  if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await menu.locator("summary").click();
  }
  await expect(menu.locator(".menu__panel")).toBeVisible();
  return menu;
}

/**
 * Picks a display currency through the shell's form: with JavaScript the select submits itself;
 * without it, the Apply button posts the form. Resolves once the page is back.
 */
export async function chooseCurrency(page: Page, code: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await waitForHydration(page);
  const menu = await openPreferences(page);
  const posted = page.waitForResponse((response) => response.request().method() === "POST" && /\/currency(\.data)?(\?|$)/.test(response.url()));
  await menu.getByRole("combobox").selectOption(code);
  if (!javaScriptEnabled) await menu.getByRole("button").click();
  await posted;
  await page.waitForLoadState("load");
  await expect(page.locator("details.preferences summary")).toContainText(code);
}

/**
 * Puts a flash toast in the browser's cookies exactly as `redirectWithToast` would (same code,
 * same SESSION_SECRET as the server), so the next page shows it.
 */
export async function addFlashToast(context: BrowserContext, baseURL: string, toast: ToastInput) {
  const headers = await createToastHeaders(toast);
  const [pair] = (headers.get("Set-Cookie") ?? "").split(";");
  const [name, ...value] = pair!.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: baseURL }]);
}

/** The value of a cookie of this context, or undefined. */
export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name)?.value;
}

/** A value as Remix's createCookie() writes it (unsigned): base64 of JSON, URI-encoded. */
export function encodeRemixCookie(value: unknown): string {
  return encodeURIComponent(Buffer.from(JSON.stringify(value), "utf8").toString("base64"));
}

/** What a Remix createCookie() cookie holds, or undefined when it cannot be read. */
export function decodeRemixCookie(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
  } catch {
    return undefined;
  }
}
