import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { PublicHost, PublicListing } from "~/services/listings/property-page.server";
import { useTranslation } from "react-i18next";
import { ResponsivePhoto, type ResponsivePhotoData } from "~/components/ui/responsive-photo";
import { useLocalizedPath } from "~/utils/localized-path";
import { dateTimeFormat } from "~/utils/date-format";
import { StaticSection } from "~/components/ui/static-section";

export type PhotoView = ResponsivePhotoData;

/** What the details need of the public listing: the one PublicListing shape (property-page.server.ts), serialized. */
export type ListingDetailsView = Pick<
  SerializeFrom<PublicListing>,
  | "type"
  | "title"
  | "description"
  | "maxGuests"
  | "bedrooms"
  | "beds"
  | "bathrooms"
  | "amenities"
  | "travelTypes"
  | "houseRules"
  | "checkInTime"
  | "checkOutTime"
  | "cancellationPolicy"
  | "reservationMethod"
  | "location"
  | "establishment"
>;

export type HostView = SerializeFrom<PublicHost>;

/** Photos as responsive images: the first (the page's LCP) loads at once, the others lazily and after it. */
export function PhotoGallery({ photos, title }: { photos: PhotoView[]; title: string }) {
  const { t } = useTranslation("property");
  if (photos.length === 0) return null;
  return (
    <ul className="gallery" aria-label={t("photos.label")}>
      {photos.map((photo, index) => (
        <li key={photo.src} className="gallery__item">
          <ResponsivePhoto
            photo={photo}
            sizes={index === 0 ? "(min-width: 48rem) 50vw, 100vw" : "(min-width: 48rem) 25vw, 50vw"}
            priority={index === 0 ? "high" : "low"}
            // Without JavaScript every photo of the gallery loads at once: the smallest ones.
            smallWithoutScript={index > 0}
            alt={t("photos.alt", { title, number: index + 1, count: photos.length })}
          />
        </li>
      ))}
    </ul>
  );
}

const LANGUAGE_NAMES: Record<string, string> = { en: "English", fr: "Français", es: "Español" };

