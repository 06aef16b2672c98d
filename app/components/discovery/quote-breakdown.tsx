import { useTranslation } from "react-i18next";
import { Money, useMoney } from "~/components/money/money";

export interface QuoteView {
  nights: number;
  rooms: number;
  nightsTotal: number;
  discount: number;
  discountKind: "weekly" | "monthly" | null;
  discountPercent: number;
  cleaningFee: number;
  serviceFee: number;
  serviceFeePercent: number;
  total: number;
}

/** PRODUCT.md's breakdown: nights, length-of-stay discount, cleaning fee, service fee, total. */
export function QuoteBreakdown({ quote }: { quote: QuoteView }) {
  const { t } = useTranslation("property");
  const money = useMoney();
  return (
    <>
      <table className="breakdown" data-testid="quote-breakdown" data-currency={money.currency.code}>
        <tbody>
          <tr>
            <th scope="row">
              {quote.rooms > 1 ? t("quote.nightsRooms", { count: quote.nights, rooms: quote.rooms }) : t("quote.nights", { count: quote.nights })}
            </th>
            <td>
              <Money millimes={quote.nightsTotal} />
            </td>
          </tr>
          {quote.discount > 0 ? (
            <tr>
              <th scope="row">{t(quote.discountKind === "monthly" ? "quote.monthlyDiscount" : "quote.weeklyDiscount", { percent: quote.discountPercent })}</th>
              <td>
                −<Money millimes={quote.discount} />
              </td>
            </tr>
          ) : null}
          {quote.cleaningFee > 0 ? (
            <tr>
              <th scope="row">{t("quote.cleaningFee")}</th>
              <td>
                <Money millimes={quote.cleaningFee} />
              </td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{t("quote.serviceFee", { percent: quote.serviceFeePercent })}</th>
            <td>
              <Money millimes={quote.serviceFee} />
            </td>
          </tr>
          <tr className="breakdown__total">
            <th scope="row">{t("quote.total")}</th>
            <td data-testid="quote-total">
              <Money millimes={quote.total} />
            </td>
          </tr>
        </tbody>
      </table>
      {money.currency.code !== "TND" ? (
        <p className="charged-note" data-testid="charged-in-tnd">
          {t("quote.chargedInTnd", { amount: money.formatTnd(quote.total) })}
        </p>
      ) : null}
    </>
  );
}
