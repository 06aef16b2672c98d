// /receipts/payments/{id}: the printable receipt of a successful payment, for the traveler who
// paid and operators (anyone else: 404). Issue 14 point 7.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PaymentReceiptDocument } from "~/components/receipts/documents";
import { documentOrNotFound, operatorIdentity } from "~/services/receipts/document-pages.server";
import { paymentReceipt } from "~/services/receipts/receipts.server";
import receiptStyles from "~/styles/receipts.css?url";
import { requireUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["receipts", "booking"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.receipt.reference} · Darna` : "Darna" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const receipt = await documentOrNotFound(paymentReceipt(user, requireIdParam(params.id)));
  return {
    receipt,
    operator: operatorIdentity(),
    language: await getLanguage(request),
  };
}

export default function PaymentReceiptPage() {
  const { receipt, operator, language } = useLoaderData<typeof loader>();
  const { t } = useTranslation("receipts");
  const lp = useLocalizedPath();
  return <PaymentReceiptDocument receipt={receipt} operator={operator} language={language} back={{ to: lp(receipt.stay.pagePath), label: t("receipt.reservation") }} />;
}
