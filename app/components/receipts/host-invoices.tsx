// The revenues page's monthly commission invoices (issue 14 point 7): each month that is over and
// had commission, its invoice number once issued, a link that issues it (or opens it), and the
// way to the company details printed on the invoices.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import type { InvoiceMonth } from "~/services/receipts/invoices.server";
import type { CompanyView } from "~/services/receipts/company.server";
import { useLocalizedPath } from "~/utils/localized-path";

export function HostInvoicesSection({ months, company, language }: { months: InvoiceMonth[]; company: CompanyView | null; language: string }) {
  const { t } = useTranslation("receipts");
  const lp = useLocalizedPath();
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
  return (
    <section aria-labelledby="invoices-title" data-testid="host-invoices">
      <h2 id="invoices-title">{t("revenues.invoicesTitle")}</h2>
      <p>{t("revenues.invoicesIntro")}</p>
      <p>
        {company ? t("company.current", { name: company.legalName }) : t("company.none")}{" "}
        <Link to={lp("/dashboard/company")} data-testid="company-link">
          {t("company.link")}
        </Link>
      </p>
      {months.length === 0 ? (
        <p>{t("revenues.none")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("revenues.month")}</th>
              <th scope="col">{t("revenues.commission")}</th>
              <th scope="col">{t("revenues.invoice")}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr key={row.month} data-testid={`invoice-month-${row.month}`}>
                <th scope="row">{monthName(row.month)}</th>
                <td>
                  <Money millimes={row.commission} />
                </td>
                <td>
                  <Link to={row.invoice ? lp(`/invoices/${row.invoice.id}`) : lp(`/dashboard/invoices/${row.month}`)} data-testid="invoice-link">
                    {row.invoice ? row.invoice.number : t("revenues.open")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
