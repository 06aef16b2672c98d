// /admin/analytics (issue 17 point 5, ADR 171): how the marketplace is doing over a period —
// page views per day, the booking funnel, bookings and their value per week, the SPEC.md §7 events,
// top searched destinations and the share of visits without JavaScript. A plain GET form picks the
// period; every chart is server-rendered SVG with its figures in a table beside it. Operators only.
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "~/schemas/zod";
import { BarList, ColumnChart } from "~/components/analytics/charts";
import { Field } from "~/components/ui/field";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { AnalyticsPeriodSchema, PERIOD_PRESETS } from "~/schemas/analytics-period";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { analyticsDashboard } from "~/services/analytics/analytics-dashboard.server";
import analyticsStyles from "~/styles/admin-analytics.css?url";
import { requestNow } from "~/utils/clock.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["admin-analytics"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: analyticsStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const DEFAULT_DAYS = 30;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const params = new URL(request.url).searchParams;
  const today = dateInTunis(requestNow(request));
  const asked = params.has("from") || params.has("to");
  const values = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const parsed = asked ? AnalyticsPeriodSchema.safeParse(values) : null;
  const errors: { from?: string[]; to?: string[] } = parsed && !parsed.success ? z.flattenError(parsed.error).fieldErrors : {};
  // A bad period keeps what was typed, with its errors, and shows the default period.
  const period = parsed?.success ? parsed.data : { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
  const t = await getFixedT(await getLanguage(request), "admin-analytics");
  return data(
    {
      title: String(t("title")),
      dashboard: await analyticsDashboard(period),
      values: asked ? values : period,
      errors,
      presets: PERIOD_PRESETS.map((days) => ({ days, from: addDays(today, -(days - 1)), to: today })),
    },
    { status: parsed && !parsed.success ? 400 : 200 },
  );
}

