import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, i18nConfig, isLanguage, languageFromPath, pickAcceptLanguage, type Language } from "~/utils/i18n";

declare const DARNA_COMPILED: boolean | undefined;
type LocaleModules = Record<string, { default: Record<string, unknown> }>;

/** The locale files read from disk: for the esbuild-compiled migrations and seeders (no import.meta.glob there). */
function readLocaleFiles(): LocaleModules {
  const root = path.resolve(process.cwd(), "locales");
  const modules: LocaleModules = {};
  for (const lng of fs.readdirSync(root)) {
    const folder = path.join(root, lng);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".json"))) {
      modules[`locales/${lng}/${file}`] = { default: JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) };
    }
  }
  return modules;
}

// Vite bundles the translations into the server build; the compiled seeders (scripts/build-server.mjs
// sets DARNA_COMPILED) read the same files at run time.
const modules: LocaleModules =
  typeof DARNA_COMPILED !== "undefined" && DARNA_COMPILED
    ? readLocaleFiles()
    : import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });

/** Every translation, bundled into the server build: { en: { common: {...}, auth: {...} }, ... } */
export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(modules)) {
  const [, lng, ns] = file.match(/locales\/([a-z]{2})\/([\w-]+)\.json$/) ?? [];
  if (!lng || !ns) continue;
  resources[lng] ??= {};
  resources[lng][ns] = module.default;
}

/** Remembers the visitor's language choice for a year. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: i18nConfig.supportedLngs,
    fallbackLanguage,
    cookie: languageCookie,
    searchParamKey: "lng",
    // A language prefix in the path wins; then ?lng=, the cookie, Accept-Language (by quality:
    // remix-i18next's own header detection only looks at the first language).
    order: ["custom"],
    findLocale: async (request) => {
      const url = new URL(request.url);
      const fromPath = languageFromPath(url.pathname);
      if (fromPath) return fromPath;
      const fromQuery = url.searchParams.get("lng")?.toLowerCase();
      if (isLanguage(fromQuery)) return fromQuery;
      const fromCookie = await languageCookie.parse(request.headers.get("Cookie"));
      if (isLanguage(fromCookie)) return fromCookie;
      return pickAcceptLanguage(request.headers.get("Accept-Language")) ?? fallbackLanguage;
    },
  },
  i18next: { ...i18nConfig, resources },
});

type EntryContext = Parameters<typeof i18nServer.getRouteNamespaces>[0];
const plainRouteNamespaces = i18nServer.getRouteNamespaces.bind(i18nServer);
const routeNamespaces = new WeakMap<object, string[]>();

/**
 * remix-i18next collects the `handle.i18n` of every route module (~200 of them) on each document
 * request, from a new map of the same modules each time (ADR 247: ~1.5 % of a page's CPU). The
 * modules are the build's (the server runtime maps build.routes anew per request), and so is the
 * assets manifest, the same object for every request of a build: the answer is remembered per
 * manifest. A new build (a restart, or Vite's dev server loading a changed one) brings a new one.
 */
i18nServer.getRouteNamespaces = (context: EntryContext): string[] => {
  let namespaces = routeNamespaces.get(context.manifest);
  if (!namespaces) {
    namespaces = plainRouteNamespaces(context);
    routeNamespaces.set(context.manifest, namespaces);
  }
  return namespaces;
};

export async function getLanguage(request: Request): Promise<Language> {
  const language = await i18nServer.getLocale(request);
  return isLanguage(language) ? language : fallbackLanguage;
}

type FixedT = ReturnType<typeof i18nServer.getFixedT>;
const fixedTs = new Map<string, FixedT>();

/**
 * A translation function of `language` and `ns`. remix-i18next builds and initialises a new
 * i18next instance on every call; the translations are bundled and never change while the server
 * runs, so each (language, namespaces) pair is built once and reused by every request.
 */
export function getFixedT(language: Language, ns: string | readonly [string, ...string[]] = "common"): FixedT {
  const key = `${language}|${typeof ns === "string" ? ns : ns.join(",")}`;
  let fixed = fixedTs.get(key);
  if (!fixed) {
    fixed = i18nServer.getFixedT(language, ns);
    fixedTs.set(key, fixed);
    // A failed build is not kept: the next call tries again.
    fixed.catch(() => fixedTs.delete(key));
  }
  return fixed;
}

/** A Set-Cookie header when the language in use is not the one remembered yet. */
export async function rememberLanguage(request: Request, language: Language): Promise<string | null> {
  const current = await languageCookie.parse(request.headers.get("Cookie"));
  return current === language ? null : languageCookie.serialize(language);
}
