// ADR 240: the rendering i18next instances remember plain lookups and answer exactly as i18next.
import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { memoizePlainTranslations } from "./translation-memo.server";

const resources = {
  en: {
    common: { hello: "Hello", greet: "Hello {{name}}", night_one: "{{count}} night", night_other: "{{count}} nights", nested: "$t(common:hello)!" },
    property: { calendar: { status: { free: "Free", booked: "Booked" } } },
  },
  fr: { common: { hello: "Bonjour" }, property: { calendar: { status: { free: "Libre" } } } },
};

async function instance(lng: string) {
  const i18n = createInstance();
  await i18n.init({ lng, fallbackLng: "en", ns: ["common", "property"], defaultNS: "common", resources, interpolation: { escapeValue: false } });
  return i18n;
}

describe("memoizePlainTranslations", () => {
  it("answers as i18next does, for plain lookups and the rest", async () => {
    const plain = await instance("fr");
    const memo = memoizePlainTranslations(await instance("fr"));
    const calls: Array<[string, Record<string, unknown>?]> = [
      ["hello"],
      ["common:hello"],
      ["calendar.status.free", { ns: "property" }],
      ["calendar.status.booked", { ns: "property" }], // French falls back to English
      ["missing.key"],
      ["greet", { name: "Amel" }],
      ["night", { count: 1 }],
      ["night", { count: 3 }],
      ["nested"],
    ];
    for (const [key, options] of calls) {
      for (let i = 0; i < 2; i++) expect(memo.t(key, options)).toBe(plain.t(key, options));
    }
    const fixed = memo.getFixedT("fr", "property", "calendar.status");
    expect(fixed("free")).toBe("Libre");
    expect(fixed("free")).toBe("Libre");
    expect(memo.getFixedT("en", "property")("calendar.status.free")).toBe("Free");
    expect(memo.getFixedT("fr", "common")("greet", { name: "Sami" })).toBe("Hello Sami");
  });

  it("answers calls with values, count and context as i18next does, remembered (ADR 247)", async () => {
    const plain = await instance("en");
    const i18n = await instance("en");
    const translate = vi.spyOn((i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator, "translate");
    const memo = memoizePlainTranslations(i18n);
    const calls: Array<[string, Record<string, unknown>]> = [
      ["greet", { name: "Amel" }],
      ["greet", { name: "Sami" }],
      ["night", { count: 1 }],
      ["night", { count: 3 }],
      ["night", { count: "3" }],
      ["greet", { name: null }],
      ["greet", { name: true }],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [key, options] of calls) expect(memo.t(key, options)).toBe(plain.t(key, options));
    }
    expect(translate).toHaveBeenCalledTimes(calls.length);
    // An object or a function among the options: i18next every time.
    const withObject = { name: "Amel", interpolation: { escapeValue: true } };
    for (let i = 0; i < 2; i++) expect(memo.t("greet", withObject)).toBe(plain.t("greet", withObject));
    expect(translate).toHaveBeenCalledTimes(calls.length + 2);
  });

  it("asks i18next once per plain lookup, and once per call's values", async () => {
    const i18n = await instance("en");
    // i18next's translator (not in its types): every t() that is not remembered reaches it.
    const translate = vi.spyOn((i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator, "translate");
    memoizePlainTranslations(i18n);
    const t = i18n.getFixedT("en", "property");
    for (let i = 0; i < 5; i++) t("calendar.status.free");
    expect(translate).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) i18n.t("greet", { name: `n${i}` });
    expect(translate).toHaveBeenCalledTimes(4);
    // Another namespace or prefix is another lookup.
    i18n.getFixedT("en", "common")("hello");
    i18n.getFixedT("en", "property", "calendar")("status.free");
    expect(translate).toHaveBeenCalledTimes(6);
  });
});
