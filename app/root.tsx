import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { PageViewReporter } from "~/components/analytics/page-view-reporter";
import { RealtimeContext, type Realtime } from "~/components/messages/realtime-context";
import { BottomNav } from "~/components/shell/bottom-nav";
import { DemoRibbon } from "~/components/shell/demo-ribbon";
import { DocumentStylesheet, rememberInlineStylesheet } from "~/components/shell/document-stylesheet";
import { ErrorPage } from "~/components/shell/error-page";
import { OfflineBanner } from "~/components/shell/offline-banner";
import { useCurrencyMirror } from "~/components/shell/preferences-menu";
import { ProgressBar } from "~/components/shell/progress-bar";
import { ScriptsAfterPaint } from "~/components/shell/scripts-after-paint";
import { SeoLinks } from "~/components/shell/seo-links";
import { ServiceWorkerRegistrar } from "~/components/shell/service-worker-registration";
import { showsFooter } from "~/components/shell/shell-paths";
import { NextPagePrefetch, useStartupStep } from "~/components/shell/startup-step";
import { SiteFooter } from "~/components/shell/site-footer";
import { SiteHeader } from "~/components/shell/site-header";
import { Toaster, type ShellToast } from "~/components/shell/toaster";
import { markFirstHydrationDone } from "~/components/ui/static-section";
import { realtimeToken } from "~/services/messaging/messaging-realtime.server";
import { unseenCount } from "~/services/messaging/messaging.server";
import { unreadCount } from "~/services/notifications/notification-reads.server";
import { nextLikelyPage } from "~/services/startup/next-page.server";
import { getOptionalSession, linkBaseUrl } from "~/utils/auth.server";
import { getDisplayCurrency, listCurrencies } from "~/utils/currency.server";
import { fallbackLanguage, isLanguage, languageFromPath, withLanguage } from "~/utils/i18n";
import { getFixedT, getLanguage, rememberLanguage } from "~/utils/i18n.server";
import { useNonce } from "~/utils/nonce-provider";
import { getToast } from "~/utils/toast.server";
import { isDataSaverOn } from "~/utils/data-saver.server";
import { inlineStylesheet } from "~/utils/inline-stylesheet.server";
import { isDemoMode } from "~/utils/site-state.server";

// The signed-in user's realtime socket (SPEC.md §4, §7): its own chunk, loaded only when signed in.
const RealtimeConnection = lazy(() => import("~/components/messages/realtime-connection"));

// The stylesheet is <DocumentStylesheet> (inlined or linked, ADR 239).
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

// "currency" too: <Money> titles amounts with it on any page.
export const handle = { i18n: ["common", "currency", "demo"] };

// Routes set their own titles; this one serves the home page fallback and the error pages.
export const meta: MetaFunction = ({ error }) => {
  if (!error) return [{ title: "Darna" }];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: `${status} · Darna` }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const headers = new Headers();
  const languageCookie = await rememberLanguage(request, language);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  const [session, currency, currencies, { toast, headers: toastHeaders }] = await Promise.all([
    getOptionalSession(request).then(async (found) =>
      // Signed in: the token of the shell's realtime socket, the unseen-messages badge and the
      // page the start-up step prefetches, and the unread notifications (the bell).
      found
        ? {
            ...found,
            realtime: {
              token: realtimeToken(found.sessionId),
              unseen: await unseenCount(found.user.id),
              notifications: await unreadCount(found.user.id),
            },
            nextPage: await nextLikelyPage(found.user, new Date()),
          }
        : null,
    ),
    getDisplayCurrency(request),
    listCurrencies(),
    getToast(request),
  ]);
  for (const [name, value] of toastHeaders ?? []) headers.append(name, value);
  // The toast is translated here, where every namespace is at hand, so the browser needs none.
  const t = await getFixedT(language, "common");
  const shellToast: ShellToast | null = toast
    ? { id: toast.id, type: toast.type, text: t(toast.message, toast.values ?? {}) }
    : null;
  const user = session?.user ?? null;
  const demo = isDemoMode();
  const dataSaver = await isDataSaverOn(request);
  const inlineCss = rememberInlineStylesheet(inlineStylesheet(dataSaver));
  return data(
    { inlineCss, language, origin: linkBaseUrl(request), user, realtime: session?.realtime ?? null, nextPage: session?.nextPage ?? null, currency, currencies, toast: shellToast, demo, dataSaver },
    { headers },
  );
}

