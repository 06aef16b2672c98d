// /admin/quality: the quality checks the daily job opened (after a host's first 3 completed
// stays, then every 3 months), each with the host's recent reviews, rating and cancellations.
// The operator records passed, warned (the host is e-mailed) or suspended, with a note.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReviewCard } from "~/components/reviews/review-card";
import { RatingBadge } from "~/components/reviews/listing-reviews";
import { QUALITY_DECISIONS, QualityDecisionSchema } from "~/schemas/review";
import { decideQualityCheck, openQualityChecks } from "~/services/reviews/quality-checks.server";
import bookingStyles from "~/styles/booking.css?url";
import reviewStyles from "~/styles/reviews.css?url";
import { isAppError } from "~/utils/app-error";
import { requireOperator } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["reviews"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: reviewStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  const t = await getFixedT(await getLanguage(request), "reviews");
  return { checks: await openQualityChecks(), title: String(t("admin.qualityTitle")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request);
  const form = await readFormData(request);
  const checkId = Number(form.get("checkId"));
  const submission = parseWithZod(form, { schema: QualityDecisionSchema });
  if (submission.status !== "success") {
    const key = submission.error?.note?.[0] ?? submission.error?.outcome?.[0] ?? "reviews:errors.generic";
    return data({ checkId, error: key }, { status: 400 });
  }
  try {
    await decideQualityCheck(operator, submission.value.checkId, submission.value.outcome, submission.value.note);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ checkId, error: error.key }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, "/admin/quality"), { type: "success", message: "reviews:toast.decided" });
}

export default function AdminQualityPage() {
  const { checks } = useLoaderData<typeof loader>();
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
            {result && result.checkId === check.id ? (
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
