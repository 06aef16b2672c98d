// /dashboard/calendrier: the host chooses which listing's calendar to open.
import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listCalendarListings } from "~/services/calendar/calendar.server";
import bookingStyles from "~/styles/booking.css?url";
import { requireHost } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["calendar"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHost(request);
  const listings = await listCalendarListings(user.id);
  // One listing: straight to its calendar.
  if (listings.length === 1) throw redirect(localizedPath(request, `/dashboard/calendrier/${listings[0]!.id}`));
  const t = await getFixedT(await getLanguage(request), "calendar");
  return { listings, title: String(t("choose.title")) };
}

export default function CalendarChooser() {
  const { listings } = useLoaderData<typeof loader>();
  const { t } = useTranslation("calendar");
  const lp = useLocalizedPath();
  return (
    <main className="host-calendar">
      <h1>{t("choose.title")}</h1>
      {listings.length === 0 ? (
        <p className="empty-state">{t("choose.empty")}</p>
      ) : (
        <ul className="calendar-listings">
          {listings.map((listing) => (
            <li key={listing.id}>
              <Link to={lp(`/dashboard/calendrier/${listing.id}`)}>{listing.title || t("choose.untitled")}</Link>
              {listing.city ? ` · ${listing.city}` : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
