// A route opts its documents into the document cache (ADR 244) with `handle.documentCache = true`:
// a public, read-only page whose loader depends only on what documentCacheKey keys (URL, language,
// currency, data saver, today). entry.server.tsx marks such a document with an internal response
// header; the cache stores only marked answers and strips the header before it leaves.

export const DOCUMENT_CACHE_MARKER = "x-darna-document-cache";

export interface DocumentCacheHandle {
  documentCache?: boolean;
}

interface RouteContext {
  staticHandlerContext: { matches: Array<{ route: { id: string } }> };
  routeModules: Record<string, { handle?: unknown } | undefined>;
}

/** The deepest matched route (the page) opts in. */
export function routeOptsIntoDocumentCache(context: RouteContext): boolean {
  const page = context.staticHandlerContext.matches.at(-1);
  if (!page) return false;
  const handle = context.routeModules[page.route.id]?.handle as DocumentCacheHandle | undefined;
  return handle?.documentCache === true;
}
