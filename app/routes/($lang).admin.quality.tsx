// /admin/quality: the quality checks the daily job opened (after a host's first 3 completed
// stays, then every 3 months), each with the host's recent reviews, rating and cancellations.
// The operator records passed, warned (the host is e-mailed) or suspended, with a note.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReviewCard } from "~/components/reviews/review-card";
import { RatingBadge } from "~/components/reviews/listing-reviews";
import { QUALITY_DECISIONS, QualityDecisionSchema } from "~/schemas/review";
import { decideQualityCheck, openQualityChecks } from "~/services/reviews/quality-checks.server";
import { operatorDecisionAction, operatorQueueLoader } from "~/services/reviews/review-admin-pages.server";
import bookingStyles from "~/styles/booking.css?url";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["reviews"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export const loader = ({ request }: LoaderFunctionArgs) => operatorQueueLoader(request, "admin.qualityTitle", () => openQualityChecks());

export const action = ({ request }: ActionFunctionArgs) =>
  operatorDecisionAction(request, {
    schema: QualityDecisionSchema,
    idField: "checkId",
    errorFields: ["note", "outcome"],
    decide: (operator, value) => decideQualityCheck(operator, value.checkId, value.outcome, value.note),
    back: "/admin/quality",
  });

export default function AdminQualityPage() {
  const { items: checks } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("reviews");
  const lp = useLocalizedPath();
  return (
    <main className="admin-quality">
      <h1>{t("admin.qualityTitle")}</h1>
      {checks.length === 0 ? <p className="empty-state">{t("admin.noChecks")}</p> : null}
      {checks.map((check) => (
        <section key={check.id} className="admin-review" data-testid={`quality-check-${check.host.id}`} aria-labelledby={`check-${check.id}`}>
          <h2 id={`check-${check.id}`}>
            <Link to={lp(`/admin/hosts/${check.host.id}`)}>{t("admin.hostTitle", { name: check.host.name })}</Link>
          </h2>
          <p className="hint">{t("admin.openedOn", { date: check.openedOn })}</p>
          <p>{check.rating === null ? t("admin.noRating") : <RatingBadge rating={check.rating} count={check.reviewCount} />}</p>
          <p>{t("admin.completedStays", { count: check.completedStays })}</p>
          <p>{t("admin.cancellations", { count: check.hostCancellations })}</p>
          {check.recentReviews.length > 0 ? (
            <details>
              <summary>{t("admin.recentReviews")}</summary>
              {check.recentReviews.map((review) => (
                <ReviewCard key={review.id} review={review} />
              ))}
            </details>
          ) : null}
          <Form method="post" className="review-form">
            <input type="hidden" name="checkId" value={check.id} />
            <fieldset className="star-group">
              <legend>{t("admin.outcome")}</legend>
              {QUALITY_DECISIONS.map((outcome) => (
                <label key={outcome}>
                  <input type="radio" name="outcome" value={outcome} required /> {t(`admin.outcomes.${outcome}`)}
                </label>
              ))}
            </fieldset>
            <label htmlFor={`quality-note-${check.id}`}>{t("admin.note")}</label>
            <textarea id={`quality-note-${check.id}`} name="note" rows={2} maxLength={1000} required />
            {result && result.id === check.id ? (
              <p className="field__errors" role="alert">
                {t(result.error)}
              </p>
            ) : null}
            <button type="submit" className="button">
              {t("admin.record")}
            </button>
          </Form>
        </section>
      ))}
    </main>
  );
}
