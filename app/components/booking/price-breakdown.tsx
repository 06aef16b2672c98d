import { useTranslation } from "react-i18next";
import { Money, useMoney } from "~/components/money/money";
import { formatMoney, type DisplayCurrency } from "~/domain/money";

export interface PriceLines {
  nights: number;
  rooms?: number;
  nightsTotal: number;
  discount: number;
  discountKind?: "weekly" | "monthly" | null;
  discountPercent?: number;
  cleaningFee: number;
  serviceFee: number;
  serviceFeePercent?: number;
  total: number;
  voucher: number;
  amountDue: number;
}

/**
 * The price of a stay in the display currency, with what is charged in dinars. `kept` shows the
 * amounts at the rate the traveler saw when booking (the reservation keeps it).
 */
export function PriceBreakdown({ price, kept }: { price: PriceLines; kept?: DisplayCurrency | null }) {
  const { t } = useTranslation("booking");
  const money = useMoney();
  const keptCurrency: DisplayCurrency | null = kept && kept.code !== "TND" ? kept : null;
  const show = (millimes: number) => (keptCurrency ? formatMoney(millimes, keptCurrency, money.language) : null);
  const Amount = ({ millimes }: { millimes: number }) => (keptCurrency ? <span className="money">{show(millimes)}</span> : <Money millimes={millimes} />);
  return (
    <table className="price-breakdown" data-testid="price-breakdown">
      <tbody>
        <tr>
          <th scope="row">
            {price.rooms && price.rooms > 1
              ? t("price.nightsRooms", { count: price.nights, rooms: price.rooms })
              : t("price.nights", { count: price.nights })}
          </th>
          <td>
            <Amount millimes={price.nightsTotal} />
          </td>
        </tr>
        {price.discount > 0 ? (
          <tr>
            <th scope="row">
              {price.discountKind === "monthly"
                ? t("price.monthlyDiscount", { percent: price.discountPercent ?? 0 })
                : t("price.weeklyDiscount", { percent: price.discountPercent ?? 0 })}
            </th>
            <td>
              −<Amount millimes={price.discount} />
            </td>
          </tr>
        ) : null}
        {price.cleaningFee > 0 ? (
          <tr>
            <th scope="row">{t("price.cleaningFee")}</th>
            <td>
              <Amount millimes={price.cleaningFee} />
            </td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">{price.serviceFeePercent !== undefined ? t("price.serviceFeePercent", { percent: price.serviceFeePercent }) : t("price.serviceFee")}</th>
          <td>
            <Amount millimes={price.serviceFee} />
          </td>
        </tr>
        <tr className="price-breakdown__total">
          <th scope="row">{t("price.total")}</th>
          <td data-testid="price-total">
            <Amount millimes={price.total} />
          </td>
        </tr>
        {price.voucher > 0 ? (
          <>
            <tr>
              <th scope="row">{t("price.voucher")}</th>
              <td>
                −<Amount millimes={price.voucher} />
              </td>
            </tr>
            <tr className="price-breakdown__total">
              <th scope="row">{t("price.amountDue")}</th>
              <td>
                <Amount millimes={price.amountDue} />
              </td>
            </tr>
          </>
        ) : null}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={2} className="price-breakdown__tnd" data-testid="charged-tnd">
            {t("price.chargedInTnd", { amount: money.formatTnd(price.amountDue) })}
            {keptCurrency ? ` ${t("price.keptRate", { code: keptCurrency.code })}` : null}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
