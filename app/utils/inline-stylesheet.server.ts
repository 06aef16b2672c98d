// The site's stylesheet inlined in the document (ADR 239). Vite compiles app.css (its @imports
// folded, minified) into this string of the server bundle; the client bundle never holds it.
import appCss from "~/styles/app.css?inline";
import { env } from "~/utils/env.server";

/**
 * The CSS to inline in <head>, or null to link app.css instead: in development (the linked file
 * follows edits) and in data-saver mode (ADR 231), whose pages have no JavaScript, so that every
 * page is a full document load where a cached stylesheet costs nothing and an inlined one ~12 KB.
 */
export function inlineStylesheet(dataSaver: boolean): string | null {
  if (!env.isProduction || dataSaver) return null;
  return appCss;
}
