// /property-details/{id}: a public property (issue 5 point 5). Photos, text in the page's
// language, facts, amenities, house rules, cancellation policy in plain words, the host's public
// card, an approximate location, the coming months' availability, and a GET quote form that shows
// the price breakdown or why the stay is refused; "Reserve" leads to /payment.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AvailabilityCalendar, calendarMonthData } from "~/components/discovery/availability-calendar";
import { FavoriteButton } from "~/components/discovery/favorite-button";
import { HostCard, ListingDetails, PhotoGallery } from "~/components/discovery/listing-details";
import { ListingReviews, RatingBadge } from "~/components/reviews/listing-reviews";
import { listingReviews } from "~/services/reviews/review-reads.server";
import { QuoteBreakdown } from "~/components/discovery/quote-breakdown";
import { StayForm } from "~/components/discovery/stay-form";
import { ContactHostForm } from "~/components/messages/contact-host-form";
import { Money } from "~/components/money/money";
import { isEstablishmentType } from "~/domain/listing";
import { parseListingId } from "~/domain/search";
import { addMonths, dateInTunis } from "~/domain/stay-dates";
import { favoriteKeys } from "~/services/favorites/favorite.server";
import { publicListingOf, requirePublicRow } from "~/services/listings/property-page.server";
import { issueMessages, propertyPageAvailability } from "~/services/listings/property-availability.server";
import { isAppError } from "~/utils/app-error";
import { getOptionalUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { StaticSection } from "~/components/ui/static-section";

export const handle = { i18n: ["property", "search", "favorites", "messages", "reviews", "receipts"], documentCache: true };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.listing.title} · Darna` },
        { name: "description", content: data.listing.description?.text.slice(0, 160) ?? data.listing.title },
      ]
    : [{ title: "Darna" }];

const STAY_FIELDS = ["checkIn", "checkOut", "adults", "children", "infants", "pets"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.id === undefined) throw redirect(localizedPath(request, "/accommodation"));
  const id = parseListingId(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const now = new Date();
  const language = await getLanguage(request);
  const notFound = (error: unknown): never => {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  };
  // The listing's row is read once, for the page, its calendar and its quote (ADR 247).
  const row = await requirePublicRow(id).catch(notFound);
  if (isEstablishmentType(row.property_type)) throw redirect(localizedPath(request, `/establishment-details/${id}`) + url.search);

  const values = Object.fromEntries(STAY_FIELDS.map((name) => [name, url.searchParams.get(name) ?? ""])) as Record<
    (typeof STAY_FIELDS)[number],
    string
  >;
  if (!values.adults) values.adults = values.checkIn ? "1" : "2";
  const asked = Boolean(url.searchParams.get("checkIn") || url.searchParams.get("checkOut"));
  const today = dateInTunis(now);
  const month = /^\d{4}-\d{2}$/.test(url.searchParams.get("month") ?? "") ? url.searchParams.get("month")! : today.slice(0, 7);
  const [listing, { calendar, outcome }, user, reviews] = await Promise.all([
    publicListingOf(row, language).catch(notFound),
    propertyPageAvailability(row, now, { count: 3, startMonth: month, stay: asked ? values : null }),
    getOptionalUser(request),
    listingReviews(id, Number(url.searchParams.get("reviewsPage") ?? 1)),
  ]);
  const saved = (await favoriteKeys(user?.id)).has(`property:${id}`);
  const issues = outcome && !outcome.ok ? await issueMessages(language, outcome.issues) : [];
  // The loader data carries the visitor's language's text only (ADR 247: not the three languages'
  // descriptions, which the API serves) and the calendar's statuses only.
  const { descriptions: _otherLanguages, ...shown } = listing;
  return {
    listing: shown,
    reviews,
    calendar: calendarMonthData(calendar),
    month,
    monthNav: { previous: month > today.slice(0, 7) ? addMonths(month, -3) : null, next: addMonths(month, 3) },
    values,
    today,
    language,
    saved,
    // "Contact host" (issue 7): a form for signed-in travelers, a sign-in link otherwise, nothing for the host.
    viewer: { signedIn: Boolean(user), isHost: user?.id === listing.host.id },
    quote: outcome?.ok
      ? {
          stay: outcome.stay,
          breakdown: {
            nights: outcome.quote.nights,
            rooms: outcome.quote.rooms,
            nightsTotal: outcome.quote.nightsTotal,
            discount: outcome.quote.discount,
            discountKind: outcome.quote.discountKind,
            discountPercent: outcome.quote.discountPercent,
            cleaningFee: outcome.quote.cleaningFee,
            serviceFee: outcome.quote.serviceFee,
            serviceFeePercent: outcome.quote.serviceFeePercent,
            total: outcome.quote.total,
          },
        }
      : null,
    refusal: outcome && !outcome.ok ? { status: outcome.status, messages: issues.map((issue) => issue.message) } : null,
    fieldErrors: Object.fromEntries(issues.map((issue) => [issue.field, issue.message])),
  };
}

export default function PropertyDetailsPage() {
  const data = useLoaderData<typeof loader>();
  const { listing } = data;
  const { t } = useTranslation(["property", "search"]);
  const lp = useLocalizedPath();
  const { pathname, search } = useLocation();
  const monthLink = (month: string) => {
    const params = new URLSearchParams(search);
    params.set("month", month);
    return `${pathname}?${params}#availability`;
  };
  return (
    <main className="property-page" data-testid="property-page">
      <div className="property-page__top">
        <div>
          <h1>{listing.title}</h1>
          <p className="property-page__subtitle">
            {t(`search:types.${listing.type}`)}
            {listing.location.city ? ` · ${listing.location.city}` : ""}
            {listing.location.governorate && listing.location.governorate !== listing.location.city ? `, ${listing.location.governorate}` : ""}
          </p>
          <RatingBadge rating={data.reviews.rating} count={data.reviews.count} />
        </div>
        <FavoriteButton kind="property" targetId={listing.id} saved={data.saved} label={listing.title} />
      </div>

      <PhotoGallery photos={listing.photos} title={listing.title} />

      <div className="property-layout">
        <div>
          <ListingDetails listing={listing} />
          <StaticSection id="availability" className="property-section" aria-labelledby="availability-title">
            <h2 id="availability-title">{t("property:calendar.title")}</h2>
            <AvailabilityCalendar months={data.calendar} language={data.language} />
            <nav className="calendar-nav" aria-label={t("property:calendar.navLabel")}>
              {data.monthNav.previous ? (
                <Link to={monthLink(data.monthNav.previous)} preventScrollReset>
                  {t("property:calendar.previous")}
                </Link>
              ) : (
                <span />
              )}
              <Link to={monthLink(data.monthNav.next)} preventScrollReset>
                {t("property:calendar.next")}
              </Link>
            </nav>
          </StaticSection>
          <ListingReviews reviews={data.reviews} />
          <HostCard host={listing.host} />
          <ContactHostForm
            propertyId={listing.id}
            checkIn={data.quote?.stay.checkIn ?? data.values.checkIn}
            checkOut={data.quote?.stay.checkOut ?? data.values.checkOut}
            signedIn={data.viewer.signedIn}
            isHost={data.viewer.isHost}
          />
        </div>

        <aside className="booking-box" aria-labelledby="booking-title">
          <h2 id="booking-title">
            <Money millimes={listing.basePrice} /> <small>{t("search:card.perNight")}</small>
          </h2>
          {listing.minNights > 1 ? <p className="hint">{t("property:quote.minNights", { count: listing.minNights })}</p> : null}
          <StayForm action={pathname} values={data.values} errors={data.fieldErrors} today={data.today} submitLabel={t("property:quote.submit")} />
          {data.refusal ? (
            <div className="refusal" role="alert" data-testid="quote-refusal">
              {data.refusal.messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
          {data.quote ? (
            <>
              <QuoteBreakdown quote={data.quote.breakdown} />
              <Form method="get" action={lp("/payment")}>
                <input type="hidden" name="propertyId" value={listing.id} />
                <input type="hidden" name="checkIn" value={data.quote.stay.checkIn} />
                <input type="hidden" name="checkOut" value={data.quote.stay.checkOut} />
                <input type="hidden" name="adults" value={data.quote.stay.adults} />
                <input type="hidden" name="children" value={data.quote.stay.children} />
                <input type="hidden" name="infants" value={data.quote.stay.infants} />
                <input type="hidden" name="pets" value={data.quote.stay.pets} />
                <button type="submit" className="button" data-testid="reserve">
                  {listing.reservationMethod === "direct" ? t("property:quote.reserve") : t("property:quote.request")}
                </button>
              </Form>
              <p className="hint">{t("property:quote.notChargedYet")}</p>
            </>
          ) : null}
        </aside>
      </div>
    </main>
  );
}
