import { describe, expect, it } from "vitest";
import { requireKnownLanguage } from "./i18n";

describe("requireKnownLanguage", () => {
  it.each([
    { lang: undefined, expected: undefined },
    { lang: "en", expected: "en" },
    { lang: "fr", expected: "fr" },
    { lang: "es", expected: "es" },
  ])("$lang → $expected", ({ lang, expected }) => {
    expect(requireKnownLanguage(lang)).toBe(expected);
  });

  it.each(["de", "FR", "", "accommodation"])("%j is a page we do not have: 404", (lang) => {
    let thrown: unknown;
    try {
      requireKnownLanguage(lang);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
