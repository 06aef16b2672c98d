import { useState } from "react";
import stylesHref from "~/styles/app.css?url";

// The inlined CSS reaches the document's render on the server through this global, set by the
// root loader (inline-stylesheet.server.ts): as loader data it would be sent twice (in the
// <style> and again in the page's hydration data) and the client bundle must not import it.
const KEY = Symbol.for("darna.inlineStylesheet");
type WithStylesheet = typeof globalThis & { [KEY]?: string };

/** Called by the root loader on the server with the CSS to inline (null: link the file). */
export function rememberInlineStylesheet(css: string | null): boolean {
  if (css !== null) (globalThis as WithStylesheet)[KEY] = css;
  return css !== null;
}

/**
 * The site's one render-blocking stylesheet (ADR 239): app.css inlined in a <style> (no round trip
 * before the first paint on a cold cache) or linked. The client keeps what the server chose: its
 * <style> is left as the server wrote it (React does not compare inner HTML when hydrating, nor
 * update it while its own value does not change), and it never switches to an empty one.
 */
export function DocumentStylesheet({ inline }: { inline: boolean }) {
  const [inlined] = useState(inline);
  if (!inlined) return <link rel="stylesheet" href={stylesHref} />;
  const css = typeof document === "undefined" ? ((globalThis as WithStylesheet)[KEY] ?? "") : "";
  return <style data-stylesheet="app" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
