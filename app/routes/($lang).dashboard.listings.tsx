// /dashboard/listings: every listing of the signed-in host with its status and next step.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatTnd } from "~/components/listings/tnd-amounts";
import { staleFeedsOfHost } from "~/services/calendar-sync/feeds.server";
import { SuspensionBanner } from "~/components/reviews/suspension-banner";
import { listHostListings } from "~/services/listings/listing-view.server";
import { hostStanding } from "~/services/reviews/host-standing.server";
import listingStyles from "~/styles/listings.css?url";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["listing", "dashboard", "calendar-sync", "reviews", "cohosts"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: listingStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "dashboard");
  const [listings, staleFeeds, standing] = await Promise.all([listHostListings(user.id), staleFeedsOfHost(user.id), hostStanding(user.id)]);
  return { listings, staleFeeds, standing, title: t("listings.title") };
}

export default function DashboardListingsPage() {
  const { listings, staleFeeds, standing } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["dashboard", "listing", "calendar-sync"]);
  const lp = useLocalizedPath();
  return (
    <main className="dashboard-listings">
      <header className="page-header">
        <h1>{t("listings.title")}</h1>
        <Link to={lp("/become-host/address")} className="button">
          {t("listings.create")}
        </Link>
        <Link to={lp("/dashboard/cohosts")} className="button button--ghost" data-testid="cohosts-link">
          {t("cohosts:title")}
        </Link>
      </header>
      <SuspensionBanner standing={standing} />
      {listings.length === 0 ? <p className="notice">{t("listings.empty")}</p> : null}
      {staleFeeds.length > 0 ? (
        <div className="notice notice--warning" role="status" data-testid="stale-feeds">
          <strong>{t("calendar-sync:dashboard.staleTitle")}</strong>
          <ul>
            {staleFeeds.map((feed) => (
              <li key={`${feed.listingId}-${feed.source}`}>
                <Link to={lp(`/dashboard/calendrier/${feed.listingId}#calendar-sync`)}>
                  {t("calendar-sync:dashboard.staleItem", { title: feed.title, source: t(`calendar-sync:sources.${feed.source}`) })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="listing-rows">
        {listings.map((listing) => {
          const establishment = listing.propertyType === "hotel" || listing.propertyType === "guesthouse";
          return (
            <li key={listing.id} className="listing-row" data-testid={`listing-row-${listing.id}`}>
              {listing.coverUrl ? <img src={listing.coverUrl} alt="" width={160} height={107} loading="lazy" className="listing-row__cover" /> : <span className="listing-row__cover listing-row__cover--empty" aria-hidden="true" />}
              <div className="listing-row__body">
                <h2>{listing.title ?? t("listing:dashboard.untitled")}</h2>
                <p className="listing-row__meta">
                  {[listing.propertyType ? t(`listing:types.${listing.propertyType}`) : null, listing.city, listing.basePrice ? formatTnd(listing.basePrice) : null].filter(Boolean).join(" · ")}
                </p>
                <p className="status-line">
                  <span className={`badge badge--${listing.status}`} data-testid="listing-status">
                    {t(`listing:statuses.${listing.status}`)}
                  </span>{" "}
                  <span className={`badge badge--${listing.moderationState}`} data-testid="listing-moderation">
                    {t(`listing:moderationStates.${listing.moderationState}`)}
                  </span>{" "}
                  {listing.moderationState === "approved" ? (
                    <span className={`badge badge--${listing.visibility}`}>{t(`listing:visibilities.${listing.visibility}`)}</span>
                  ) : null}
                </p>
                {listing.moderationNote && (listing.moderationState === "needs_corrections" || listing.moderationState === "rejected") ? (
                  <div className="notice notice--warning">
                    <strong>{t(listing.moderationState === "rejected" ? "listing:moderation.rejectedReason" : "listing:moderation.correctionsAsked")}</strong>
                    <p className="moderation-note">{listing.moderationNote}</p>
                  </div>
                ) : null}
                <p className="listing-row__next">
                  <strong>{t("listings.nextStep")}:</strong> {t(`listings.next.${listing.moderationState}`)}
                </p>
                <p className="listing-row__actions">
                  {listing.nextStep ? (
                    <Link to={lp(`/become-host/${listing.nextStep}?listing=${listing.id}`)} className="button button--small">
                      {t("listing:dashboard.resume", { step: t(`listing:steps.${listing.nextStep}.title`) })}
                    </Link>
                  ) : null}
                  {listing.moderationState !== "rejected" ? (
                    <Link to={lp(`/dashboard/host-property-details/${listing.id}`)} className="button button--small button--ghost">
                      {t("listings.manage")}
                    </Link>
                  ) : null}
                  {establishment && listing.moderationState !== "rejected" ? (
                    <Link to={lp(`/host-establishment-details/${listing.id}`)} className="button button--small button--ghost">
                      {t(listing.propertyType === "hotel" ? "listings.manageHotel" : "listings.manageGuesthouse")}
                    </Link>
                  ) : null}
                  {listing.status === "visible" && listing.visibility === "visible" ? (
                    <Link to={lp(`/property-details/${listing.id}`)} className="button button--small button--ghost">
                      {t("listings.view")}
                    </Link>
                  ) : null}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
