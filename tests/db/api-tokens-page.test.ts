// /profile/security as rendered (issue 22 point 2): the token form is plain HTML (a text field,
// one checkbox per scope, a date of expiry, a submit button: it works without JavaScript),
// the token just made is shown once in the answer to the post, and the list shows each token's
// scopes, expiry and last use — in English, French and Spanish.
import fs from "node:fs";
import { createInstance, type i18n as I18n } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { API_SCOPES } from "~/domain/api-scopes";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import SecurityPage, * as securityRoute from "~/routes/($lang).profile.security";
import { createToken } from "~/services/api-tokens/tokens.server";
import { createSession } from "~/utils/auth-sessions.server";
import { tokenCookie } from "~/utils/auth.server";
import type { Language } from "~/utils/i18n";
import { createAccount } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";

const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
  consoleError(...args);
};

const namespaces = fs.readdirSync("locales/en").map((file) => file.replace(/\.json$/, ""));
async function i18nFor(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    ns: namespaces,
    defaultNS: "common",
    resources: {
      [language]: Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, "utf8"))])),
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

async function render(language: Language, loaderData: unknown, actionData?: unknown): Promise<string> {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: createElement(Outlet), children: [{ id: "page", path: "*", element: createElement(SecurityPage) }] }],
    {
      initialEntries: ["/profile/security"],
      hydrationData: { loaderData: { root: { language, timeZone: "Africa/Tunis" }, page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) },
    },
  );
  return renderToString(createElement(I18nextProvider, { i18n: await i18nFor(language) }, createElement(RouterProvider, { router })));
}

describe("/profile/security, rendered", () => {
  it("offers a plain form with every scope, lists the tokens and shows a new one once, in three languages", async () => {
    const user = await createAccount();
    await createToken(user.id, { name: "Channel sync", scopes: ["read", "calendar:write"], expiresInDays: 30 });
    const jar = new CookieJar();
    jar.store(new Headers({ "Set-Cookie": await tokenCookie.serialize((await createSession(user.id, "web")).id) }));
    const page = await callRoute(securityRoute.loader, makeRequest("/profile/security", { jar }));

    const created = { createdToken: { name: "CI", token: "darna_pat_" + "A".repeat(43) } };
    const titles = { en: "Personal access tokens", fr: "Jetons d’accès personnels", es: "Tokens de acceso personal" };
    for (const language of ["en", "fr", "es"] as const) {
      const html = await render(language, page.data, created);
      expect(html).toContain(titles[language]);
      for (const scope of API_SCOPES) expect(html).toContain(`name="scopes" value="${scope}"`);
      expect(html).toMatch(/<input[^>]*type="date"[^>]*name="expiresOn"|<input[^>]*name="expiresOn"[^>]*type="date"/);
      expect(html).toContain('name="intent" value="create-token"');
      expect(html).toContain('method="post"');
      expect(html).toContain("Channel sync");
      expect(html).toContain("read, calendar:write");
      expect(html).toContain('data-testid="created-token"');
      expect(html).toContain(created.createdToken.token);
      expect(html).toContain('name="intent" value="revoke-token"');
    }
    // The date proposed is 90 days ahead; tomorrow to a year ahead (ADR 226).
    const expiry = (page.data as { expiry: { proposed: string; min: string; max: string } }).expiry;
    const today = dateInTunis(new Date());
    expect(expiry).toEqual({ proposed: addDays(today, 90), min: addDays(today, 1), max: addDays(today, 365) });
    // Without the post's answer, the token is nowhere on the page.
    const later = await render("en", page.data);
    expect(later).not.toContain('data-testid="created-token"');
    expect(later).toContain("never used");
  });
});
