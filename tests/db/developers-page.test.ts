// /developers rendered (ADR 223): the loader reads the OpenAPI document and the component renders
// it to HTML on the server, as without JavaScript: every operation by tag with method, path,
// summary, scope, error statuses and a curl example; the guides (authentication with every scope,
// idempotency, errors, pagination, rate limits, webhook signatures); ?q= filters the operations;
// the chrome in each language.
import crypto from "node:crypto";
import fs from "node:fs";
import { createInstance, type i18n as I18n } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { API_SCOPES } from "~/domain/api-scopes";
import { WEBHOOK_EVENT_TYPES } from "~/domain/webhooks";
import { getOpenApiDocument } from "~/openapi/document.server";
import DevelopersPage, * as developersRoute from "~/routes/($lang).developers";
import { signatureHeader, verifySignatureHeader } from "~/services/webhooks/webhook-signature.server";
import { type Language } from "~/utils/i18n";
import { callRoute, makeRequest } from "../factories/account-requests";

const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
  consoleError(...args);
};

const namespaces = ["common", "developers"];
async function i18nFor(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    ns: namespaces,
    defaultNS: "common",
    resources: { [language]: Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, "utf8"))])) },
    interpolation: { escapeValue: false },
  });
  return instance;
}

async function render(path: string) {
  const language = (/^\/(fr|es)\//.exec(path)?.[1] ?? "en") as Language;
  const result = await callRoute(developersRoute.loader, makeRequest(path), { params: language === "en" ? {} : { lang: language } });
  expect(result.status).toBe(200);
  const router = createMemoryRouter([{ id: "root", path: "/", element: createElement(Outlet), children: [{ id: "page", path: "*", element: createElement(DevelopersPage) }] }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: { language }, page: result.data } },
  });
  const html = renderToString(createElement(I18nextProvider, { i18n: await i18nFor(language) }, createElement(RouterProvider, { router })));
  return { html, data: result.data as Awaited<ReturnType<typeof developersRoute.loader>> };
}

const count = (html: string, needle: string) => html.split(needle).length - 1;
const operationCount = Object.values(getOpenApiDocument().paths).reduce((sum, item) => sum + Object.keys(item).length, 0);

describe("/developers", () => {
  it("renders every operation of the OpenAPI document, by tag, with its method, path, scope, errors and a curl example", async () => {
    const { html, data } = await render("/developers");
    expect(data.reference.total).toBe(operationCount);
    expect(count(html, 'data-testid="api-operation"')).toBe(operationCount);
    expect(html).toContain('href="/api/v1/openapi.json"');
    // One operation in full.
    const start = html.indexOf('id="op-createWebhookEndpoint"');
    const block = html.slice(start, html.indexOf("</article>", start));
    expect(block).toContain(">POST<");
    expect(block).toContain("/api/v1/webhooks/endpoints");
    expect(block).toContain("Register a webhook endpoint");
    expect(block).toContain("<code>webhooks:write</code>");
    expect(block).toContain('href="#schema-CreatedWebhookEndpoint"');
    expect(block).toMatch(/curl -X POST &#x27;http[^&]+\/api\/v1\/webhooks\/endpoints&#x27;/);
    expect(block).toContain("Authorization: Bearer $DARNA_TOKEN");
    expect(block).toContain("&quot;events&quot;:[&quot;reservation.requested&quot;]");
    for (const status of ["400", "401", "409", "429", "500"]) expect(block).toContain(`>${status}</a>`);
    expect(html).toContain('id="schema-CreatedWebhookEndpoint"');
    // No script of its own and nothing from another origin.
    expect(html).not.toMatch(/<script|https:\/\/(?!example)[a-z]+\.(com|net|io)\/[^"]*\.(js|css)/);
  });

  it("explains authentication (every scope), idempotency, errors, pagination, rate limits and webhook signatures", async () => {
    const { html } = await render("/developers");
    for (const id of ["authentication", "idempotency", "errors", "pagination", "rate-limits", "webhooks"]) {
      expect(html).toContain(`data-testid="guide-${id}"`);
      expect(html).toContain(`href="#${id}"`);
    }
    for (const scope of API_SCOPES) expect(html).toContain(`<code>${scope}</code>`);
    for (const type of WEBHOOK_EVENT_TYPES) expect(html).toContain(`<code>${type}</code>`);
    for (const words of ["Idempotency-Key", "idempotency_in_progress", "422", "RateLimit-Remaining", "Retry-After", "pageSize", "Darna-Signature", "timingSafeEqual"]) {
      expect(html).toContain(words);
    }
  });

  it("filters the operations with ?q= (every word must match), and says when nothing does", async () => {
    const { html, data } = await render("/developers?q=webhooks");
    expect(data.reference.shown).toBe(6);
    expect(count(html, 'data-testid="api-operation"')).toBe(6);
    expect(html).toContain('data-testid="api-search-result"');
    expect(html).toContain('value="webhooks"');
    const narrower = await render("/developers?q=webhooks%20replay");
    expect(narrower.data.reference.tags.flatMap((tag) => tag.operations.map((operation) => operation.operationId))).toEqual(["replayWebhookDelivery"]);
    const byScope = await render("/developers?q=webhooks:write");
    expect(byScope.data.reference.tags.flatMap((tag) => tag.operations.map((operation) => operation.scope))).toEqual(Array(4).fill("webhooks:write"));
    const none = await render("/developers?q=zzzz-nothing");
    expect(none.data.reference.shown).toBe(0);
    expect(count(none.html, 'data-testid="api-operation"')).toBe(0);
    expect(none.html).toContain("No operation matches");
  });

  it("has its chrome in French and Spanish", async () => {
    expect((await render("/fr/developers")).html).toContain("Documentation de l’API Darna");
    expect((await render("/es/developers?q=webhooks")).html).toContain("6 operaciones coinciden");
  });

  it("shows a verification recipe that accepts Darna's signatures and refuses a tampered body", async () => {
    const { html } = await render("/developers");
    const code = /<pre data-testid="verify-example"><code>([\s\S]*?)<\/code><\/pre>/.exec(html)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&gt;/g, ">")
      .replace(/&lt;/g, "<")
      .replace(/&amp;/g, "&");
    const recipe = new Function("crypto", `${code.replace('import crypto from "node:crypto";', "").replace("export function", "function")}; return isFromDarna;`)(crypto) as (
      secret: string,
      header: string,
      body: string,
    ) => boolean;
    const now = new Date();
    const body = JSON.stringify({ id: "evt_1", type: "review.posted", createdAt: now.toISOString(), data: {} });
    const header = signatureHeader("whsec_x", now, body);
    expect(recipe("whsec_x", header, body)).toBe(true);
    expect(recipe("whsec_x", header, body.replace("review", "revue"))).toBe(false);
    expect(recipe("whsec_y", header, body)).toBe(false);
    expect(verifySignatureHeader("whsec_x", header, body, now)).toBe(true);
  });
});
