import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { PageViewReporter } from "~/components/analytics/page-view-reporter";
import { BottomNav } from "~/components/shell/bottom-nav";
import { ErrorPage } from "~/components/shell/error-page";
import { OfflineBanner } from "~/components/shell/offline-banner";
import { useCurrencyMirror } from "~/components/shell/preferences-menu";
import { ProgressBar } from "~/components/shell/progress-bar";
import { showsFooter } from "~/components/shell/shell-paths";
import { SiteFooter } from "~/components/shell/site-footer";
import { SiteHeader } from "~/components/shell/site-header";
import { Toaster, type ShellToast } from "~/components/shell/toaster";
import stylesHref from "~/styles/app.css?url";
import { getOptionalUser } from "~/utils/auth.server";
import { getDisplayCurrency, listCurrencies } from "~/utils/currency.server";
import { fallbackLanguage, isLanguage } from "~/utils/i18n";
import { getFixedT, getLanguage, rememberLanguage } from "~/utils/i18n.server";
import { useNonce } from "~/utils/nonce-provider";
import { getToast } from "~/utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// "currency" too: <Money> titles amounts with it on any page.
export const handle = { i18n: ["common", "currency"] };

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
  const [user, currency, currencies, { toast, headers: toastHeaders }] = await Promise.all([
    getOptionalUser(request),
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
  return data({ language, user, currency, currencies, toast: shellToast }, { headers });
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
  useEffect(() => {
    // A marker for tests (and CSS) that JavaScript has taken over the page.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={language} dir={i18n.dir(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6e69" />
        <Meta />
        <Links />
      </head>
      <body className={user ? "has-bottom-nav" : undefined}>
        <ProgressBar />
        <OfflineBanner />
        <SiteHeader
          user={user}
          language={language}
          currency={rootData?.currency ?? null}
          currencies={rootData?.currencies ?? null}
        />
        <div id="main" className="site-main" tabIndex={-1}>
          {children}
        </div>
        {showsFooter(pathname) ? <SiteFooter /> : null}
        {user ? <BottomNav hostMode={user.hostMode} /> : null}
        <Toaster toast={rootData?.toast ?? null} />
        <PageViewReporter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
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
