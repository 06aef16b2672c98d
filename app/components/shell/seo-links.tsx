// The canonical URL and the hreflang alternates of every page (issue 18 point 1, ADR 235): each
// language's address of the page (/en/…, /fr/…, /es/…) and x-default for the address without a
// prefix, which answers in the visitor's language. The canonical URL is the page's own address
// without its query string (a search with dates is the same page as the search). A route whose
// translations live at other addresses (a blog article's slug per language) says
// `handle.ownAlternates` and writes its own links in its meta.
import { useMatches } from "@remix-run/react";
import { languageFromPath, stripLanguage, supportedLanguages, withLanguage } from "~/utils/i18n";

export function SeoLinks({ origin, pathname }: { origin: string; pathname: string }) {
  const matches = useMatches();
  if (matches.some((match) => (match.handle as { ownAlternates?: boolean } | undefined)?.ownAlternates)) return null;
  const bare = stripLanguage(pathname).replace(/(.)\/+$/, "$1");
  const canonical = withLanguage(bare, languageFromPath(pathname));
  return (
    <>
      <link rel="canonical" href={`${origin}${canonical}`} />
      {supportedLanguages.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={`${origin}${withLanguage(bare, language)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${bare}`} />
    </>
  );
}
