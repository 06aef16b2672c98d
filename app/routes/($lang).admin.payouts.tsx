// /admin/payouts: operators see payout requests with the host's balances and latest ledger
// lines, and confirm one (with the transfer reference: paid out), refuse it (with a reason: the
// amount is available again) or pin it (with a note: kept open). Plain forms: works without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { Money } from "~/components/money/money";
import { PayoutDecisionSchema } from "~/schemas/payout";
import { decidePayout, payoutRequestsForOperators } from "~/services/money/payouts.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["money"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const FILTERS = ["open", "all"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const filter = new URL(request.url).searchParams.get("status") === "all" ? "all" : "open";
  const t = await getFixedT(await getLanguage(request), "money");
  return { filter, requests: await payoutRequestsForOperators(filter), title: String(t("admin.title")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "money");
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: PayoutDecisionSchema });
  const requestId = Number(form.get("requestId")) || 0;
  if (submission.status !== "success") return data({ requestId, error: "money:payout.errors.textRequired" }, { status: 400 });
  const { intent, text } = submission.value;
  try {
    await decidePayout(
      operator,
      requestId,
      intent === "confirm" ? { action: "confirm", reference: text } : intent === "refuse" ? { action: "refuse", reason: text } : { action: "pin", note: text },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ requestId, error: error.key }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, "/admin/payouts"), { type: "success", message: `money:admin.toast.${intent}` });
}

export default function AdminPayoutsPage() {
  const { filter, requests } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("money");
  const lp = useLocalizedPath();
  return (
    <main className="admin-payouts">
      <h1>{t("admin.title")}</h1>
      <nav aria-label={t("admin.filter")}>
        <ul className="tabs" role="list">
          {FILTERS.map((name) => (
            <li key={name}>
              <Link to={`${lp("/admin/payouts")}?status=${name}`} className={name === filter ? "tabs__tab tabs__tab--current" : "tabs__tab"} aria-current={name === filter ? "page" : undefined}>
                {t(`admin.filters.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {requests.length === 0 ? <p>{t("admin.none")}</p> : null}
      {requests.map((request) => (
        <article key={request.id} className="card" data-testid="payout-request" aria-labelledby={`payout-${request.id}`}>
          <h2 id={`payout-${request.id}`}>
            {request.hostName} · <Money millimes={request.amount} /> · {t(`payout.states.${request.status}`)}
          </h2>
          <p>
            {request.hostEmail} · {request.createdAt.slice(0, 10)}
          </p>
          <dl>
            <dt>{t("payout.bankName")}</dt>
            <dd>{request.bankName}</dd>
            <dt>{t("payout.bankAddress")}</dt>
            <dd>{request.bankAddress}</dd>
            <dt>{t("payout.accountHolder")}</dt>
            <dd>{request.accountHolder}</dd>
            <dt>{t("payout.iban")}</dt>
            <dd>{request.iban}</dd>
            {request.transferReference || request.operatorNote ? (
              <>
                <dt>{t("payout.detail")}</dt>
                <dd>{request.transferReference ?? request.operatorNote}</dd>
              </>
            ) : null}
          </dl>
          <h3>{t("admin.balances")}</h3>
          <p>
            {t("revenues.total.available")} <Money millimes={request.balances.available} /> · {t("revenues.total.pending")} <Money millimes={request.balances.pending} /> ·{" "}
            {t("revenues.total.withheld")} <Money millimes={request.balances.withheld} /> · {t("revenues.total.paidOut")} <Money millimes={request.balances.paidOut} />
          </p>
          <h3>{t("admin.ledger")}</h3>
          <table>
            <tbody>
              {request.ledger.map((line) => (
                <tr key={line.id}>
                  <td>{line.createdAt.slice(0, 10)}</td>
                  <td>{t(`admin.kinds.${line.kind}`)}</td>
                  <td>{line.reservationId ? <Link to={lp(`/host/reservation-details/${line.reservationId}`)}>#{line.reservationId}</Link> : null}</td>
                  <td>
                    <Money millimes={line.amount} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {request.status === "requested" || request.status === "pinned" ? (
            <Form method="post" className="admin-payouts__decision">
              <input type="hidden" name="requestId" value={request.id} />
              <label htmlFor={`text-${request.id}`}>{t("admin.text")}</label>
              <input id={`text-${request.id}`} name="text" type="text" maxLength={1000} />
              {result && result.requestId === request.id ? <p role="alert">{t(result.error)}</p> : null}
              <button type="submit" name="intent" value="confirm" disabled={navigation.state === "submitting"}>
                {t("admin.confirm")}
              </button>{" "}
              <button type="submit" name="intent" value="refuse" disabled={navigation.state === "submitting"}>
                {t("admin.refuse")}
              </button>{" "}
              {request.status === "requested" ? (
                <button type="submit" name="intent" value="pin" disabled={navigation.state === "submitting"}>
                  {t("admin.pin")}
                </button>
              ) : null}
            </Form>
          ) : null}
        </article>
      ))}
    </main>
  );
}