/** The listing's text and facts, house rules, cancellation policy and area. */
export function ListingDetails({ listing }: { listing: ListingDetailsView }) {
  const { t } = useTranslation(["property", "search"]);
  const position = listing.location.position;
  return (
    <>
      <StaticSection id="listing-about" className="property-section" aria-labelledby="about-title">
        <h2 id="about-title">{t("property:about.title")}</h2>
        {listing.description ? (
          <>
            {listing.description.fallback ? (
              <p className="fallback-note" data-testid="description-fallback">
                {t("property:about.fallback", { language: LANGUAGE_NAMES[listing.description.language] ?? listing.description.language })}
              </p>
            ) : null}
            <div lang={listing.description.language} className="description">
              {listing.description.text.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </>
        ) : (
          <p className="hint">{t("property:about.none")}</p>
        )}
      </StaticSection>

      <StaticSection id="listing-facts" className="property-section" aria-labelledby="facts-title">
        <h2 id="facts-title">{t("property:facts.title")}</h2>
        <ul className="facts" data-testid="facts">
          {listing.establishment ? (
            <>
              <li>{listing.establishment.name}</li>
              {listing.establishment.stars ? <li>{t("property:facts.stars", { count: listing.establishment.stars })}</li> : null}
              <li>{t("property:facts.rooms", { count: listing.establishment.totalRooms })}</li>
            </>
          ) : null}
          {listing.maxGuests ? <li>{t("property:facts.guests", { count: listing.maxGuests })}</li> : null}
          {listing.bedrooms !== null ? <li>{t("property:facts.bedrooms", { count: listing.bedrooms })}</li> : null}
          {listing.beds ? <li>{t("property:facts.beds", { count: listing.beds })}</li> : null}
          {listing.bathrooms ? <li>{t("property:facts.bathrooms", { count: listing.bathrooms })}</li> : null}
        </ul>
        {listing.travelTypes.length > 0 ? (
          <p>
            {t("property:facts.travelTypes")}{" "}
            {listing.travelTypes.map((travelType) => t(`search:travelTypes.${travelType}`)).join(", ")}
          </p>
        ) : null}
      </StaticSection>

      {listing.amenities.length > 0 ? (
        <StaticSection id="listing-amenities" className="property-section" aria-labelledby="amenities-title">
          <h2 id="amenities-title">{t("property:amenities.title")}</h2>
          <ul className="amenity-list" data-testid="amenities">
            {listing.amenities.map((amenity) => (
              <li key={amenity}>{t(`search:amenities.${amenity}`)}</li>
            ))}
          </ul>
        </StaticSection>
      ) : null}

      <StaticSection id="listing-rules" className="property-section" aria-labelledby="rules-title">
        <h2 id="rules-title">{t("property:rules.title")}</h2>
        <dl className="rules" data-testid="house-rules">
          {listing.checkInTime ? (
            <>
              <dt>{t("property:rules.checkIn")}</dt>
              <dd>{t("property:rules.from", { time: listing.checkInTime })}</dd>
            </>
          ) : null}
          {listing.checkOutTime ? (
            <>
              <dt>{t("property:rules.checkOut")}</dt>
              <dd>{t("property:rules.until", { time: listing.checkOutTime })}</dd>
            </>
          ) : null}
          <dt>{t("property:rules.pets")}</dt>
          <dd>{listing.houseRules.pets ? t("property:rules.allowed") : t("property:rules.notAllowed")}</dd>
          <dt>{t("property:rules.events")}</dt>
          <dd>{listing.houseRules.events ? t("property:rules.allowed") : t("property:rules.notAllowed")}</dd>
          <dt>{t("property:rules.smoking")}</dt>
          <dd>{listing.houseRules.smoking ? t("property:rules.allowed") : t("property:rules.notAllowed")}</dd>
          <dt>{t("property:rules.method")}</dt>
          <dd>{t(`property:method.${listing.reservationMethod}`)}</dd>
        </dl>
      </StaticSection>

      <StaticSection id="listing-cancellation" className="property-section" aria-labelledby="cancellation-title">
        <h2 id="cancellation-title">{t("property:cancellation.title")}</h2>
        <p data-testid="cancellation-policy">
          <strong>{t(`property:cancellation.name.${listing.cancellationPolicy}`)}.</strong>{" "}
          {t(`property:cancellation.text.${listing.cancellationPolicy}`)}
        </p>
        <p className="hint">{t("property:cancellation.common")}</p>
      </StaticSection>

      <StaticSection id="listing-location" className="property-section" aria-labelledby="location-title">
        <h2 id="location-title">{t("property:location.title")}</h2>
        <p data-testid="location">
          {[listing.location.delegation, listing.location.city, listing.location.governorate]
            .filter((part, index, parts): part is string => Boolean(part) && parts.indexOf(part) === index)
            .join(", ")}
        </p>
        <p className="hint">{t("property:location.hidden")}</p>
        {position ? (
          <p>
            <a
              href={`https://www.openstreetmap.org/?mlat=${position.lat}&mlon=${position.lng}#map=14/${position.lat}/${position.lng}`}
              rel="noopener noreferrer"
              target="_blank"
            >
              {t("property:location.openMap")}
            </a>
          </p>
        ) : null}
      </StaticSection>
    </>
  );
}

/** The company the host acts for, under their card (issue 16 point 5). */
function HostCompanyLine({ company }: { company: { legalName: string; taxId: string } }) {
  const { t } = useTranslation("receipts");
  return (
    <p className="host-card__company" data-testid="host-company">
      {t("hostCard.actsFor", { name: company.legalName })} · {t("hostCard.taxId", { taxId: company.taxId })}
    </p>
  );
}

/** The host's public card, linking to their public profile. */
export function HostCard({ host }: { host: HostView }) {
  const { t, i18n } = useTranslation("property");
  const lp = useLocalizedPath();
  const since = dateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(host.memberSince));
  return (
    <StaticSection id="listing-host" className="property-section" aria-labelledby="host-title">
      <h2 id="host-title">{t("host.title", { name: host.firstName })}</h2>
      <div className="host-card" data-testid="host-card">
        <span className="host-card__avatar" aria-hidden="true">
          {host.firstName.charAt(0).toUpperCase()}
        </span>
        <div>
          <p>
            <Link to={lp(`/user-profile/${host.id}`)}>{host.firstName}</Link>
            {host.verified ? <span className="badge"> {t("host.verified")}</span> : null}
          </p>
          <p className="hint">
            {t("host.memberSince", { date: since })} · {t("host.listings", { count: host.publicListings })}
          </p>
        </div>
      </div>
      {host.company ? <HostCompanyLine company={host.company} /> : null}
      {host.about ? <p>{host.about}</p> : null}
      <p className="hint">{t("host.contactAfterPayment")}</p>
    </StaticSection>
  );
}
