// The legal pages, in three languages: the operator is an intermediary, hosts are independent,
// 18+, one account per user, service fees and the 10% commission, cancellation and refund rules.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures";

type Section = { title: string; paragraphs: string[] };
type Legal = Record<string, { title: string; sections: Section[] }>;

const pages = [
  { path: "/privacy-policy", key: "privacy" },
  { path: "/terms-of-use", key: "terms" },
  { path: "/terms-of-sale/travelers", key: "saleTravelers" },
  { path: "/terms-of-sale/hosts", key: "saleHosts" },
];

for (const language of ["en", "fr", "es"] as const) {
  const legal = JSON.parse(fs.readFileSync(path.resolve("locales", language, "legal.json"), "utf8")) as Legal;
  for (const { path: pagePath, key } of pages) {
    test(`${language}${pagePath} shows the whole document`, async ({ page }) => {
      await page.goto(`/${language}${pagePath}`);
      await expect(page.getByRole("heading", { level: 1, name: legal[key]!.title })).toBeVisible();
      for (const section of legal[key]!.sections) {
        await expect(page.getByRole("heading", { level: 2, name: section.title })).toBeVisible();
        await expect(page.locator("main")).toContainText(section.paragraphs.at(-1)!);
      }
    });
  }
}
