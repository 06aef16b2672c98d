// The API's error body for answers made outside Remix (server.ts: rate limit, cross-site refusal),
// where the bundled i18next resources are not available. Same shape and wording as apiRoute's.
import en from "../../locales/en/api.json";
import es from "../../locales/es/api.json";
import fr from "../../locales/fr/api.json";
import { fallbackLanguage, isLanguage, pickAcceptLanguage, type Language } from "~/utils/i18n";

const messages: Record<Language, { errors: Record<string, string> }> = { en, fr, es };

/** The language of an API answer: `?lng=`, then Accept-Language, then English. */
export function apiLanguageOf(url: string, acceptLanguage: string | null | undefined): Language {
  const lng = new URL(url, "http://localhost").searchParams.get("lng")?.toLowerCase();
  if (isLanguage(lng)) return lng;
  return pickAcceptLanguage(acceptLanguage) ?? fallbackLanguage;
}

/**
 * `{ error: { code, message } }` with the message api:errors.<messageKey> (default: the code) in
 * the caller's language, e.g. in server.ts:
 *   res.status(429).json(plainApiError("too_many_requests", req.originalUrl, req.get("accept-language")))
 *   res.status(403).json(plainApiError("forbidden", req.originalUrl, req.get("accept-language"), "cross_site"))
 */
export function plainApiError(
  code: string,
  url: string,
  acceptLanguage: string | null | undefined,
  messageKey: string = code,
): { error: { code: string; message: string } } {
  const { errors } = messages[apiLanguageOf(url, acceptLanguage)];
  return { error: { code, message: errors[messageKey] ?? errors.server_error! } };
}
