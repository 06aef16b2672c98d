// /invoices/{id}: a host's monthly commission invoice, printable, for that host and operators
// (anyone else: 404). Issued from /dashboard/invoices/{month}. Issue 14 point 7.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InvoiceDocument } from "~/components/receipts/documents";
import { documentOrNotFound, operatorIdentity } from "~/services/receipts/document-pages.server";
import { getHostInvoice } from "~/services/receipts/invoices.server";
import receiptStyles from "~/styles/receipts.css?url";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["receipts", "money"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.invoice.number} · Darna` : "Darna" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const invoice = await documentOrNotFound(getHostInvoice(user, requireIdParam(params.id)));
  const language = await getLanguage(request);
  const t = await getFixedT(language, "money");
  return { invoice, operator: operatorIdentity(), language, backLabel: String(t("revenues.title")), ownInvoice: invoice.hostId === user.id };
}

export default function InvoicePage() {
  const { invoice, operator, language, backLabel, ownInvoice } = useLoaderData<typeof loader>();
  const { t } = useTranslation("receipts");
  const lp = useLocalizedPath();
  const back = ownInvoice ? { to: lp("/dashboard/revenues"), label: backLabel } : { to: lp("/admin/payouts"), label: t("invoice.title") };
  return <InvoiceDocument invoice={invoice} operator={operator} language={language} back={back} />;
}
