import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/utils/i18n";
import { getLanguage, i18nServer, resources } from "~/utils/i18n.server";
import { closingTagsLast } from "~/utils/html-stream.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { memoizePlainTranslations } from "~/utils/translation-memo.server";
import { queuePageView } from "~/services/analytics/page-view-queue.server";
import { DOCUMENT_CACHE_MARKER, routeOptsIntoDocumentCache } from "~/services/document-cache/route-opt-in";

// server.ts starts the job runner through the build, so handlers and models are this build's;
// it flushes the queued page views through it on shutdown for the same reason.
export { startBackgroundJobs } from "~/jobs/register.server";
// The document cache queues the page views of the pages it serves through it too (ADR 244).
export { flushPageViews, queuePageView } from "~/services/analytics/page-view-queue.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  const language = await getLanguage(request);
  const i18n = await renderingI18n(language, i18nServer.getRouteNamespaces(remixContext));

  if (request.method === "GET") {
    // A page view for every document request, whatever its status (a 404 page too, as a client
    // navigation to it records one); client navigations report their own.
    // The signed-in user's id comes from the root loader's data (the session it already read;
    // none when the root loader failed). Queued, written in batches (ADR 232): analytics never
    // fails or slows the page.
    const root = remixContext.staticHandlerContext.loaderData?.root as { user?: { id?: unknown } | null } | undefined;
    const userId = typeof root?.user?.id === "number" ? root.user.id : null;
    queuePageView(request, { userId, status: responseStatusCode });
  }

  // A page whose route opts in may be kept by the document cache for signed-out visitors (ADR 244);
  // the cache decides on the rest (no session, no cookie set, 200) and removes this header.
  if (request.method === "GET" && responseStatusCode === 200 && routeOptsIntoDocumentCache(remixContext)) {
    responseHeaders.set(DOCUMENT_CACHE_MARKER, "1");
  }

  // Data saver (ADR 231): root renders no <Scripts>, so the loader data's streamed <script>s have
  // no reader either; leaving the stream out keeps the page free of any script.
  const root = remixContext.staticHandlerContext.loaderData?.root as { dataSaver?: boolean } | undefined;
  if (root?.dataSaver) remixContext.serverHandoffStream = undefined;

  const readyOption = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = closingTagsLast();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
  });
}

type I18nInstance = ReturnType<typeof createInstance>;
const renderingInstances = new Map<string, Promise<I18nInstance>>();

/**
 * The i18next instance a page renders with, one per language and set of route namespaces, built
 * once (ADR 232): the translations are bundled and never change while the server runs, and
 * rendering only reads the instance (the language is changed in the browser, never here).
 */
function renderingI18n(language: string, namespaces: string[]): Promise<I18nInstance> {
  const key = `${language}|${namespaces.join(",")}`;
  let instance = renderingInstances.get(key);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng: language, ns: namespaces, resources })
      // Its translations never change: plain lookups are remembered (ADR 240).
      .then(() => memoizePlainTranslations(created));
    renderingInstances.set(key, instance);
    instance.catch(() => renderingInstances.delete(key));
  }
  return instance;
}