export default function AdminAnalyticsPage() {
  const { dashboard, values, errors, presets } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin-analytics");
  const localized = useLocalizedPath();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const ratio = (value: number | null) => (value === null ? "—" : percent.format(value));
  const dinars = (value: number) => t("dinars", { amount: number.format(value) });
  const { from, to } = dashboard.period;

  return (
    <main className="admin-analytics">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>

      {/* Keyed by the period shown, so a preset link (a client navigation with JavaScript) resets the inputs. */}
      <Form key={`${values.from}|${values.to}`} method="get" className="admin-analytics__period" aria-label={t("period.title")}>
        <Field label={t("period.from")} htmlFor="analytics-from" errorId="analytics-from-errors" errors={errors.from}>
          <input
            id="analytics-from"
            name="from"
            type="date"
            defaultValue={values.from}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={errors.from ? "analytics-from-errors" : undefined}
          />
        </Field>
        <Field label={t("period.to")} htmlFor="analytics-to" errorId="analytics-to-errors" errors={errors.to}>
          <input
            id="analytics-to"
            name="to"
            type="date"
            defaultValue={values.to}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? "analytics-to-errors" : undefined}
          />
        </Field>
        <button type="submit">{t("period.show")}</button>
      </Form>
      <nav aria-label={t("period.presets")} className="admin-analytics__presets">
        <ul role="list">
          {presets.map((preset) => (
            <li key={preset.days}>
              <Link
                to={`${localized("/admin/analytics")}?${new URLSearchParams({ from: preset.from, to: preset.to })}`}
                aria-current={preset.from === from && preset.to === to ? "true" : undefined}
              >
                {t("period.last", { count: preset.days })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p data-testid="analytics-period">{t("period.showing", { from, to })}</p>

      <section aria-labelledby="analytics-views" className="admin-analytics__section">
        <h2 id="analytics-views">{t("views.title")}</h2>
        <div className="admin-analytics__pair">
          <ColumnChart
            title={t("views.chart", { from, to })}
            points={dashboard.pageViewsPerDay.map((row) => ({ label: row.day, value: row.views, text: number.format(row.views) }))}
          />
          {/* It scrolls when long: a named, focusable region, so a keyboard can scroll it too. */}
          <div className="admin-analytics__table" role="region" aria-label={t("views.title")} tabIndex={0}>
            <table data-testid="analytics-views">
              <caption>{t("views.title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("views.day")}</th>
                  <th scope="col">{t("views.views")}</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.pageViewsPerDay.map((row) => (
                  <tr key={row.day}>
                    <th scope="row">{row.day}</th>
                    <td>{number.format(row.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section aria-labelledby="analytics-funnel" className="admin-analytics__section">
        <h2 id="analytics-funnel">{t("funnel.title")}</h2>
        <p>{t("funnel.intro")}</p>
        <div className="admin-analytics__pair">
          <BarList
            title={t("funnel.chart")}
            points={dashboard.funnel.map((row) => ({ label: t(`funnel.steps.${row.step}`), value: row.count, text: number.format(row.count) }))}
          />
          <table data-testid="analytics-funnel">
            <caption>{t("funnel.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("funnel.step")}</th>
                <th scope="col">{t("funnel.count")}</th>
                <th scope="col">{t("funnel.conversion")}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.funnel.map((row) => (
                <tr key={row.step}>
                  <th scope="row">{t(`funnel.steps.${row.step}`)}</th>
                  <td>{number.format(row.count)}</td>
                  <td>{ratio(row.conversion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="analytics-weeks" className="admin-analytics__section">
        <h2 id="analytics-weeks">{t("weeks.title")}</h2>
        <p>{t("weeks.intro")}</p>
        <div className="admin-analytics__pair">
          <div>
            <ColumnChart
              title={t("weeks.bookingsChart")}
              points={dashboard.weeks.map((row) => ({ label: row.week, value: row.bookings, text: number.format(row.bookings) }))}
            />
            <ColumnChart
              title={t("weeks.valueChart")}
              points={dashboard.weeks.map((row) => ({ label: row.week, value: row.bookingValue, text: dinars(row.bookingValue) }))}
            />
          </div>
          {/* It scrolls when long: a named, focusable region, so a keyboard can scroll it too. */}
          <div className="admin-analytics__table" role="region" aria-label={t("weeks.title")} tabIndex={0}>
            <table data-testid="analytics-weeks">
              <caption>{t("weeks.title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("weeks.week")}</th>
                  <th scope="col">{t("weeks.bookings")}</th>
                  <th scope="col">{t("weeks.bookingValue")}</th>
                  <th scope="col">{t("weeks.paid")}</th>
                  <th scope="col">{t("weeks.paidValue")}</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.weeks.map((row) => (
                  <tr key={row.week}>
                    <th scope="row">{row.week}</th>
                    <td>{number.format(row.bookings)}</td>
                    <td>{dinars(row.bookingValue)}</td>
                    <td>{number.format(row.paid)}</td>
                    <td>{dinars(row.paidValue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section aria-labelledby="analytics-events" className="admin-analytics__section">
        <h2 id="analytics-events">{t("events.title")}</h2>
        <div className="admin-analytics__pair">
          <BarList
            title={t("events.chart")}
            points={dashboard.events.map((row) => ({ label: t(`events.names.${row.name}`), value: row.count, text: number.format(row.count) }))}
          />
          <table data-testid="analytics-events">
            <caption>{t("events.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("events.event")}</th>
                <th scope="col">{t("events.count")}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.events.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{t(`events.names.${row.name}`)}</th>
                  <td>{number.format(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="analytics-destinations" className="admin-analytics__section">
        <h2 id="analytics-destinations">{t("destinations.title")}</h2>
        {dashboard.destinations.length === 0 ? (
          <p>{t("destinations.none")}</p>
        ) : (
          <div className="admin-analytics__pair">
            <BarList
              title={t("destinations.chart")}
              points={dashboard.destinations.map((row) => ({ label: row.destination, value: row.searches, text: number.format(row.searches) }))}
            />
            <table data-testid="analytics-destinations">
              <caption>{t("destinations.title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("destinations.destination")}</th>
                  <th scope="col">{t("destinations.searches")}</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.destinations.map((row) => (
                  <tr key={row.destination}>
                    <th scope="row">{row.destination}</th>
                    <td>{number.format(row.searches)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="analytics-javascript" className="admin-analytics__section">
        <h2 id="analytics-javascript">{t("javascript.title")}</h2>
        <p>{t("javascript.intro")}</p>
        <table data-testid="analytics-javascript">
          <caption>{t("javascript.title")}</caption>
          <tbody>
            <tr>
              <th scope="row">{t("javascript.documents")}</th>
              <td>{number.format(dashboard.javaScript.documents)}</td>
            </tr>
            <tr>
              <th scope="row">{t("javascript.hydrated")}</th>
              <td>{number.format(dashboard.javaScript.hydrated)}</td>
            </tr>
            <tr>
              <th scope="row">{t("javascript.without")}</th>
              <td>{number.format(dashboard.javaScript.withoutJavaScript)}</td>
            </tr>
            <tr>
              <th scope="row">{t("javascript.share")}</th>
              <td>{ratio(dashboard.javaScript.share)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <p className="admin-analytics__note">
        {dashboard.rolledUpTo ? t("rolledUpTo", { day: dashboard.rolledUpTo }) : t("notRolledUp")}
      </p>
    </main>
  );
}
