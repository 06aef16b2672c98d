import fs from "node:fs";
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Money, moneySettingsFrom, useMoney } from "~/components/money/money";
import { formatMoney, TND, type DisplayCurrency } from "~/domain/money";

const EUR: DisplayCurrency = { code: "EUR", symbol: "€", valueMicros: 292_000, decimals: 2 };

describe("moneySettingsFrom", () => {
  it.each([
    ["the root data's currency and language", { currency: EUR, language: "fr" }, EUR, "fr"],
    ["TND and English without loader data", undefined, TND, "en"],
    ["TND when the currency is malformed", { currency: { code: "EUR" }, language: "es" }, TND, "es"],
    ["English when the language is missing", { currency: EUR }, EUR, "en"],
  ])("%s", (_name, data, currency, language) => {
    expect(moneySettingsFrom(data)).toEqual({ currency, language });
  });
});

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "fr",
  resources: { fr: { currency: JSON.parse(fs.readFileSync("locales/fr/currency.json", "utf8")) } },
  interpolation: { escapeValue: false },
});

function renderWithRoot(rootData: unknown, element: React.ReactNode): string {
  const router = createMemoryRouter([{ id: "root", path: "/", loader: () => rootData as object, element }], {
    hydrationData: { loaderData: { root: rootData } },
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

function Formatted({ millimes }: { millimes: number }) {
  const money = useMoney();
  return <b>{`${money.format(millimes)}|${money.formatTnd(millimes)}|${money.currency.code}`}</b>;
}

describe("<Money> and useMoney", () => {
  it("formats millimes in the root loader's currency and language", () => {
    const html = renderWithRoot({ currency: EUR, language: "fr" }, <Money millimes={1_234_500} />);
    expect(html).toContain(`data-currency="EUR"`);
    expect(html).toContain(`>${formatMoney(1_234_500, EUR, "fr")}</span>`);
    expect(html).toContain("360,47");
    // The dinar amount actually charged is given in the title.
    expect(html).toContain(formatMoney(1_234_500, TND, "fr"));
  });

  it("shows TND (no title) when the visitor kept the default", () => {
    const html = renderWithRoot({ currency: TND, language: "en" }, <Money millimes={120_000} />);
    expect(html).toContain(`>${formatMoney(120_000, TND, "en")}</span>`);
    expect(html).not.toContain("title=");
  });

  it("gives components a formatter for both the display currency and TND", () => {
    const html = renderWithRoot({ currency: EUR, language: "en" }, <Formatted millimes={1_000} />);
    expect(html).toContain(`${formatMoney(1_000, EUR, "en")}|${formatMoney(1_000, TND, "en")}|EUR`);
  });
});
