import { useLocation } from "@remix-run/react";
import { languageFromPath, withLanguage } from "~/utils/i18n";

/**
 * Links keep the language prefix the visitor came in with (`/fr/...` stays French); without a
 * prefix, the language cookie carries the choice and links stay bare.
 */
export function useLocalizedPath() {
  const { pathname } = useLocation();
  const language = languageFromPath(pathname);
  return (path: string) => withLanguage(path, language);
}

/** Server side: the same, from the request's URL. */
export function localizedPath(request: Request, path: string): string {
  return withLanguage(path, languageFromPath(new URL(request.url).pathname));
}
