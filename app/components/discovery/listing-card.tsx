import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { FavoriteButton } from "~/components/discovery/favorite-button";
import { ResponsivePhoto, type ResponsivePhotoData } from "~/components/ui/responsive-photo";
import { RatingBadge } from "~/components/reviews/listing-reviews";
import { useLocalizedPath } from "~/utils/localized-path";

/** What a card shows (a search result, a favorite, a best seller): plain data from a service. */
export interface ListingCardData {
  id: number;
  kind: "property" | "establishment";
  type: string;
  title: string;
  city: string | null;
  photo: ResponsivePhotoData | null;
  nightlyPrice: number;
  instantBook: boolean;
  /** Rating (one decimal) and count of visible reviews, where the source has them. */
  rating?: number | null;
  reviewCount?: number;
  stay?: { nights: number; total: number; unit: { name: string; rooms: number } | null } | null;
}

export const CARD_IMAGE_SIZES = "(min-width: 72rem) 17rem, (min-width: 48rem) 30vw, (min-width: 32rem) 45vw, 92vw";

/** The page of a listing: establishments have their own. */
export function listingPath(listing: { id: number; kind: "property" | "establishment" }): string {
  return listing.kind === "establishment" ? `/establishment-details/${listing.id}` : `/property-details/${listing.id}`;
}

export function ListingCard({
  listing,
  saved,
  stayQuery,
  headingLevel = 3,
  priority = "lazy",
  smallWithoutScript = priority !== "high",
}: {
  listing: ListingCardData;
  saved: boolean;
  /** The dates and guests of the search, carried to the listing's page. */
  stayQuery?: string;
  headingLevel?: 2 | 3;
  /** The first card of a results page is its LCP picture ("high"); the next loads at once; the others when scrolled near. */
  priority?: "high" | "eager" | "lazy";
  /** Without JavaScript, offer only the smallest variant (lists of cards: see ResponsivePhoto); all but the LCP card by default. */
  smallWithoutScript?: boolean;
}) {
  const { t } = useTranslation(["search", "favorites"]);
  const lp = useLocalizedPath();
  const href = lp(listingPath(listing)) + (stayQuery ? `?${stayQuery}` : "");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="listing-card" data-testid="listing-card" data-listing-id={listing.id}>
      <Link to={href} className="listing-card__media" tabIndex={-1} aria-hidden="true">
        {listing.photo ? (
          <ResponsivePhoto photo={listing.photo} sizes={CARD_IMAGE_SIZES} priority={priority} smallWithoutScript={smallWithoutScript} alt="" />
        ) : (
          <span className="listing-card__no-photo" />
        )}
      </Link>
      <FavoriteButton kind={listing.kind} targetId={listing.id} saved={saved} label={listing.title} className="listing-card__favorite" />
      <div className="listing-card__body">
        <Heading className="listing-card__title">
          <Link to={href}>{listing.title}</Link>
        </Heading>
        <p className="listing-card__meta">
          {t(`search:types.${listing.type}`)}
          {listing.city ? ` · ${listing.city}` : ""}
          {listing.instantBook ? <span className="badge badge--instant">{t("search:card.instantBook")}</span> : null}
        </p>
        <RatingBadge rating={listing.rating ?? null} count={listing.reviewCount ?? 0} testId="card-rating" />
        {listing.stay ? (
          <p className="listing-card__price" data-testid="stay-total">
            <strong>
              <Money millimes={listing.stay.total} />
            </strong>{" "}
            <span className="listing-card__price-note">
              {listing.stay.unit
                ? t("search:card.totalForRooms", { count: listing.stay.nights, rooms: listing.stay.unit.rooms, unit: listing.stay.unit.name })
                : t("search:card.totalForNights", { count: listing.stay.nights })}
            </span>
          </p>
        ) : (
          <p className="listing-card__price" data-testid="nightly-price">
            {listing.kind === "establishment" ? `${t("search:card.from")} ` : null}
            <strong>
              <Money millimes={listing.nightlyPrice} />
            </strong>{" "}
            <span className="listing-card__price-note">{t("search:card.perNight")}</span>
          </p>
        )}
      </div>
    </article>
  );
}
