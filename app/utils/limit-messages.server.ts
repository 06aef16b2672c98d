// Refusals made outside Remix (server.ts guards, rate limits, the WebSocket server), where the
// bundled i18next instance is not at hand: the limits namespace read directly, in the language of
// the path prefix, ?lng=, the language cookie or Accept-Language.
import en from "../../locales/en/limits.json";
import es from "../../locales/es/limits.json";
import fr from "../../locales/fr/limits.json";
import { fallbackLanguage, isLanguage, languageFromPath, pickAcceptLanguage, type Language } from "~/utils/i18n";

const messages = { en, fr, es } satisfies Record<Language, typeof en>;

export type LimitMessageKey = `refused.${keyof typeof en.refused}` | `tooMany.${keyof typeof en.tooMany}`;

/** The visitor's language from what a raw request carries. */
export function languageOfRawRequest(url: string, headers: { cookie?: string | null; acceptLanguage?: string | null }): Language {
  const parsed = new URL(url, "http://localhost");
  const fromPath = languageFromPath(parsed.pathname);
  if (fromPath) return fromPath;
  const fromQuery = parsed.searchParams.get("lng")?.toLowerCase();
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie = /(?:^|;\s*)lng=([^;]*)/.exec(headers.cookie ?? "")?.[1];
  // The language cookie is a Remix cookie: base64 of the JSON string ("ImZyIg==" for "fr").
  const decoded = fromCookie ? safeCookieValue(fromCookie) : null;
  if (isLanguage(decoded)) return decoded;
  return pickAcceptLanguage(headers.acceptLanguage) ?? fallbackLanguage;
}

function safeCookieValue(raw: string): unknown {
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
  } catch {
    return null;
  }
}

export function limitMessage(language: Language, key: LimitMessageKey): string {
  const [group, name] = key.split(".") as [keyof typeof en, string];
  return (messages[language][group] as Record<string, string>)[name] ?? (en[group] as Record<string, string>)[name]!;
}
