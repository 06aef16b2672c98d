// ADR 237: the browser renders the app's components with ~/utils/i18n-react (the client build's
// `react-i18next`), the server with the real react-i18next and i18next. The HTML must be the same,
// or hydration breaks: the same components are rendered both ways, in the three languages, and
// compared. (vi.doMock swaps the package under the components, as the client build's plugin does.)
import fs from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultNS, fallbackLanguage, i18nConfig, supportedLanguages } from "~/utils/i18n";

// The memory router's useLayoutEffect warns when rendered on the server: noise, not a failure.
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
  consoleError(...args);
};

const NAMESPACES = ["common", "currency", "search", "favorites", "reviews", "auth", "property"];

function readNamespace(language: string, ns: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join("locales", language, `${ns}.json`), "utf8")) as Record<string, unknown>;
}

const listing = {
  id: 7,
  kind: "property" as const,
  type: "apartment",
  title: "Dar <Jasmin> & co",
  city: "Tunis",
  photo: null,
  nightlyPrice: 120_000,
  instantBook: true,
  rating: 4.5,
  reviewCount: 3,
  stay: { nights: 2, total: 240_000, unit: null },
};

/** The page's pieces rendered to HTML by the real react-i18next (server) or by ours (browser). */
async function renderPage(language: string, side: "server" | "browser"): Promise<string> {
  vi.resetModules();
  if (side === "browser") vi.doMock("react-i18next", () => import("~/utils/i18n-react"));
  else vi.doUnmock("react-i18next");
  const { createMemoryRouter, RouterProvider } = await import("react-router-dom");
  const { Link } = await import("@remix-run/react");
  const { Trans, useTranslation, I18nextProvider } = await import("react-i18next");
  const { SiteFooter } = await import("~/components/shell/site-footer");
  const { ListingCard } = await import("~/components/discovery/listing-card");

  function Sample() {
    const { t, i18n } = useTranslation(["search", "favorites"]);
    const auth = useTranslation("auth");
    return (
      <main lang={i18n.language}>
        <p>{t("favorites:add", { defaultValue: "Add" })}</p>
        <p>{t("nights", { count: 1, defaultValue: "" })}</p>
        <p>{t("common:unseenMessages", { count: 3 })}</p>
        <p>{t("missing.key.here")}</p>
        <label>
          <Trans
            t={auth.t}
            i18nKey="signup.acceptTerms"
            components={{ terms: <Link to="/terms-of-use" target="_blank" />, privacy: <Link to="/privacy-policy" target="_blank" /> }}
          />
        </label>
        <SiteFooter />
        <ListingCard listing={listing} saved={false} stayQuery="checkin=2030-01-01" />
      </main>
    );
  }

  let i18n: unknown;
  if (side === "server") {
    const { createInstance } = await import("i18next");
    const { initReactI18next } = await import("react-i18next");
    const instance = createInstance();
    const resources = Object.fromEntries(
      supportedLanguages.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, readNamespace(lng, ns)]))]),
    );
    await instance.use(initReactI18next).init({ ...i18nConfig, lng: language, ns: NAMESPACES, resources });
    i18n = instance;
  } else {
    const { ClientI18n } = await import("~/utils/client-i18n");
    const client = new ClientI18n({ language, fallbackLanguage, supportedLanguages, defaultNS, read: async (lng, ns) => readNamespace(lng, ns) });
    await client.loadNamespaces(NAMESPACES);
    i18n = client;
  }
  const router = createMemoryRouter([{ path: "/", element: <Sample /> }]);
  return renderToString(
    <I18nextProvider i18n={i18n as never}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.doUnmock("react-i18next");
  vi.resetModules();
});

describe.each(supportedLanguages)("components in %s", (language) => {
  it("render the same HTML with the browser's translator as with react-i18next and i18next", async () => {
    const server = await renderPage(language, "server");
    const browser = await renderPage(language, "browser");
    expect(server).toContain('target="_blank"');
    expect(server).toContain("site-footer");
    expect(browser).toBe(server);
  });
});
