import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ClientI18n } from "~/utils/client-i18n";
import { defaultNS, fallbackLanguage, i18nConfig, supportedLanguages } from "~/utils/i18n";
import { I18nextProvider } from "~/utils/i18n-react";

/** Where the build wrote the translations (scripts/client-translator-plugin.ts). */
declare const __DARNA_LOCALES__: string;

// Each language/namespace is one JSON file, fetched only when a page uses it (a fetch can be
// retried, a failed import() cannot).
function readNamespace(language: string, ns: string): Promise<Record<string, unknown>> {
  const url = `${__DARNA_LOCALES__}/${language}/${ns}.json`;
  return fetch(url).then((response) => {
    if (response.ok) return response.json();
    // No such namespace: its keys show as keys, as they did with i18next.
    return response.status === 404 ? {} : Promise.reject(new Error(`${url}: ${response.status}`));
  });
}

/** The namespaces the page's routes declare (`handle.i18n`), as remix-i18next's getInitialNamespaces. */
function initialNamespaces(): string[] {
  const modules = (window as unknown as { __remixRouteModules: Record<string, { handle?: { i18n?: unknown } } | undefined> }).__remixRouteModules;
  return Object.values(modules).flatMap((route) => {
    const i18n = route?.handle?.i18n;
    if (typeof i18n === "string") return [i18n];
    return Array.isArray(i18n) && i18n.every((value) => typeof value === "string") ? (i18n as string[]) : [];
  });
}

async function hydrate() {
  // The server renders with i18next; the browser translates with ~/utils/translator (ADR 237).
  const i18n = new ClientI18n({
    language: document.documentElement.lang || fallbackLanguage,
    fallbackLanguage,
    supportedLanguages,
    defaultNS,
    read: readNamespace,
    maxRetries: i18nConfig.maxRetries,
    retryTimeout: i18nConfig.retryTimeout,
  });
  await i18n.loadNamespaces(initialNamespaces());

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

if (window.requestIdleCallback) window.requestIdleCallback(hydrate);
else window.setTimeout(hydrate, 1);
