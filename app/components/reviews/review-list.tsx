import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReviewCard } from "~/components/reviews/review-card";
import type { ReviewItem } from "~/schemas/review";
import { useLocalizedPath } from "~/utils/localized-path";

type ReviewWithListing = ReviewItem & { listing: { id: number; title: string; kind: "property" | "establishment" } };

/** Reviews that each name their listing (home "reviews", a host's public profile). */
export function ReviewsWithListings({ reviews }: { reviews: ReviewWithListing[] }) {
  const { t } = useTranslation("reviews");
  const lp = useLocalizedPath();
  return (
    <div className="review-list">
      {reviews.map((review) => (
        <ReviewCard
          key={review.id}
          review={review}
          heading={
            <p className="review-card__listing">
              <Link to={lp(`${review.listing.kind === "establishment" ? "/establishment-details" : "/property-details"}/${review.listing.id}`)}>
                {t("home.about", { listing: review.listing.title })}
              </Link>
            </p>
          }
        />
      ))}
    </div>
  );
}

/** A host's public profile: the reviews received over their listings, with their rating. */
export function HostReviewsSection({ host }: { host: { items: ReviewWithListing[]; rating: number | null; count: number } }) {
  const { t } = useTranslation("reviews");
  if (host.count === 0) return null;
  return (
    <section className="property-section" aria-labelledby="host-reviews-title" data-testid="host-reviews">
      <h2 id="host-reviews-title">{t("profile.title")}</h2>
      <p data-testid="host-rating">{t("profile.rating", { rating: host.rating?.toFixed(1), count: host.count })}</p>
      <ReviewsWithListings reviews={host.items} />
    </section>
  );
}
