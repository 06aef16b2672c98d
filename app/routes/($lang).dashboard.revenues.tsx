// /dashboard/revenues (host mode): totals and balances, net revenue per month (SVG chart with a
// text table), per-listing breakdown, the stays (each linked to its reservation), year and
// listing filters (a GET form), a CSV export, and the payout request form with its history.
// Everything is plain links and forms: works without JavaScript.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { Money } from "~/components/money/money";
import { RevenueChart } from "~/components/money/revenue-chart";
import { HostInvoicesSection } from "~/components/receipts/host-invoices";
import { payoutWindow } from "~/domain/payouts";
import { PayoutRequestFormSchema } from "~/schemas/payout";
import { revenueFilters } from "~/schemas/revenues";
import {
  hostPayoutRequests,
  requestPayout,
} from "~/services/money/payouts.server";
import { hostRevenues } from "~/services/money/revenues.server";
import { companyOf } from "~/services/receipts/company.server";
import { hostInvoiceMonths } from "~/services/receipts/invoices.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { requireHost } from "~/utils/auth.server";
import { requestNow } from "~/utils/clock.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["money", "rules", "receipts"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHost(request);
  const url = new URL(request.url);
  const filters = revenueFilters(url.searchParams) ?? {
    year: null,
    listingId: null,
  };
  const now = requestNow(request);
  const language = await getLanguage(request);
  const [revenues, payouts, t, invoiceMonths, company] = await Promise.all([
    hostRevenues(user.id, filters, now),
    hostPayoutRequests(user.id),
    getFixedT(language, "money"),
    hostInvoiceMonths(user.id, now),
    companyOf(user.id),
  ]);
  return {
    revenues,
    payouts,
    invoiceMonths,
    company,
    language,
    window: payoutWindow(now),
    query: url.search,
    title: String(t("revenues.title")),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireHost(request);
  const submission = parseWithZod(await readFormData(request), {
    schema: PayoutRequestFormSchema,
  });
  if (submission.status !== "success")
    return data(submission.reply(), { status: 400 });
  try {
    await requestPayout(user, submission.value, requestNow(request));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(submission.reply({ formErrors: [error.key] }), {
      status: error.status,
    });
  }
  return redirectWithToast(localizedPath(request, "/dashboard/revenues"), {
    type: "success",
    message: "money:payout.inserted",
  });
}

const TOTALS = [
  "gross",
  "commission",
  "refunds",
  "net",
  "pending",
  "available",
  "withheld",
  "paidOut",
] as const;

