// /dashboard/invoices/{YYYY-MM}: the host's commission invoice of a month that is over, issued
// the first time it is asked for (ADR 143), then shown at /invoices/{id}. A month still running
// or without commission: 404.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { documentOrNotFound } from "~/services/receipts/document-pages.server";
import { issueHostInvoice } from "~/services/receipts/invoices.server";
import { requireHost } from "~/utils/auth.server";
import { localizedPath } from "~/utils/localized-path";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireHost(request);
  const invoice = await documentOrNotFound(issueHostInvoice(user.id, String(params.month ?? "")));
  return redirect(localizedPath(request, `/invoices/${invoice.id}`));
}
