import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/utils/i18n";

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

const root = path.resolve("locales");
const namespaces = fs.readdirSync(path.join(root, "en")).filter((file) => file.endsWith(".json"));

describe("translations", () => {
  it("has at least the common namespace", () => {
    expect(namespaces).toContain("common.json");
  });

  for (const language of supportedLanguages) {
    it(`${language} has exactly the namespaces of en`, () => {
      expect(fs.readdirSync(path.join(root, language)).filter((f) => f.endsWith(".json")).sort()).toEqual(
        [...namespaces].sort(),
      );
    });
    for (const namespace of namespaces) {
      it(`${language}/${namespace} has the same keys as en/${namespace}, none empty`, () => {
        const en = JSON.parse(fs.readFileSync(path.join(root, "en", namespace), "utf8"));
        const other = JSON.parse(fs.readFileSync(path.join(root, language, namespace), "utf8"));
        expect(keysOf(other).sort()).toEqual(keysOf(en).sort());
        for (const key of keysOf(other)) {
          const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], other);
          expect(typeof value === "string" && value.trim().length > 0, `${language}/${namespace}:${key}`).toBe(true);
        }
      });
      // Issue 12, point 6: "1 listing", "2 listings", never "listing(s)": counts use i18next's
      // plural keys (_one/_other), so no value spells a plural in brackets.
      it(`${language}/${namespace} writes plurals with plural keys, not "(s)"`, () => {
        const other = JSON.parse(fs.readFileSync(path.join(root, language, namespace), "utf8"));
        for (const key of keysOf(other)) {
          const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], other);
          expect(String(value), `${language}/${namespace}:${key}`).not.toMatch(/\p{L}\((s|es|x)\)/u);
        }
      });
    }
  }
});
