import { useTranslation } from "react-i18next";
import { ListingCard, type ListingCardData } from "~/components/discovery/listing-card";
import { dateTimeFormat } from "~/utils/date-format";

export interface PublicProfileView {
  id: number;
  firstName: string;
  lastNameInitial: string;
  countryName: string | null;
  about: string | null;
  memberSince: string;
  verified: boolean;
}

/** What anyone sees of a user: first name, last-name initial, country, member since, badge. */
export function PublicProfileCard({
  profile,
  language,
  listings,
  savedKeys,
}: {
  profile: PublicProfileView;
  language: string;
  listings: ListingCardData[];
  /** `kind:id` of the viewer's favorites, to draw full hearts. */
  savedKeys: string[];
}) {
  const { t } = useTranslation("profile");
  const since = dateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(profile.memberSince));
  return (
    <article className="public-profile" aria-labelledby="public-profile-name">
      <div className="public-profile__avatar" aria-hidden="true">
        {profile.firstName.charAt(0).toUpperCase()}
      </div>
      <h1 id="public-profile-name" className="public-profile__name">
        {profile.firstName} {profile.lastNameInitial ? `${profile.lastNameInitial}.` : ""}
      </h1>
      {profile.verified ? (
        <p className="badge badge--verified" data-testid="verified-badge">
          {t("public.verified")}
        </p>
      ) : (
        <p className="badge">{t("public.notVerified")}</p>
      )}
      <dl className="public-profile__facts">
        {profile.countryName ? (
          <>
            <dt>{t("public.country")}</dt>
            <dd>{profile.countryName}</dd>
          </>
        ) : null}
        <dt>{t("public.memberSince")}</dt>
        <dd>{since}</dd>
      </dl>
      {profile.about ? (
        <section>
          <h2>{t("public.about", { name: profile.firstName })}</h2>
          <p className="public-profile__about">{profile.about}</p>
        </section>
      ) : null}
      <section>
        <h2>{t("public.listings")}</h2>
        {listings.length === 0 ? (
          <p className="empty-state">{t("public.noListings")}</p>
        ) : (
          <div className="listing-grid" data-testid="public-listings">
            {listings.map((listing) => (
              <ListingCard key={`${listing.kind}:${listing.id}`} listing={listing} saved={savedKeys.includes(`${listing.kind}:${listing.id}`)} />
            ))}
          </div>
        )}
      </section>
      <section>
        <h2>{t("public.reviews")}</h2>
        <p className="empty-state">{t("public.noReviews")}</p>
      </section>
    </article>
  );
}
