// /establishment-details/{id}: a public hotel (its room types) or guesthouse (its rooms), with
// which are free for the chosen dates and guests and what the rooms needed cost (issue 5 point 5).
// "Reserve" leads to /establishment-payment.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
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
import { parseListingId } from "~/domain/search";
import { dateInTunis } from "~/domain/stay-dates";
import { favoriteKeys } from "~/services/favorites/favorite.server";
import { getPublicListing } from "~/services/listings/property-page.server";
import { availabilityCalendar, establishmentOffer, issueMessages } from "~/services/listings/property-availability.server";
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
  if (params.id === undefined) throw redirect(localizedPath(request, "/accommodation?type=hotel&type=guesthouse"));
  const id = parseListingId(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const now = new Date();
  const language = await getLanguage(request);
  const listing = await getPublicListing(id, language).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  });
  if (listing.kind === "property") throw redirect(localizedPath(request, `/property-details/${id}`) + url.search);

  const values = Object.fromEntries(STAY_FIELDS.map((name) => [name, url.searchParams.get(name) ?? ""])) as Record<
    (typeof STAY_FIELDS)[number],
    string
  >;
  if (!values.adults) values.adults = values.checkIn ? "1" : "2";
  const asked = Boolean(url.searchParams.get("checkIn") || url.searchParams.get("checkOut"));
  const today = dateInTunis(now);
  const [offer, calendar, user, reviews] = await Promise.all([
    establishmentOffer(id, asked ? values : null, now),
    availabilityCalendar(id, now, 3),
    getOptionalUser(request),
    listingReviews(id, Number(url.searchParams.get("reviewsPage") ?? 1)),
  ]);
  const saved = (await favoriteKeys(user?.id)).has(`establishment:${id}`);
  const issues = await issueMessages(language, offer.issues);
  // The loader data carries the visitor's language's text only (ADR 247: not the three languages'
  // descriptions, which the API serves) and the calendar's statuses only.
  const { descriptions: _otherLanguages, ...shown } = listing;
  return {
    listing: shown,
    reviews,
    calendar: calendarMonthData(calendar),
    values,
    today,
    language,
    saved,
    // "Contact host" (issue 7): a form for signed-in travelers, a sign-in link otherwise, nothing for the host.
    viewer: { signedIn: Boolean(user), isHost: user?.id === listing.host.id },
    stay: offer.stay,
    closed: offer.closed,
    units: offer.units.map((unit) => ({
      kind: unit.kind,
      id: unit.id,
      name: unit.name,
      description: unit.description,
      price: unit.price,
      capacity: unit.capacity,
      quantity: unit.quantity,
      sizeM2: unit.sizeM2,
      beds: unit.beds,
      showers: unit.showers,
      freeRooms: unit.freeRooms,
      unavailableReason: unit.unavailableReason,
      offer: unit.offer
        ? {
            rooms: unit.offer.rooms,
            quote: {
              nights: unit.offer.quote.nights,
              rooms: unit.offer.quote.rooms,
              nightsTotal: unit.offer.quote.nightsTotal,
              discount: unit.offer.quote.discount,
              discountKind: unit.offer.quote.discountKind,
              discountPercent: unit.offer.quote.discountPercent,
              cleaningFee: unit.offer.quote.cleaningFee,
              serviceFee: unit.offer.quote.serviceFee,
              serviceFeePercent: unit.offer.quote.serviceFeePercent,
              total: unit.offer.quote.total,
            },
          }
        : null,
    })),
    refusal: issues.map((issue) => issue.message),
    fieldErrors: Object.fromEntries(issues.map((issue) => [issue.field, issue.message])),
  };
}

