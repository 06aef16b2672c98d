// The reservation page's receipts (issue 14 point 7): one link per successful payment and per
// refund, for the traveler (and operators); the host's page shows none.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { refundReference } from "~/domain/receipt-numbers";
import { useLocalizedPath } from "~/utils/localized-path";

export function ReservationReceipts({
  reservationReference,
  payments,
  refunds,
}: {
  reservationReference: string;
  payments: ReadonlyArray<{ id: number; reference: string; status: string }>;
  refunds: ReadonlyArray<{ id: number }>;
}) {
  const { t } = useTranslation("receipts");
  const lp = useLocalizedPath();
  const paid = payments.filter((payment) => payment.status === "success");
  if (paid.length === 0 && refunds.length === 0) return null;
  return (
    <section className="booking__card" aria-labelledby="receipts-heading" data-testid="receipts">
      <h2 id="receipts-heading">{t("reservation.receipts")}</h2>
      <ul>
        {paid.map((payment) => (
          <li key={`p${payment.id}`}>
            <Link to={lp(`/receipts/payments/${payment.id}`)} data-testid="payment-receipt-link">
              {t("reservation.paymentReceipt", { reference: payment.reference })}
            </Link>
          </li>
        ))}
        {refunds.map((refund) => (
          <li key={`r${refund.id}`}>
            <Link to={lp(`/receipts/refunds/${refund.id}`)} data-testid="refund-receipt-link">
              {t("reservation.refundReceipt", { reference: refundReference(refund.id, reservationReference) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
