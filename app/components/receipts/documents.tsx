// The printable receipts and invoice (issue 14 point 7): plain HTML sheets whose print styles
// (app/styles/receipts.css) leave only the sheet on paper. Amounts are in TND (the currency of
// the ledger and of the law), whatever the visitor's display currency.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatMoney, TND } from "~/domain/money";
import type { InvoiceView } from "~/services/receipts/invoices.server";
import type { PaymentReceipt, RefundReceipt, StayOfReceipt } from "~/services/receipts/receipts.server";
import { formatStayDate } from "~/utils/stay-date";

export interface OperatorIdentity {
  legalName: string;
  address: string;
  taxId: string | null;
}

function useFormats(language: string) {
  return {
    money: (millimes: number) => formatMoney(millimes, TND, language),
    day: (date: string) => formatStayDate(language, date),
    instant: (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "Africa/Tunis" }).format(new Date(iso)),
    month: (month: string) =>
      new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`)),
  };
}

function Sheet({ title, operator, back, children }: { title: string; operator: OperatorIdentity; back: { to: string; label: string }; children: ReactNode }) {
  const { t } = useTranslation("receipts");
  const hydrated = useHydrated();
  return (
    <main>
      <div className="document__actions">
        <Link to={back.to}>{back.label}</Link>
        {hydrated ? (
          <button type="button" onClick={() => window.print()} data-testid="print">
            {t("document.print")}
          </button>
        ) : null}
      </div>
      <article className="document" data-testid="document">
        <header className="document__head">
          <h1>{title}</h1>
          <div data-testid="issuer">
            <strong>{t("document.issuer")}</strong>
            <address>
              {operator.legalName}
              {"\n"}
              {operator.address}
              {operator.taxId ? `\n${t("document.taxId", { taxId: operator.taxId })}` : ""}
            </address>
          </div>
        </header>
        {children}
        <p className="document__note">{t("document.amountsIn")}</p>
      </article>
    </main>
  );
}

function StayFacts({ stay, language }: { stay: StayOfReceipt; language: string }) {
  const { t } = useTranslation("receipts");
  const f = useFormats(language);
  return (
    <section aria-labelledby="stay-title">
      <h2 id="stay-title">{t("receipt.stay")}</h2>
      <dl data-testid="stay">
        <dt>{t("receipt.reservation")}</dt>
        <dd>{stay.reference}</dd>
        <dt>{t("receipt.listing")}</dt>
        <dd>{stay.listing}</dd>
        <dt>{t("invoice.stayDates")}</dt>
        <dd>
          {t("receipt.dates", { checkIn: f.day(stay.checkIn), checkOut: f.day(stay.checkOut) })} · {t("receipt.nights", { count: stay.nights })} ·{" "}
          {t("receipt.guests", { count: stay.guests })}
        </dd>
        <dt>{t("receipt.host")}</dt>
        <dd data-testid="receipt-host">
          {stay.hostName}
          {stay.hostCompany ? (
            <>
              {" "}
              ({t("receipt.hostCompany", { name: stay.hostCompany.legalName, taxId: stay.hostCompany.taxId })})
            </>
          ) : null}
        </dd>
      </dl>
    </section>
  );
}

export function PaymentReceiptDocument({ receipt, operator, language, back }: { receipt: PaymentReceipt; operator: OperatorIdentity; language: string; back: { to: string; label: string } }) {
  const { t } = useTranslation(["receipts", "booking"]);
  const f = useFormats(language);
  const name = operator.legalName;
  return (
    <Sheet title={t("receipts:receipt.paymentTitle")} operator={operator} back={back}>
      <dl data-testid="receipt-facts">
        <dt>{t("receipts:receipt.reference")}</dt>
        <dd data-testid="receipt-reference">{receipt.reference}</dd>
        <dt>{t("receipts:receipt.date")}</dt>
        <dd>{f.instant(receipt.paidAt)}</dd>
        <dt>{t("receipts:receipt.paidBy")}</dt>
        <dd>{receipt.travelerName}</dd>
        <dt>{t("receipts:receipt.method")}</dt>
        <dd>{t(`booking:method.${receipt.method}`)}</dd>
      </dl>
      <StayFacts stay={receipt.stay} language={language} />
      <table data-testid="receipt-amounts">
        <tbody>
          {receipt.items ? (
            <>
              <tr>
                <th scope="row">{t("receipts:receipt.accommodation")}</th>
                <td className="amount">{f.money(receipt.items.accommodation)}</td>
              </tr>
              <tr data-testid="receipt-service-fee">
                <th scope="row">{t("receipts:receipt.serviceFee", { operator: name })}</th>
                <td className="amount">{f.money(receipt.items.serviceFee)}</td>
              </tr>
              {receipt.items.voucher > 0 ? (
                <tr>
                  <th scope="row">{t("receipts:receipt.voucher")}</th>
                  <td className="amount">−{f.money(receipt.items.voucher)}</td>
                </tr>
              ) : null}
            </>
          ) : null}
        </tbody>
        <tfoot>
          <tr data-testid="receipt-total">
            <th scope="row">{t("receipts:receipt.totalPaid")}</th>
            <td className="amount">{f.money(receipt.paid)}</td>
          </tr>
        </tfoot>
      </table>
      {receipt.items ? null : <p>{t("receipts:receipt.notConfirmed")}</p>}
      <p className="document__note" data-testid="intermediary">
        {t("receipts:document.intermediary", { operator: name })}
      </p>
    </Sheet>
  );
}

export function RefundReceiptDocument({ receipt, operator, language, back }: { receipt: RefundReceipt; operator: OperatorIdentity; language: string; back: { to: string; label: string } }) {
  const { t } = useTranslation(["receipts", "reservation"]);
  const f = useFormats(language);
  return (
    <Sheet title={t("receipts:receipt.refundTitle")} operator={operator} back={back}>
      <dl data-testid="receipt-facts">
        <dt>{t("receipts:receipt.reference")}</dt>
        <dd data-testid="receipt-reference">{receipt.reference}</dd>
        <dt>{t("receipts:receipt.date")}</dt>
        <dd>{f.instant(receipt.createdAt)}</dd>
        <dt>{t("receipts:receipt.refundedTo")}</dt>
        <dd>{receipt.travelerName}</dd>
        <dt>{t("receipts:receipt.reason")}</dt>
        <dd>{t(`reservation:refundReason.${receipt.reason}`)}</dd>
        <dt>{t("receipts:receipt.status")}</dt>
        <dd data-testid="refund-state">
          {t(`reservation:refundStatus.${receipt.status}`)} ·{" "}
          {receipt.paidAt ? t("receipts:receipt.paidOn", { date: f.instant(receipt.paidAt) }) : t("receipts:receipt.due", { date: f.day(receipt.dueDate) })}
        </dd>
      </dl>
      <StayFacts stay={receipt.stay} language={language} />
      <table data-testid="receipt-amounts">
        <tbody>
          <tr>
            <th scope="row">{t("receipts:receipt.gross")}</th>
            <td className="amount">{f.money(receipt.grossAmount)}</td>
          </tr>
          {receipt.bankFee > 0 ? (
            <tr>
              <th scope="row">{t("receipts:receipt.bankFee")}</th>
              <td className="amount">−{f.money(receipt.bankFee)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr data-testid="receipt-total">
            <th scope="row">{t("receipts:receipt.net")}</th>
            <td className="amount">{f.money(receipt.amount)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="document__note" data-testid="intermediary">
        {t("receipts:document.intermediary", { operator: operator.legalName })}
      </p>
    </Sheet>
  );
}

export function InvoiceDocument({ invoice, operator, language, back }: { invoice: InvoiceView; operator: OperatorIdentity; language: string; back: { to: string; label: string } }) {
  const { t } = useTranslation("receipts");
  const f = useFormats(language);
  return (
    <Sheet title={t("invoice.title")} operator={operator} back={back}>
      <dl data-testid="invoice-facts">
        <dt>{t("invoice.number")}</dt>
        <dd data-testid="invoice-number">{invoice.number}</dd>
        <dt>{t("invoice.issuedOn")}</dt>
        <dd>{f.instant(invoice.issuedAt)}</dd>
        <dt>{t("invoice.period")}</dt>
        <dd data-testid="invoice-period">{f.month(invoice.month)}</dd>
      </dl>
      <div className="document__parties">
        <div data-testid="invoice-customer">
          <strong>{t("invoice.customer")}</strong>
          {invoice.company ? (
            <address>
              {invoice.company.legalName}
              {"\n"}
              {t("document.taxId", { taxId: invoice.company.taxId })}
              {"\n"}
              {invoice.company.address}
              {"\n"}
              {t("invoice.hostedBy", { name: invoice.customerName })}
            </address>
          ) : (
            <address>{invoice.customerName}</address>
          )}
        </div>
      </div>
      <p>{t("invoice.lead", { operator: operator.legalName })}</p>
      <table data-testid="invoice-lines">
        <thead>
          <tr>
            <th scope="col">{t("invoice.reference")}</th>
            <th scope="col">{t("invoice.listing")}</th>
            <th scope="col">{t("invoice.stayDates")}</th>
            <th scope="col" className="amount">
              {t("invoice.commission")}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.reservationId}>
              <td>{line.reference}</td>
              <td>{line.listing}</td>
              <td>{t("receipt.dates", { checkIn: f.day(line.checkIn), checkOut: f.day(line.checkOut) })}</td>
              <td className="amount">{f.money(line.commission)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="invoice-total">
            <th scope="row" colSpan={3}>
              {t("invoice.total")}
            </th>
            <td className="amount">{f.money(invoice.commission)}</td>
          </tr>
        </tfoot>
      </table>
    </Sheet>
  );
}
