// ADR 237: the browser's translator must write what the server's i18next writes, or hydration
// breaks. Every key of every namespace in the three languages is translated by both and compared,
// plus the cases the locale files do not hold (missing keys, fallbacks, odd variables).
import fs from "node:fs";
import path from "node:path";
import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { ClientI18n } from "~/utils/client-i18n";
import { defaultNS, fallbackLanguage, i18nConfig, supportedLanguages } from "~/utils/i18n";
import { translate, type TranslateOptions, type TranslationStore } from "~/utils/translator";

type Tree = Record<string, unknown>;

function readLocales(): Record<string, Record<string, Tree>> {
  const resources: Record<string, Record<string, Tree>> = {};
  for (const language of supportedLanguages) {
    resources[language] = {};
    for (const file of fs.readdirSync(path.join("locales", language))) {
      if (!file.endsWith(".json")) continue;
      resources[language][file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join("locales", language, file), "utf8")) as Tree;
    }
  }
  return resources;
}

const resources = readLocales();
const namespaces = Object.keys(resources.en!);

async function realI18n(language: string, store: TranslationStore = resources): Promise<I18n> {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, lng: language, ns: Object.keys(store.en ?? {}), resources: store as never });
  return instance;
}

function settings(language: string, store: TranslationStore = resources) {
  return { store, language, fallbackLanguage, supportedLanguages, defaultNS };
}

/** Every key path whose value is not an object, and every path whose value is one. */
function keysOf(tree: Tree, prefix = ""): { leaves: string[]; objects: string[] } {
  const leaves: string[] = [];
  const objects: string[] = [];
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value && typeof value === "object") {
      objects.push(key);
      const inner = keysOf(value as Tree, key);
      leaves.push(...inner.leaves);
      objects.push(...inner.objects);
    } else leaves.push(key);
  }
  return { leaves, objects };
}

/** A value for every `{{variable}}` the text uses (so none is left as written). */
function variablesOf(text: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (typeof text !== "string") return values;
  for (const match of text.matchAll(/\{\{-?\s*([\w.]+)\s*\}\}/g)) values[match[1]!.split(".")[0]!] = `<${match[1]}> & "$&"`;
  return values;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 21, 1_000_000, 1.5];

