// The traveler's vouchers on /profile (issue 14 point 6): balance, and each voucher with its
// amount, state and expiry. Server-rendered; nothing to do without JavaScript.
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { formatStayDate } from "~/utils/stay-date";

interface VoucherRow {
  id: number;
  amount: number;
  state: "available" | "applied" | "expired";
  grantedOn: string;
  expiresOn: string;
  sourceReference: string | null;
  appliedReference: string | null;
}

export function VoucherList({ balance, vouchers }: { balance: number; vouchers: VoucherRow[] }) {
  const { t, i18n } = useTranslation("vouchers");
  const date = (iso: string) => formatStayDate(i18n.language, iso);
  return (
    <section aria-labelledby="vouchers-title" className="vouchers">
      <h2 id="vouchers-title">{t("title")}</h2>
      <p>{t("intro")}</p>
      {vouchers.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <>
          <p data-testid="voucher-balance">
            {t("balance")}: <strong><Money millimes={balance} /></strong>
          </p>
          <table className="vouchers__table">
            <thead>
              <tr>
                <th scope="col">{t("amount")}</th>
                <th scope="col">{t("state")}</th>
                <th scope="col">{t("granted")}</th>
                <th scope="col">{t("expires")}</th>
              </tr>
            </thead>
            <tbody>
              {vouchers.map((voucher) => (
                <tr key={voucher.id}>
                  <td><Money millimes={voucher.amount} /></td>
                  <td>
                    {t(`states.${voucher.state}`)}
                    {voucher.state === "applied" && voucher.appliedReference ? ` (${voucher.appliedReference})` : null}
                  </td>
                  <td>
                    {date(voucher.grantedOn)}
                    {voucher.sourceReference ? ` (${t("from", { reference: voucher.sourceReference })})` : null}
                  </td>
                  <td>{date(voucher.expiresOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
