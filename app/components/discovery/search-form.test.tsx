// The search form shows a refused value back as it was typed, with its translated error beside it
// (issue 5 point 3: bad values never break the page and the form keeps what was typed).
import fs from "node:fs";
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SearchForm } from "~/components/discovery/search-form";
import { parseSearchParams, typedSearchValues } from "~/schemas/search";

// The memory router's useLayoutEffect warns when rendered on the server: noise, not a failure.
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
  consoleError(...args);
};

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "fr",
  ns: ["search"],
  defaultNS: "search",
  resources: { fr: { search: JSON.parse(fs.readFileSync("locales/fr/search.json", "utf8")) } },
  interpolation: { escapeValue: false },
});
const fr = JSON.parse(fs.readFileSync("locales/fr/search.json", "utf8")) as { errors: Record<string, string> };

function render(search: string): string {
  const params = new URLSearchParams(search);
  const { query, errors } = parseSearchParams(params);
  const element = (
    <SearchForm
      action="/accommodation"
      query={query}
      typed={typedSearchValues(params)}
      errors={errors}
      variant="full"
      today="2030-01-10"
      currencyCode="EUR"
    />
  );
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

/** The `value` attribute of the input named `name`. */
function valueOf(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) return null;
  return /value="([^"]*)"/.exec(input)?.[1] ?? "";
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/</g, "&lt;");

describe("<SearchForm> with bad values", () => {
  it("keeps check-in and check-out as typed when check-out is before check-in, with the error next to check-out", () => {
    const html = render("destination=Hammamet&checkIn=2030-03-05&checkOut=2030-03-01&adults=2");
    expect(valueOf(html, "checkIn")).toBe("2030-03-05");
    expect(valueOf(html, "checkOut")).toBe("2030-03-01");
    expect(valueOf(html, "destination")).toBe("Hammamet");
    expect(valueOf(html, "adults")).toBe("2");
    expect(html).toContain(escapeHtml(fr.errors.checkOutAfterCheckIn!));
    expect(html).toMatch(/name="checkOut"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="checkOut"/);
  });

  it("keeps a negative number of adults and a price that is not an amount, each with its error", () => {
    const html = render("adults=-1&minPrice=cheap&maxPrice=12");
    expect(valueOf(html, "adults")).toBe("-1");
    expect(valueOf(html, "minPrice")).toBe("cheap");
    expect(valueOf(html, "maxPrice")).toBe("12");
    expect(html).toContain(escapeHtml(fr.errors.guests!));
    expect(html).toContain(escapeHtml(fr.errors.price!));
    // Raw parser messages never reach the page.
    expect(html).not.toContain("Invalid input");
  });

  it("translates the error of garbage in a number field", () => {
    const html = render("children=lots&bedrooms=many");
    expect(html).toContain(escapeHtml(fr.errors.guests!));
    expect(html).not.toContain("Invalid input");
    expect(html).not.toContain("search:errors");
  });
});
