import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReviewCard } from "~/components/reviews/review-card";
import { AspectAverages, RatingStars } from "~/components/reviews/stars";
import type { ReviewPage } from "~/schemas/review";
import { StaticSection } from "~/components/ui/static-section";

/** "★ 4.3 · 12 reviews" (or nothing without reviews): titles, cards, the map list. */
export function RatingBadge({ rating, count, testId = "listing-rating" }: { rating: number | null; count: number; testId?: string }) {
  const { t } = useTranslation("reviews");
  if (rating === null || count === 0) return null;
  return (
    <span className="rating-badge" data-testid={testId} data-count={count} data-rating={rating.toFixed(1)}>
      <RatingStars rating={rating} /> · <span>{t("count", { count })}</span>
    </span>
  );
}

/**
 * A listing's reviews (property and establishment pages): the rating with the count, the five
 * averages, then the reviews newest first, a page at a time (?reviewsPage=, plain links).
 */
export function ListingReviews({ reviews }: { reviews: ReviewPage }) {
  const { t } = useTranslation("reviews");
  const { pathname, search } = useLocation();
  const pageLink = (page: number) => {
    const params = new URLSearchParams(search);
    params.set("reviewsPage", String(page));
    return `${pathname}?${params}#reviews`;
  };
  return (
    <StaticSection id="reviews" className="property-section" aria-labelledby="reviews-title" data-testid="listing-reviews">
      <h2 id="reviews-title">{t("title")}</h2>
      {reviews.count === 0 ? (
        <p data-testid="no-reviews">{t("noReviews")}</p>
      ) : (
        <>
          <p>
            <RatingBadge rating={reviews.rating} count={reviews.count} testId="reviews-summary" />
          </p>
          <AspectAverages aspects={reviews.aspects} />
          {reviews.items.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
          {reviews.pageCount > 1 ? (
            <nav className="review-pages" aria-label={t("pagination.label")}>
              {reviews.page > 1 ? (
                <Link to={pageLink(reviews.page - 1)} preventScrollReset>
                  {t("pagination.previous")}
                </Link>
              ) : null}
              <span>{t("pagination.page", { page: reviews.page, count: reviews.pageCount })}</span>
              {reviews.page < reviews.pageCount ? (
                <Link to={pageLink(reviews.page + 1)} preventScrollReset data-testid="reviews-next">
                  {t("pagination.next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </StaticSection>
  );
}
