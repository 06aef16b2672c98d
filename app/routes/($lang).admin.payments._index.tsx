// /admin/payments: operators confirm or refuse bank transfers and deposits from their uploaded
// proofs. Confirming pays the reservation (once, whatever the clicks); refusing needs a note.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { Money } from "~/components/money/money";
import { ErrorList } from "~/components/ui/field";
import { BankReviewSchema } from "~/schemas/booking";
import { type PaymentStatus } from "~/services/payments/payment.server";
import { listBankPayments, reviewBankPayment } from "~/services/payments/bank-payments.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["payment", "booking", "reservation"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const FILTERS = ["processing", "success", "failed", "all"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const asked = new URL(request.url).searchParams.get("status");
  const status = (FILTERS as readonly string[]).includes(asked ?? "") ? (asked as (typeof FILTERS)[number]) : "processing";
  const language = await getLanguage(request);
  const t = await getFixedT(language, "payment");
  return { status, payments: await listBankPayments({ status: status as PaymentStatus | "all" }), language, title: String(t("admin.title")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "money");
  const submission = parseWithZod(await readFormData(request), { schema: BankReviewSchema });
  if (submission.status !== "success") return data({ paymentId: 0, error: "payment:errors.refuseReason" }, { status: 400 });
  const { paymentId, intent, note } = submission.value;
  try {
    await reviewBankPayment(operator, paymentId, intent, { note: note ?? null });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ paymentId, error: error.key }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, "/admin/payments"), {
    type: "success",
    message: intent === "confirm" ? "payment:toast.confirmed" : "payment:toast.refused",
  });
}

export default function AdminPaymentsPage() {
  const { status, payments, language } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["payment", "booking", "reservation"]);
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  return (
    <main className="admin-payments">
      <h1>{t("payment:admin.title")}</h1>
      <nav aria-label={t("payment:admin.filter")}>
        <ul className="tabs" role="list">
          {FILTERS.map((name) => (
            <li key={name}>
              <Link to={`${lp("/admin/payments")}?status=${name}`} className={name === status ? "tabs__tab tabs__tab--current" : "tabs__tab"} aria-current={name === status ? "page" : undefined}>
                {t(`payment:admin.filters.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {payments.length === 0 ? (
        <p className="empty-state">{t("payment:admin.empty")}</p>
      ) : (
        <ul className="reservation-list" data-testid="bank-payments">
          {payments.map((payment) => (
            <li key={payment.id} className="reservation-row" data-testid={`bank-payment-${payment.reference}`}>
              <div className="reservation-row__main">
                <p>
                  <strong>{payment.reference}</strong> · {t(`booking:method.${payment.method}`)} · <Money millimes={payment.amount} /> (TND)
                </p>
                <p>
                  {t("payment:admin.reservation", { reference: payment.reservationReference })} · {t(`payment:status.${payment.status}`)}
                </p>
                <p className="hint">
                  {payment.proofUploaded ? (
                    <a href={lp(`/admin/payments/${payment.id}/proof`)} target="_blank" rel="noreferrer" data-testid="proof-link">
                      {t("payment:admin.proof", { name: payment.proofName ?? "" })}
                    </a>
                  ) : (
                    t("payment:admin.noProof")
                  )}
                  {" · "}
                  {at(payment.createdAt)}
                </p>
                {payment.reviewNote ? <p className="hint">{payment.reviewNote}</p> : null}
              </div>
              {payment.status === "processing" ? (
                <div className="reservation-row__actions">
                  {result && result.paymentId === payment.id ? <ErrorList errors={[result.error]} /> : null}
                  <Form method="post">
                    <input type="hidden" name="paymentId" value={payment.id} />
                    <input type="hidden" name="intent" value="confirm" />
                    <button type="submit" className="button button--small" disabled={navigation.state === "submitting" || !payment.proofUploaded} data-testid="confirm-payment">
                      {t("payment:admin.confirm")}
                    </button>
                  </Form>
                  <details>
                    <summary className="button button--ghost button--small">{t("payment:admin.refuse")}</summary>
                    <Form method="post">
                      <input type="hidden" name="paymentId" value={payment.id} />
                      <input type="hidden" name="intent" value="refuse" />
                      <label htmlFor={`note-${payment.id}`}>{t("payment:admin.note")}</label>
                      <textarea id={`note-${payment.id}`} name="note" rows={2} maxLength={1000} required data-testid="refuse-note" />
                      <button type="submit" className="button button--ghost button--small" data-testid="refuse-payment">
                        {t("payment:admin.refuseConfirm")}
                      </button>
                    </Form>
                  </details>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
