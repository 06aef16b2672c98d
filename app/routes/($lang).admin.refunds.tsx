// /admin/refunds: operators see the refunds owed to travelers (cancellations, accepted claims)
// with their due dates (15 days; overdue ones stand out) and mark one paid with the transfer
// reference and the bank fee deducted (a ledger line). Plain forms: works without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { RefundPaidSchema } from "~/schemas/claim";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { markRefundPaid, refundsForOperators } from "~/services/money/refund-settlement.server";
import bookingStyles from "~/styles/booking.css?url";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { formatStayDate } from "~/utils/stay-date";
import { redirectWithToast } from "~/utils/toast.server";
import { useUserTime } from "~/utils/time-zone";

export const handle = { i18n: ["claims", "reservation"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const FILTERS = ["owed", "all"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireAdmin(request, "read");
  const filter = new URL(request.url).searchParams.get("status") === "all" ? "all" : "owed";
  const language = await getLanguage(request);
  const t = await getFixedT(language, "claims");
  return { filter, language, refunds: await refundsForOperators(operator, filter), title: String(t("refunds.title")) };
}

type Result = { refundId: number; fieldErrors: Record<string, string[]>; formErrors: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "money");
  const form = await readFormData(request);
  const refundId = Number(form.get("refundId")) || 0;
  const submission = parseWithZod(form, { schema: RefundPaidSchema });
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).flatMap(([name, keys]) => (keys?.length ? [[name, keys]] : [])));
    return data<Result>({ refundId, fieldErrors, formErrors: [] }, { status: 400 });
  }
  try {
    await markRefundPaid(operator, submission.value.refundId, { reference: submission.value.reference, bankFee: submission.value.bankFee });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fieldErrors = fieldErrorsOf(error);
    return data<Result>({ refundId, fieldErrors, formErrors: Object.keys(fieldErrors).length > 0 ? [] : [error.key] }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, "/admin/refunds"), { type: "success", message: "claims:toast.refundPaid" });
}

export default function AdminRefundsPage() {
  const { filter, language, refunds } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["claims", "reservation"]);
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  const errors = (refundId: number, field?: string) => {
    if (!result || result.refundId !== refundId) return null;
    const keys = field ? (result.fieldErrors[field] ?? []) : result.formErrors;
    return keys.length > 0 ? (
      <p className="field__errors" role="alert">
        {keys.map((key) => t(key)).join(" ")}
      </p>
    ) : null;
  };
  return (
    <main className="admin-refunds">
      <h1>{t("refunds.title")}</h1>
      <nav aria-label={t("refunds.filter")}>
        <ul className="tabs" role="list">
          {FILTERS.map((name) => (
            <li key={name}>
              <Link to={`${lp("/admin/refunds")}?status=${name}`} className={name === filter ? "tabs__tab tabs__tab--current" : "tabs__tab"} aria-current={name === filter ? "page" : undefined}>
                {t(`refunds.filters.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {refunds.length === 0 ? <p>{t("refunds.none")}</p> : null}
      {refunds.map((refund) => (
        <article
          key={refund.id}
          className={refund.overdue ? "card card--alert" : "card"}
          style={refund.overdue ? { borderLeft: "6px solid #b42318" } : undefined}
          data-testid="admin-refund"
          data-refund-id={refund.id}
          data-overdue={refund.overdue ? "true" : "false"}
          data-status={refund.status}
          aria-labelledby={`refund-${refund.id}`}
        >
          <h2 id={`refund-${refund.id}`}>
            <Link to={lp(refund.reservationPath)}>{refund.reference}</Link> · {t(`reservation:refundReason.${refund.reason}`)} · <Money millimes={refund.grossAmount} />
            {refund.overdue ? (
              <>
                {" "}
                · <strong className="status-badge status-badge--expired">{t("refunds.overdue")}</strong>
              </>
            ) : null}
          </h2>
          <p>
            {t("refunds.traveler")}: {refund.travelerName} · {refund.travelerEmail}
          </p>
          <p>
            {refund.status === "paid" && refund.paidAt
              ? t("refunds.paid", { date: at(refund.paidAt), reference: refund.paidReference ?? "" })
              : t("refunds.due", { date: formatStayDate(language, refund.dueDate) })}
            {" · "}
            {t("refunds.net")} <Money millimes={refund.amount} />
          </p>
          {refund.status === "pending" ? (
            <Form method="post" className="admin-refunds__paid" data-testid="refund-paid-form">
              <input type="hidden" name="refundId" value={refund.id} />
              <label htmlFor={`reference-${refund.id}`}>{t("refunds.reference")}</label>
              <input id={`reference-${refund.id}`} name="reference" type="text" maxLength={80} data-testid="refund-reference" />
              {errors(refund.id, "reference")}
              <label htmlFor={`fee-${refund.id}`}>{t("refunds.bankFee")}</label>
              <input id={`fee-${refund.id}`} name="bankFee" type="text" inputMode="decimal" defaultValue={(refund.bankFee / 1000).toFixed(3)} data-testid="refund-bank-fee" />
              {errors(refund.id, "bankFee")}
              {errors(refund.id)}
              <button type="submit" className="button" disabled={navigation.state === "submitting"} data-testid="refund-mark-paid">
                {t("refunds.markPaid")}
              </button>
            </Form>
          ) : null}
        </article>
      ))}
    </main>
  );
}