/**
 * The document and the shell around every page and error page. It must render without loader
 * data: when the root loader fails (database down) the ErrorBoundary comes here with none.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const language = rootData?.language ?? (isLanguage(i18n.language) ? i18n.language : fallbackLanguage);
  useChangeLanguage(language);
  useCurrencyMirror(rootData?.currency ?? null);
  const user = rootData?.user ?? null;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    // A marker for tests (and CSS) that JavaScript has taken over the page.
    document.documentElement.dataset.hydrated = "true";
    // Sections rendered from now on are live; those of the first load stay static (ADR 248).
    markFirstHydrationDone();
    setHydrated(true);
  }, []);
  // The realtime connection publishes itself here once loaded; the badge follows it live.
  const [realtime, setRealtime] = useState<Realtime | null>(null);
  const pageUnseen = usePageUnseen();
  // SPEC.md §2's start-up function (ADR 145): signed in only, 1 s after the page has loaded.
  const startedUp = useStartupStep(hydrated && Boolean(user));
  const nextPage = rootData?.nextPage ? withLanguage(rootData.nextPage, languageFromPath(pathname)) : null;
  const scriptless = usePageWithoutScripts();
  const unseen = realtime?.unseen ?? pageUnseen ?? rootData?.realtime?.unseen ?? 0;
  const notifications = realtime?.notifications ?? rootData?.realtime?.notifications ?? 0;
  return (
    <html lang={language} dir={i18n.dir(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6e69" />
        <Meta />
        <DocumentStylesheet inline={rootData?.inlineCss ?? false} />
        <Links />
        {rootData ? <SeoLinks origin={rootData.origin} pathname={pathname} /> : null}
      </head>
      <body className={user ? "has-bottom-nav" : undefined}>
        <RealtimeContext.Provider value={realtime}>
          <ProgressBar />
          {rootData?.demo ? <DemoRibbon /> : null}
          <OfflineBanner />
          <SiteHeader
            user={user}
            unseen={unseen}
            notifications={notifications}
            live={realtime?.status === "live"}
            language={language}
            currency={rootData?.currency ?? null}
            currencies={rootData?.currencies ?? null}
          />
          {/* Right under the header: without JavaScript a toast takes its place in the page there (app.css). */}
          <Toaster toast={rootData?.toast ?? null} />
          <div id="main" className="site-main" tabIndex={-1}>
            {children}
          </div>
        </RealtimeContext.Provider>
        {startedUp && user && rootData?.realtime ? (
          <Suspense fallback={null}>
            <RealtimeConnection
              token={rootData.realtime.token}
              unseen={rootData.realtime.unseen}
              notifications={rootData.realtime.notifications}
              userId={user.id}
              onChange={setRealtime}
            />
          </Suspense>
        ) : null}
        {startedUp && nextPage && nextPage !== pathname ? <NextPagePrefetch page={nextPage} /> : null}
        {showsFooter(pathname) ? <SiteFooter /> : null}
        {user ? <BottomNav hostMode={user.hostMode} unseen={unseen} /> : null}
        <PageViewReporter />
        {/* Data saver (ADR 231), or a page that ships none (handle.scripts false): no script at all,
            not even the module preloads <Scripts> writes; no service worker. */}
        {rootData?.dataSaver || scriptless ? null : (
          <>
            <ServiceWorkerRegistrar enabled />
            <ScrollRestoration nonce={nonce} />
            {/* Remix's <Scripts>, fetched and run once the page is painted (ADR 245). */}
            <ScriptsAfterPaint nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * Does the page ship no JavaScript (`handle.scripts === false`)? The offline page (ADR 260): the
 * service worker shows it at the address of the page that could not load, where its scripts
 * would hydrate it as that other page — whose code and data are not there offline — and replace
 * it with the error page.
 */
function usePageWithoutScripts(): boolean {
  return useMatches().some((match) => (match.handle as { scripts?: boolean } | undefined)?.scripts === false);
}

/**
 * The unseen count of a page whose loader counts it after marking the opened conversation seen
 * (the messages pages, `handle.unseenInData`): fresher than the root loader's, which runs alongside.
 */
function usePageUnseen(): number | undefined {
  for (const match of useMatches()) {
    if (!(match.handle as { unseenInData?: boolean } | undefined)?.unseenInData) continue;
    const unseen = (match.data as { unseen?: unknown } | undefined)?.unseen;
    if (typeof unseen === "number") return unseen;
  }
  return undefined;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return <ErrorPage status={status} />;
}