export default function RevenuesPage() {
  const { revenues, payouts, window, query, invoiceMonths, company, language } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["money", "rules"]);
  const lp = useLocalizedPath();
  const [form, fields] = useForm({
    id: "payout-request",
    lastResult,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: PayoutRequestFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const open = payouts.find(
    (payout) => payout.status === "requested" || payout.status === "pinned"
  );
  return (
    <main className="host-revenues">
      <h1>{t("money:revenues.title")}</h1>

      <Form
        method="get"
        className="revenue-filters"
        aria-label={t("money:revenues.filters")}
      >
        <label>
          {t("money:revenues.year")}{" "}
          <select name="year" defaultValue={revenues.year ?? ""}>
            <option value="">{t("money:revenues.last12")}</option>
            {revenues.years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          {t("money:revenues.listing")}{" "}
          <select name="listing" defaultValue={revenues.listingId ?? ""}>
            <option value="">{t("money:revenues.allListings")}</option>
            {revenues.filterListings.map((listing) => (
              <option key={listing.id} value={listing.id}>
                {listing.title}
              </option>
            ))}
          </select>
        </label>{" "}
        <button type="submit">{t("money:revenues.apply")}</button>{" "}
        <a href={`${lp("/dashboard/revenues.csv")}${query}`} download>
          {t("money:revenues.csv")}
        </a>
      </Form>

      <section aria-labelledby="totals-title">
        <h2 id="totals-title">{t("money:revenues.totals")}</h2>
        <dl className="revenue-totals">
          {TOTALS.map((name) => (
            <div key={name} data-testid={`total-${name}`}>
              <dt>{t(`money:revenues.total.${name}`)}</dt>
              <dd>
                <Money millimes={revenues.totals[name]} />
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="chart-title">
        <h2 id="chart-title">{t("money:revenues.chart.heading")}</h2>
        <RevenueChart months={revenues.months} />
      </section>

      <section aria-labelledby="listings-title">
        <h2 id="listings-title">{t("money:revenues.byListing")}</h2>
        {revenues.listings.length === 0 ? (
          <p>{t("money:revenues.empty")}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t("money:revenues.columns.listing")}</th>
                <th scope="col">{t("money:revenues.columns.stays")}</th>
                <th scope="col">{t("money:revenues.columns.gross")}</th>
                <th scope="col">{t("money:revenues.columns.commission")}</th>
                <th scope="col">{t("money:revenues.columns.refunds")}</th>
                <th scope="col">{t("money:revenues.columns.net")}</th>
              </tr>
            </thead>
            <tbody>
              {revenues.listings.map((listing) => (
                <tr key={listing.listingId}>
                  <th scope="row">{listing.title}</th>
                  <td>{listing.stays}</td>
                  <td>
                    <Money millimes={listing.gross} />
                  </td>
                  <td>
                    <Money millimes={listing.commission} />
                  </td>
                  <td>
                    <Money millimes={listing.refunds} />
                  </td>
                  <td>
                    <Money millimes={listing.net} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="stays-title">
        <h2 id="stays-title">{t("money:revenues.stays")}</h2>
        {revenues.stays.length === 0 ? (
          <p>{t("money:revenues.empty")}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t("money:revenues.columns.reference")}</th>
                <th scope="col">{t("money:revenues.columns.listing")}</th>
                <th scope="col">{t("money:revenues.columns.checkIn")}</th>
                <th scope="col">{t("money:revenues.columns.net")}</th>
              </tr>
            </thead>
            <tbody>
              {revenues.stays.map((stay) => (
                <tr key={stay.reservationId}>
                  <th scope="row">
                    <Link
                      to={lp(`/host/reservation-details/${stay.reservationId}`)}
                    >
                      {stay.reference}
                    </Link>
                  </th>
                  <td>{stay.title}</td>
                  <td>{stay.checkIn}</td>
                  <td>
                    <Money millimes={stay.net} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <HostInvoicesSection months={invoiceMonths} company={company} language={language} />

      <section aria-labelledby="payout-title">
        <h2 id="payout-title">{t("money:payout.title")}</h2>
        {!window.isOpen ? (
          <p data-testid="payout-window">
            {t("money:payout.opensOn", {
              opensOn: window.opensOn,
              closesOn: window.closesOn,
            })}
          </p>
        ) : open ? (
          <p>{t("money:payout.openAlready")}</p>
        ) : (
          <Form
            method="post"
            {...getFormProps(form)}
            noValidate
            className="account-form"
          >
            <FormErrors id={form.errorId} errors={form.errors} />
            <p>
              {t("money:payout.availableNow")}{" "}
              <Money millimes={revenues.totals.available} />
            </p>
            <Field
              label={t("money:payout.amount")}
              htmlFor={fields.amount.id}
              errorId={fields.amount.errorId}
              errors={fields.amount.errors}
            >
              <input
                {...getInputProps(fields.amount, { type: "text" })}
                inputMode="decimal"
              />
            </Field>
            <Field
              label={t("money:payout.bankName")}
              htmlFor={fields.bankName.id}
              errorId={fields.bankName.errorId}
              errors={fields.bankName.errors}
            >
              <input {...getInputProps(fields.bankName, { type: "text" })} />
            </Field>
            <Field
              label={t("money:payout.bankAddress")}
              htmlFor={fields.bankAddress.id}
              errorId={fields.bankAddress.errorId}
              errors={fields.bankAddress.errors}
            >
              <input {...getInputProps(fields.bankAddress, { type: "text" })} />
            </Field>
            <Field
              label={t("money:payout.accountHolder")}
              htmlFor={fields.accountHolder.id}
              errorId={fields.accountHolder.errorId}
              errors={fields.accountHolder.errors}
            >
              <input
                {...getInputProps(fields.accountHolder, { type: "text" })}
                autoComplete="name"
              />
            </Field>
            <Field
              label={t("money:payout.iban")}
              htmlFor={fields.iban.id}
              errorId={fields.iban.errorId}
              errors={fields.iban.errors}
            >
              <input {...getInputProps(fields.iban, { type: "text" })} />
            </Field>
            <button type="submit" disabled={navigation.state === "submitting"}>
              {t("money:payout.submit")}
            </button>
          </Form>
        )}
        <h3>{t("money:payout.history")}</h3>
        {payouts.length === 0 ? (
          <p>{t("money:payout.none")}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t("money:payout.requestedOn")}</th>
                <th scope="col">{t("money:payout.amount")}</th>
                <th scope="col">{t("money:payout.state")}</th>
                <th scope="col">{t("money:payout.detail")}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <tr key={payout.id} data-testid="payout-row">
                  <td>{payout.createdAt.slice(0, 10)}</td>
                  <td>
                    <Money millimes={payout.amount} />
                  </td>
                  <td>{t(`money:payout.states.${payout.status}`)}</td>
                  <td>
                    {payout.transferReference ?? payout.operatorNote ?? ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
