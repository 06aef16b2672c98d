import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useCloseOnNavigate } from "~/components/ui/use-close-on-navigate";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useMoney } from "~/components/money/money";
import { TND, type DisplayCurrency } from "~/domain/money";
import { supportedLanguages, type Language } from "~/utils/i18n";
import { useLocalizedPath } from "~/utils/localized-path";
import { pathInLanguage } from "./shell-paths";

/** Each language named in itself, the same in every locale. */
const languageNames: Record<Language, string> = { en: "English", fr: "Français", es: "Español" };

/**
 * The language switcher (plain links to the same page under another prefix, query kept) and the
 * currency selector (a plain POST form to /currency), in one dropdown that works without JS.
 */
export function PreferencesMenu({
  language,
  currency,
  currencies,
}: {
  language: Language;
  currency: DisplayCurrency | null;
  currencies: DisplayCurrency[] | null;
}) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigate(ref);
  const { pathname, search } = useLocation();
  return (
    <details className="menu preferences" ref={ref}>
      <summary className="menu__summary" aria-label={t("preferences.label")}>
        <GlobeIcon />
        <span>{language.toUpperCase()}</span>
        {currency ? <span className="preferences__code">· {currency.code}</span> : null}
      </summary>
      <div className="menu__panel preferences__panel">
        <p className="menu__heading" id="language-switcher-label">
          {t("preferences.language")}
        </p>
        <ul className="language-switcher" aria-labelledby="language-switcher-label">
          {supportedLanguages.map((lng) => (
            <li key={lng}>
              {/* A full page load: the new language's translations come with the HTML. */}
              <a
                href={pathInLanguage(pathname, search, lng)}
                hrefLang={lng}
                lang={lng}
                aria-current={lng === language ? "true" : undefined}
              >
                {languageNames[lng]}
              </a>
            </li>
          ))}
        </ul>
        {currency && currencies && currencies.length > 0 ? (
          <CurrencyForm currency={currency} currencies={currencies} />
        ) : null}
      </div>
    </details>
  );
}

/** "Prices in EUR (DT 1.000 ≈ €0.29), charged in TND": the rate in use, said plainly. */
function CurrencyForm({ currency, currencies }: { currency: DisplayCurrency; currencies: DisplayCurrency[] }) {
  const { t } = useTranslation("common");
  const { pathname, search } = useLocation();
  const lp = useLocalizedPath();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const money = useMoney();
  return (
    <Form method="post" action={lp("/currency")} className="currency-form" preventScrollReset>
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <label className="menu__heading" htmlFor="currency-code">
        {t("preferences.currency")}
      </label>
      <div className="currency-form__row">
        <select
          id="currency-code"
          name="code"
          key={currency.code}
          defaultValue={currency.code}
          onChange={(event) => {
            if (hydrated) submit(event.currentTarget.form, { preventScrollReset: true });
          }}
        >
          {currencies.map((item) => (
            <option key={item.code} value={item.code}>
              {item.code} ({item.symbol})
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className="button button--small">
            {t("preferences.apply")}
          </button>
        )}
      </div>
      {/* Intl data may differ a little between the server's Node and the browser. */}
      <p className="rate-line" data-testid="rate-line" suppressHydrationWarning>
        {money.currency.code === TND.code
          ? t("preferences.pricesInTnd")
          : t("preferences.pricesIn", { code: money.currency.code, rate: `${money.formatTnd(1000)} ≈ ${money.format(1000)}` })}
      </p>
    </Form>
  );
}

/** SPEC.md: with JavaScript, the chosen currency is mirrored to local storage `currency`. */
export function useCurrencyMirror(currency: DisplayCurrency | null): void {
  const code = currency?.code;
  const symbol = currency?.symbol;
  useEffect(() => {
    if (!code || !symbol) return;
    try {
      window.localStorage.setItem("currency", JSON.stringify({ code, symbol }));
    } catch {
      // Storage can be full or refused (private browsing); the cookie still holds the choice.
    }
  }, [code, symbol]);
}

function GlobeIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
