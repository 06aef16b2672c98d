// Every price on every page goes through <Money millimes={n} /> (or useMoney().format): amounts
// are integer millimes, shown in the visitor's display currency and language, which the root
// loader provides as `currency` and `language`.
import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, TND, type DisplayCurrency } from "~/domain/money";

export interface MoneySettings {
  currency: DisplayCurrency;
  language: string;
}

function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  if (!value || typeof value !== "object") return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.code === "string" &&
    typeof c.symbol === "string" &&
    Number.isSafeInteger(c.valueMicros) &&
    Number.isInteger(c.decimals)
  );
}

/** The display currency and language from the root loader's data; TND and English without it
 * (for example in an error page rendered without loader data). */
export function moneySettingsFrom(rootData: unknown): MoneySettings {
  const data = (rootData && typeof rootData === "object" ? rootData : {}) as Record<string, unknown>;
  return {
    currency: isDisplayCurrency(data.currency) ? data.currency : TND,
    language: typeof data.language === "string" && data.language ? data.language : "en",
  };
}

export function useMoney() {
  const rootData = useRouteLoaderData("root");
  const { currency, language } = moneySettingsFrom(rootData);
  const { code, symbol, valueMicros, decimals } = currency;
  return useMemo(() => {
    const display: DisplayCurrency = { code, symbol, valueMicros, decimals };
    return {
      currency: display,
      language,
      /** Millimes in the display currency, e.g. "€360.47" or "360,47 €". */
      format: (millimes: number | bigint) => formatMoney(millimes, display, language),
      /** Millimes in Tunisian dinars, the currency of every charge. */
      formatTnd: (millimes: number | bigint) => formatMoney(millimes, TND, language),
    };
  }, [code, symbol, valueMicros, decimals, language]);
}

/**
 * An amount in the display currency. When that is not TND, the title tells what is charged in
 * dinars (the "currency" namespace must be loaded: the root route declares it).
 */
export function Money({ millimes, className }: { millimes: number; className?: string }) {
  const money = useMoney();
  const { t } = useTranslation("currency");
  const isTnd = money.currency.code === TND.code;
  return (
    <span
      className={className ? `money ${className}` : "money"}
      data-currency={money.currency.code}
      title={isTnd ? undefined : t("currency:chargedInTnd", { amount: money.formatTnd(millimes) })}
      // Intl data can differ slightly between the server's Node and the browser.
      suppressHydrationWarning
    >
      {money.format(millimes)}
    </span>
  );
}
