import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReviewCard } from "~/components/reviews/review-card";
import { StarRadioGroup } from "~/components/reviews/stars";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { RATING_ASPECTS, REPLY_TEXT_MAX, REVIEW_TEXT_MAX, reviewWindowEnd } from "~/domain/reviews";
import { ReplySchema, ReportSchema, ReviewSchema, type ReviewItem } from "~/schemas/review";

export interface ReservationReviewData {
  canReview: boolean;
  window: "not_completed" | "open" | "closed";
  review: (ReviewItem & { hidden: boolean; reported: boolean }) | null;
}

export interface ReviewResult {
  intent: string;
  formErrors: string[];
  submission?: SubmissionResult<string[]>;
}

/** A post's form-level refusal, shown by the form that sent it. */
function IntentErrors({ result, intent }: { result: ReviewResult | undefined; intent: string }) {
  if (!result || result.intent !== intent) return null;
  return <FormErrors errors={result.formErrors} />;
}

/** A field's errors, each message once (the shared ErrorList). */
function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  return <ErrorList id={id} errors={errors ? [...new Set(errors)] : errors} />;
}

/** The traveler's review form (new or edit): text and five radio groups of stars. */
function TravelerReviewForm({ review, result }: { review: ReservationReviewData["review"]; result: ReviewResult | undefined }) {
  const { t } = useTranslation("reviews");
  const [form, fields] = useForm({
    id: "review-form",
    lastResult: result?.intent === "review-save" ? result.submission : undefined,
    defaultValue: review ? { text: review.text, ratings: review.ratings } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const ratings = fields.ratings.getFieldset();
  const initial = (form.initialValue?.ratings ?? {}) as Record<string, unknown>;
  return (
    <Form method="post" {...getFormProps(form)} className="review-form" data-testid="review-form" noValidate>
      <input type="hidden" name="intent" value="review-save" />
      <p className="hint">{t("form.ratingsHint")}</p>
      {RATING_ASPECTS.map((aspect) => {
        const value = Number(initial[aspect]);
        return (
          <StarRadioGroup
            key={`${aspect}-${ratings[aspect].key ?? ""}`}
            aspect={aspect}
            name={ratings[aspect].name}
            formId={form.id}
            defaultValue={Number.isInteger(value) && value >= 1 && value <= 5 ? value : null}
            errors={ratings[aspect].errors ?? (fields.ratings.errors && !initial[aspect] ? fields.ratings.errors : undefined)}
          />
        );
      })}
      <label htmlFor={fields.text.id}>{t("form.text")}</label>
      <textarea {...getTextareaProps(fields.text, { ariaDescribedBy: `${form.id}-text-hint` })} rows={5} maxLength={REVIEW_TEXT_MAX} data-testid="review-text-input" />
      <p className="hint" id={`${form.id}-text-hint`}>
        {t("form.textHint")}
      </p>
      <FieldErrors id={`${fields.text.id}-error`} errors={fields.text.errors} />
      <IntentErrors result={result} intent="review-save" />
      <button type="submit" className="button" data-testid="review-submit">
        {t("form.submit")}
      </button>
    </Form>
  );
}

function ReplyForm({ review, result }: { review: ReviewItem; result: ReviewResult | undefined }) {
  const { t } = useTranslation("reviews");
  const [form, fields] = useForm({
    id: "review-reply-form",
    lastResult: result?.intent === "review-reply" ? result.submission : undefined,
    defaultValue: { reply: review.reply?.text ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplySchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="review-form" data-testid="review-reply-form" noValidate>
      <input type="hidden" name="intent" value="review-reply" />
      <label htmlFor={fields.reply.id}>{t("reply.title")}</label>
      <textarea {...getTextareaProps(fields.reply)} rows={3} maxLength={REPLY_TEXT_MAX} data-testid="review-reply-input" />
      <FieldErrors id={`${fields.reply.id}-error`} errors={fields.reply.errors} />
      <IntentErrors result={result} intent="review-reply" />
      <button type="submit" className="button" data-testid="review-reply-submit">
        {review.reply ? t("reply.edit") : t("reply.submit")}
      </button>
    </Form>
  );
}

function ReportForm({ result }: { result: ReviewResult | undefined }) {
  const { t } = useTranslation("reviews");
  const [form, fields] = useForm({
    id: "review-report-form",
    lastResult: result?.intent === "review-report" ? result.submission : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReportSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <details className="review-report" open={Boolean(result?.intent === "review-report")}>
      <summary>{t("report.title")}</summary>
      <Form method="post" {...getFormProps(form)} className="review-form" data-testid="review-report-form" noValidate>
        <input type="hidden" name="intent" value="review-report" />
        <label htmlFor={fields.reason.id}>{t("report.reason")}</label>
        <textarea {...getTextareaProps(fields.reason)} rows={3} maxLength={1000} data-testid="review-report-reason" />
        <FieldErrors id={`${fields.reason.id}-error`} errors={fields.reason.errors} />
        <IntentErrors result={result} intent="review-report" />
        <button type="submit" className="button button--secondary" data-testid="review-report-submit">
          {t("report.submit")}
        </button>
      </Form>
    </details>
  );
}

/**
 * "Leave a comment" on a reservation's page: the traveler of a completed stay writes, edits or
 * deletes the review; the host replies and may report it as false.
 */
export function ReservationReview({
  data,
  side,
  checkOut,
  language,
  result,
}: {
  data: ReservationReviewData;
  side: "traveler" | "host" | "operator";
  checkOut: string;
  language: string;
  result: ReviewResult | undefined;
}) {
  const { t } = useTranslation("reviews");
  const { review } = data;
  if (side === "traveler" && !review && data.window === "not_completed") return null;
  if (side !== "traveler" && !review) return null;
  const until = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${reviewWindowEnd(checkOut)}T00:00:00Z`));
  return (
    <section className="booking__card reservation-review" id="review" aria-labelledby="review-heading" data-testid="reservation-review">
      <h2 id="review-heading">{side === "traveler" && !review ? t("form.title") : t("form.yours")}</h2>
      {review ? (
        <ReviewCard review={review}>{review.hidden ? <p className="hint" data-testid="review-hidden">{t("hidden")}</p> : null}</ReviewCard>
      ) : null}
      {side === "traveler" ? (
        data.canReview || review ? (
          <>
            {data.canReview ? <p className="hint">{t("form.window", { date: until })}</p> : null}
            {review ? <h3>{t("form.editTitle")}</h3> : null}
            <TravelerReviewForm review={review} result={result} />
            {review && !review.hidden ? (
              <Form method="post" className="review-form" data-testid="review-delete-form">
                <input type="hidden" name="intent" value="review-delete" />
                <button type="submit" className="button button--secondary" data-testid="review-delete">
                  {t("form.delete")}
                </button>
                <IntentErrors result={result} intent="review-delete" />
              </Form>
            ) : null}
          </>
        ) : (
          <p className="hint" data-testid="review-window-closed">
            {t("form.windowClosed")}
          </p>
        )
      ) : null}
      {side === "host" && review ? (
        <>
          <ReplyForm review={review} result={result} />
          {review.reported ? <p className="hint" data-testid="review-reported">{t("report.pending")}</p> : review.hidden ? null : <ReportForm result={result} />}
        </>
      ) : null}
    </section>
  );
}
