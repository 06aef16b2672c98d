import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RatingStars } from "~/components/reviews/stars";
import type { ReviewItem } from "~/schemas/review";
import { dateTimeFormat } from "~/utils/date-format";

export function useStayMonth() {
  const { i18n } = useTranslation();
  return (month: string) =>
    dateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

/** One review: rating, author's first name, month of stay, text and the host's reply. */
export function ReviewCard({ review, children, heading }: { review: ReviewItem; children?: ReactNode; heading?: ReactNode }) {
  const { t } = useTranslation("reviews");
  const month = useStayMonth();
  return (
    <article className="review-card" data-testid="review" data-review-id={review.id}>
      {heading}
      <header className="review-card__header">
        <strong data-testid="review-author">{review.author.firstName}</strong> · <span>{t("stayedIn", { month: month(review.stayMonth) })}</span>{" "}
        <RatingStars rating={review.rating} testId="review-rating" />
      </header>
      <p className="review-card__text" data-testid="review-text">
        {review.text}
      </p>
      {review.reply ? (
        <blockquote className="review-card__reply" data-testid="review-reply">
          <strong>{t("hostReply")}</strong>
          <p>{review.reply.text}</p>
        </blockquote>
      ) : null}
      {children}
    </article>
  );
}
