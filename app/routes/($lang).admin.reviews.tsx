// /admin/reviews: reviews hosts reported as false. An operator keeps or hides each one with a
// note; the author and the host are told by e-mail. A hidden review leaves the averages (and may
// lift the host's suspension) in the same transaction.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReviewCard } from "~/components/reviews/review-card";
import { ReportDecisionSchema } from "~/schemas/review";
import { openReports } from "~/services/reviews/review-reads.server";
import { decideReport } from "~/services/reviews/review-writes.server";
import { operatorDecisionAction, operatorQueueLoader } from "~/services/reviews/review-admin-pages.server";
import bookingStyles from "~/styles/booking.css?url";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["reviews"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export const loader = ({ request }: LoaderFunctionArgs) => operatorQueueLoader(request, "admin.reviewsTitle", () => openReports());

export const action = ({ request }: ActionFunctionArgs) =>
  operatorDecisionAction(request, {
    schema: ReportDecisionSchema,
    idField: "reportId",
    errorFields: ["note", "decision"],
    decide: (operator, value) => decideReport(operator, value.reportId, value.decision, value.note),
    back: "/admin/reviews",
  });

export default function AdminReviewsPage() {
  const { items: reports } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("reviews");
  const lp = useLocalizedPath();
  return (
    <main className="admin-reviews">
      <h1>{t("admin.reviewsTitle")}</h1>
      {reports.length === 0 ? <p className="empty-state">{t("admin.noReports")}</p> : null}
      {reports.map((report) => (
        <div key={report.id} className="admin-review" data-testid={`report-${report.id}`} data-review-id={report.review.id}>
          <ReviewCard
            review={report.review}
            heading={
              <p>
                <Link to={lp(report.review.subjectPath)}>{report.review.listingTitle}</Link>
              </p>
            }
          />
          <p data-testid="report-reason">{t("admin.reportedBy", { name: report.reporter, reason: report.reason })}</p>
          <Form method="post" className="review-form">
            <input type="hidden" name="reportId" value={report.id} />
            <label htmlFor={`note-${report.id}`}>{t("admin.note")}</label>
            <textarea id={`note-${report.id}`} name="note" rows={2} maxLength={1000} required data-testid="report-note" />
            {result && result.id === report.id ? (
              <p className="field__errors" role="alert" data-testid="report-error">
                {t(result.error)}
              </p>
            ) : null}
            <div>
              <button type="submit" name="decision" value="keep" className="button button--secondary" data-testid="report-keep">
                {t("admin.keep")}
              </button>{" "}
              <button type="submit" name="decision" value="hide" className="button" data-testid="report-hide">
                {t("admin.hide")}
              </button>
            </div>
          </Form>
        </div>
      ))}
    </main>
  );
}