export default function EstablishmentDetailsPage() {
  const data = useLoaderData<typeof loader>();
  const { listing } = data;
  const { t } = useTranslation(["property", "search"]);
  const lp = useLocalizedPath();
  const { pathname } = useLocation();
  const isHotel = listing.type === "hotel";
  return (
    <main className="property-page establishment-page" data-testid="establishment-page">
      <div className="property-page__top">
        <div>
          <h1>{listing.title}</h1>
          <p className="property-page__subtitle">
            {t(`search:types.${listing.type}`)}
            {listing.location.city ? ` · ${listing.location.city}` : ""}
          </p>
          <RatingBadge rating={data.reviews.rating} count={data.reviews.count} />
        </div>
        <FavoriteButton kind="establishment" targetId={listing.id} saved={data.saved} label={listing.title} />
      </div>

      <PhotoGallery photos={listing.photos} title={listing.title} />

      <div className="property-layout">
        <div>
          <section className="property-section" id="rooms" aria-labelledby="units-title">
            <h2 id="units-title">{isHotel ? t("property:establishment.roomTypes") : t("property:establishment.rooms")}</h2>
            {!data.stay ? <p className="hint">{t("property:establishment.chooseDates")}</p> : null}
            {data.closed ? (
              <p className="refusal" role="alert">
                {t("property:establishment.closed")}
              </p>
            ) : null}
            <ul className="units">
              {data.units.map((unit) => (
                <li key={`${unit.kind}-${unit.id}`} className="unit" data-testid="unit">
                  <h3>{unit.name}</h3>
                  {unit.description ? <p>{unit.description}</p> : null}
                  <p className="hint">
                    {[
                      t("property:establishment.capacity", { count: unit.capacity }),
                      unit.sizeM2 ? t("property:establishment.size", { size: unit.sizeM2 }) : null,
                      unit.kind === "room-type" ? unit.beds : unit.beds ? t("property:establishment.bedsCount", { count: Number(unit.beds) }) : null,
                      unit.showers ? t("property:establishment.showers", { count: unit.showers }) : null,
                      unit.kind === "room-type" ? t("property:establishment.quantity", { count: unit.quantity }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  <p>
                    {t("property:establishment.from")} <Money millimes={unit.price} /> {t("property:establishment.perNight")}
                  </p>
                  {data.stay ? (
                    unit.offer ? (
                      <>
                        <p className="unit__status--free">
                          {unit.kind === "room-type"
                            ? t("property:establishment.freeRooms", { count: unit.freeRooms ?? 0 })
                            : t("property:establishment.free")}
                        </p>
                        <p>{t("property:establishment.forRooms", { count: unit.offer.rooms })}</p>
                        <QuoteBreakdown quote={unit.offer.quote} />
                        <Form method="get" action={lp("/establishment-payment")}>
                          <input type="hidden" name="propertyId" value={listing.id} />
                          <input type="hidden" name={unit.kind === "room-type" ? "roomTypeId" : "roomId"} value={unit.id} />
                          <input type="hidden" name="rooms" value={unit.offer.rooms} />
                          <input type="hidden" name="checkIn" value={data.stay.checkIn} />
                          <input type="hidden" name="checkOut" value={data.stay.checkOut} />
                          <input type="hidden" name="adults" value={data.stay.adults} />
                          <input type="hidden" name="children" value={data.stay.children} />
                          <input type="hidden" name="infants" value={data.stay.infants} />
                          <input type="hidden" name="pets" value={data.stay.pets} />
                          <button type="submit" className="button" data-testid="reserve">
                            {listing.reservationMethod === "direct" ? t("property:quote.reserve") : t("property:quote.request")}
                          </button>
                        </Form>
                      </>
                    ) : (
                      <p className="unit__status--full">
                        {unit.unavailableReason === "capacity" ? t("property:establishment.tooSmall") : t("property:establishment.booked")}
                      </p>
                    )
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          <ListingDetails listing={listing} />
          <StaticSection id="availability" className="property-section" aria-labelledby="availability-title">
            <h2 id="availability-title">{t("property:calendar.title")}</h2>
            <AvailabilityCalendar months={data.calendar} language={data.language} />
          </StaticSection>
          <ListingReviews reviews={data.reviews} />
          <HostCard host={listing.host} />
          <ContactHostForm
            propertyId={listing.id}
            checkIn={data.stay?.checkIn ?? data.values.checkIn}
            checkOut={data.stay?.checkOut ?? data.values.checkOut}
            signedIn={data.viewer.signedIn}
            isHost={data.viewer.isHost}
          />
        </div>
        <aside className="booking-box" aria-labelledby="booking-title">
          <h2 id="booking-title">{t("property:quote.title")}</h2>
          {listing.minNights > 1 ? <p className="hint">{t("property:quote.minNights", { count: listing.minNights })}</p> : null}
          <StayForm action={pathname} values={data.values} errors={data.fieldErrors} today={data.today} submitLabel={t("property:quote.submit")} />
          {data.refusal.length > 0 ? (
            <div className="refusal" role="alert" data-testid="quote-refusal">
              {data.refusal.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
        </aside>
      </div>
    </main>
  );
}
