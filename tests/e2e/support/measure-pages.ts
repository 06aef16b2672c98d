// Accessibility and validity of pages (issue 18 point 7): each page, on a production build, at
// 390 px and 1280 px wide, has 0 axe violations of the WCAG 2.0/2.1/2.2 A and AA rules, and its
// HTML as the server sends it (fetched with the page's own cookies) has 0 errors from the W3C Nu
// HTML checker. Used by a11y.spec.ts (pages behind sign-in) and a11y-public.spec.ts.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";
import { validateHtml, type HtmlDocument } from "./html-validator";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const WIDTHS = [390, 1280];

export type MeasuredPage = string | { path: string; shows: string };

/**
 * Opens each path (following redirects; `shows`: a data-testid the page must show) and runs axe at each width; fetches each page's HTML once
 * through the page's request context (its cookies) and checks the lot with the Nu checker.
 * Fails with the list of every violation and error found, page by page.
 */
export async function measure(page: Page, pages: MeasuredPage[]) {
  const violations: string[] = [];
  const documents: HtmlDocument[] = [];
  for (const entry of pages) {
    const { path, shows } = typeof entry === "string" ? { path: entry, shows: undefined } : entry;
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers 200`).toBe(200);
    await waitForHydration(page);
    // The part of the page this check is about is there (by its data-testid).
    if (shows) await expect(page.getByTestId(shows).first()).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      for (const violation of results.violations) {
        const targets = violation.nodes.map((node) => node.target.join(" ")).slice(0, 5).join(" | ");
        violations.push(`${path} @${width}px: ${violation.id} (${violation.impact}) — ${violation.help} — ${targets}`);
      }
    }
    const html = await page.request.get(page.url());
    expect(html.status(), `${page.url()} fetched`).toBe(200);
    const url = new URL(page.url());
    documents.push({ name: url.pathname + url.search, html: await html.text() });
  }
  const errors = (await validateHtml(documents)).map((error) => `${error.document}:${error.line ?? "?"}: ${error.message} — ${error.extract ?? ""}`);
  expect({ axe: violations, nu: errors }).toEqual({ axe: [], nu: [] });
}