describe.each(supportedLanguages)("every key in %s, against i18next", (language) => {
  it("plain keys, plural keys for several counts, and objects", async () => {
    const real = await realI18n(language);
    let compared = 0;
    for (const ns of namespaces) {
      const { leaves, objects } = keysOf(resources[language]![ns] ?? {});
      const plurals = new Set(leaves.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, "")));
      for (const key of leaves) {
        const text = (real.getResource(language, ns, key) as unknown) ?? "";
        const options: TranslateOptions = variablesOf(text);
        expect(translate(settings(language), `${ns}:${key}`, options), `${ns}:${key}`).toBe(real.t(`${ns}:${key}`, options as never));
        // Without the variables: left as written.
        expect(translate(settings(language), `${ns}:${key}`), `${ns}:${key} bare`).toBe(real.t(`${ns}:${key}`));
        compared++;
      }
      for (const base of plurals) {
        const variables = variablesOf(real.getResource(language, ns, `${base}_other`));
        for (const count of COUNTS) {
          const options = { ...variables, count };
          expect(translate(settings(language), base, { ...options, ns }), `${ns}:${base} ${count}`).toBe(real.t(base, { ...options, ns } as never));
          compared++;
        }
      }
      for (const key of objects) {
        expect(translate(settings(language), `${ns}:${key}`, { returnObjects: true }), `${ns}:${key} object`).toEqual(
          real.t(`${ns}:${key}`, { returnObjects: true } as never),
        );
        expect(translate(settings(language), `${ns}:${key}`), `${ns}:${key} object as string`).toBe(real.t(`${ns}:${key}`));
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

// A store of its own: French misses keys English has, to show the fallback.
const small: TranslationStore = {
  en: {
    common: {
      hello: "Hello {{name}}",
      onlyEnglish: "Only in English",
      item_one: "{{count}} item",
      item_other: "{{count}} items",
      nested: { deep: { label: "Deep {{value}}" }, list: ["first {{name}}", "second"] },
      "dotted.key": "A key with a dot",
      friend: "A friend",
      friend_male: "A boyfriend",
      friend_female_one: "A girlfriend",
      friend_female_other: "{{count}} girlfriends",
      empty: "",
    },
    other: { greeting: "Hi from other", hello: "Other hello" },
  },
  fr: {
    common: {
      hello: "Bonjour {{name}}",
      item_one: "{{count}} article",
      item_other: "{{count}} articles",
      nested: { deep: { label: "Profond {{value}}" }, list: ["premier {{name}}", "second"] },
    },
    other: { greeting: "Salut de other" },
  },
  es: {
    common: {
      hello: "Hola {{name}}",
      item_one: "{{count}} artículo",
      item_many: "{{count}} de artículos",
      item_other: "{{count}} artículos",
      items_zero: "Ningún artículo",
      items_one: "Un artículo",
      items_other: "{{count}} artículos",
    },
    other: {},
  },
};

const cases: Array<[string, unknown, TranslateOptions | undefined]> = [
  ["interpolation", "hello", { name: "Ana" }],
  ["no escaping (React escapes)", "hello", { name: '<b>"Tom" & Jerry</b>' }],
  ["a $ pattern in a value", "hello", { name: "$& $1 $$" }],
  ["a missing variable stays", "hello", {}],
  ["an undefined variable empties", "hello", { name: undefined }],
  ["a null variable empties", "hello", { name: null }],
  ["a number variable", "hello", { name: 42 }],
  ["an object variable", "hello", { name: { first: "Ana" } }],
  ["replace", "hello", { replace: { name: "Replaced" }, name: "ignored" }],
  ["nested path", "nested.deep.label", { value: 7 }],
  ["an object without returnObjects", "nested.deep", {}],
  ["returnObjects", "nested", { returnObjects: true, name: "N", value: "V" }],
  ["returnObjects of an array", "nested.list", { returnObjects: true, name: "N" }],
  ["a key holding a dot", "dotted.key", {}],
  ["missing key in the language: English", "onlyEnglish", {}],
  ["missing key everywhere: the key", "nowhere.at.all", {}],
  ["missing key with namespace: the key without it", "other:nowhere", {}],
  ["defaultValue", "nowhere", { defaultValue: "Default {{name}}", name: "Ana" }],
  ["defaultValue_one", "nowhere", { defaultValue_one: "One", defaultValue_other: "Many {{count}}", count: 1 }],
  ["defaultValue_other", "nowhere", { defaultValue_one: "One", defaultValue_other: "Many {{count}}", count: 4 }],
  ["defaultValue not used when found", "hello", { defaultValue: "unused", name: "Ana" }],
  ["ns:key", "other:greeting", {}],
  ["ns option", "greeting", { ns: "other" }],
  ["ns option list: the first that has it", "greeting", { ns: ["common", "other"] }],
  ["ns:key in English only", "other:hello", {}],
  ["plural 0", "item", { count: 0 }],
  ["plural 1", "item", { count: 1 }],
  ["plural 2", "item", { count: 2 }],
  ["plural 1e6 (many)", "item", { count: 1_000_000 }],
  ["plural with _zero", "items", { count: 0 }],
  ["plural count as string: not plural", "item", { count: "3" }],
  ["context", "friend", { context: "male" }],
  ["context and plural", "friend", { context: "female", count: 3 }],
  ["unknown context", "friend", { context: "other" }],
  ["an empty translation is kept", "empty", {}],
  ["keys list: the first found", ["nowhere", "hello"], { name: "A" }],
  ["a sentence with a colon is not a namespace", "Attention: read this, please", {}],
  ["lng option", "hello", { lng: "es", name: "Ana" }],
  ["undefined key", undefined, {}],
];

describe.each(supportedLanguages)("the same as i18next in %s", (language) => {
  it.each(cases)("%s", async (_name, key, options) => {
    const real = await realI18n(language, small);
    expect(translate(settings(language, small), key, options)).toEqual(real.t(key as string, options as never));
  });
});

describe("ClientI18n", () => {
  function client(language: string, store: TranslationStore = small) {
    const reads: string[] = [];
    const i18n = new ClientI18n({
      language,
      fallbackLanguage,
      supportedLanguages,
      defaultNS,
      retryTimeout: 1,
      read: async (lng, ns) => {
        reads.push(`${lng}/${ns}`);
        return (store[lng]?.[ns] as Record<string, unknown>) ?? {};
      },
    });
    return { i18n, reads };
  }

  it("loads a namespace in the language only, then translates as i18next's getFixedT", async () => {
    const { i18n, reads } = client("fr");
    expect(i18n.hasLoadedNamespace("common")).toBe(false);
    await i18n.loadNamespaces(["common", "other"]);
    expect(reads.sort()).toEqual(["fr/common", "fr/other"]);
    expect(i18n.hasLoadedNamespace("common")).toBe(true);
    const real = await realI18n("fr", small);
    // Keys French has: English is never read for them.
    for (const [key, options] of [
      ["hello", { name: "Zoé" }],
      ["other:greeting", undefined],
      ["item", { count: 2 }],
    ] as const) {
      expect(i18n.getFixedT(null, "common")(key, options)).toBe(real.getFixedT(null, "common")(key, options as never));
    }
    expect(i18n.getFixedT(null, "other")("greeting")).toBe("Salut de other");
    expect(i18n.t("hello", "unused default")).toBe(real.t("hello", "unused default"));
    expect(reads.sort()).toEqual(["fr/common", "fr/other"]);
  });

  it("reads the fallback language's namespace when a key is missing, and re-renders with it", async () => {
    const { i18n, reads } = client("fr");
    await i18n.loadNamespaces("common");
    const real = await realI18n("fr", small);
    let calls = 0;
    const arrived = new Promise<void>((resolve) => i18n.subscribe(() => (++calls, resolve())));
    // Not in French: the key for now, and English is read once, however often it is asked for.
    expect(i18n.t("onlyEnglish")).toBe("onlyEnglish");
    expect(i18n.t("onlyEnglish")).toBe("onlyEnglish");
    await arrived;
    expect(reads.sort()).toEqual(["en/common", "fr/common"]);
    expect(calls).toBe(1);
    for (const [key, options] of [
      ["onlyEnglish", undefined],
      ["hello", { name: "Zoé" }],
      ["nowhere", "Default value"],
    ] as const) {
      expect(i18n.t(key, options as never)).toBe(real.t(key, options as never));
    }
    expect(i18n.getFixedT("es", "common")("hello", { name: "Ana" })).toBe("Hello Ana"); // es not loaded: English
    expect(reads.sort()).toEqual(["en/common", "fr/common"]);
  });

  it("changes language once the namespaces in use are loaded, and tells its listeners", async () => {
    const { i18n, reads } = client("en");
    await i18n.loadNamespaces("common");
    let calls = 0;
    const stop = i18n.subscribe(() => calls++);
    const changing = i18n.changeLanguage("es");
    expect(i18n.language).toBe("en");
    await changing;
    expect(i18n.language).toBe("es");
    expect(reads).toContain("es/common");
    expect(i18n.t("hello", { name: "Ana" })).toBe("Hola Ana");
    expect(calls).toBeGreaterThan(0);
    stop();
    expect(i18n.dir()).toBe("ltr");
    expect(i18n.dir("ar")).toBe("rtl");
  });

  it("retries a failed read (SPEC.md §1: 5 retries, doubling) and reads each file once", async () => {
    let attempts = 0;
    const i18n = new ClientI18n({
      language: "en",
      fallbackLanguage,
      supportedLanguages,
      defaultNS,
      retryTimeout: 1,
      read: async () => {
        attempts++;
        if (attempts < 4) throw new Error("offline");
        return { hello: "Hello" };
      },
    });
    await Promise.all([i18n.loadNamespaces("common"), i18n.loadNamespaces("common")]);
    expect(attempts).toBe(4);
    expect(i18n.t("hello")).toBe("Hello");
  });
});
