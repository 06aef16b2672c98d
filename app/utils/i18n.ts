// Shared by server and client: the languages and how i18next is set up.
export const supportedLanguages = ["en", "fr", "es"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const defaultNS = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/**
 * The optional `($lang)` segment of a route: undefined when the path has none, a 404 when its
 * first segment names no language (then it is a page we do not have).
 */
export function requireKnownLanguage(lang: string | undefined): Language | undefined {
  if (lang !== undefined && !isLanguage(lang)) throw new Response("Not Found", { status: 404 });
  return lang;
}

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS,
  // SPEC.md §1: the language loader retries 5 times, from 350 ms, doubling.
  maxRetries: 5,
  retryTimeout: 350,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

/** The language named by a path's first segment (`/fr/...`), if any. */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split("/")[1];
  return isLanguage(first) ? first : null;
}

/** The path without its language prefix (`/fr/accommodation` → `/accommodation`). */
export function stripLanguage(pathname: string): string {
  const lang = languageFromPath(pathname);
  if (!lang) return pathname || "/";
  const rest = pathname.slice(lang.length + 1);
  return rest === "" ? "/" : rest;
}

/** `path` under the language prefix `lang`, or as it is when there is no prefix to keep. */
export function withLanguage(path: string, lang: Language | null | undefined): string {
  if (!lang) return path;
  if (path === "/") return `/${lang}`;
  return `/${lang}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * The first supported language in an Accept-Language header, by quality ("de-DE,fr;q=0.8" → fr).
 * (remix-i18next's header detection only looks at the client's first language.)
 */
export function pickAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().split("-")[0]!.toLowerCase(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map((range) => range.primary).find(isLanguage) ?? null;
}
