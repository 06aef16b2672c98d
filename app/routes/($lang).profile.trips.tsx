import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ExperienceTrips } from "~/components/experiences/experience-trips";
import { Money } from "~/components/money/money";
import { tripHistory } from "~/services/booking/reservation-lists.server";
import { experienceTrips } from "~/services/experiences/experience-reads.server";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { displayStatusKeys } from "~/domain/reservation-state";

// /profile/trips: the traveler's trip history, grouped: upcoming, ongoing, requests, past, cancelled.

export const handle = { i18n: ["profile", "rules", "experiences"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const GROUPS = ["upcoming", "ongoing", "pending", "completed", "cancelled"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "profile");
  const [history, experiences] = await Promise.all([tripHistory(user.id), experienceTrips(user.id, language)]);
  return { history, experiences, language, title: t("trips.title") };
}

export default function TripsPage() {
  const { history, experiences, language } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["profile", "rules"]);
  const lp = useLocalizedPath();
  const dayFormat = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  const empty = GROUPS.every((group) => history[group].length === 0) && experiences.length === 0;
  return (
    <section aria-labelledby="trips-title">
      <h1 id="trips-title">{t("trips.title")}</h1>
      {empty ? (
        <>
          <p className="empty-state">{t("trips.empty")}</p>
          <p>
            <Link to={lp("/accommodation")} className="button button--ghost">
              {t("trips.browse")}
            </Link>
          </p>
        </>
      ) : (
        GROUPS.filter((group) => history[group].length > 0).map((group) => (
          <section key={group} aria-labelledby={`trips-${group}`}>
            <h2 id={`trips-${group}`}>{t(`trips.groups.${group}`)}</h2>
            <ul className="trip-list" data-testid={`trips-${group}`}>
              {history[group].map((row) => (
                <li key={row.id} className="trip">
                  <div className="trip__main">
                    <p>
                      <Link to={lp(row.path)}>
                        <strong>{row.listingTitle}</strong>
                      </Link>
                      {row.unitName ? ` · ${row.unitName}` : null}
                      {row.city ? ` · ${row.city}` : null}
                    </p>
                    <p>
                      {day(row.checkIn)} → {day(row.checkOut)} · {t("trips.guests", { count: row.adults + row.children })}
                    </p>
                    <p className="field__hint">
                      {row.otherPartyName} · {row.reference} · <Money millimes={row.total} />
                    </p>
                  </div>
                  <p className={`trip-status trip-status--${row.displayStatus}`}>{displayStatusKeys(row.displayStatus).map((key) => t(key)).join(" · ")}</p>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <ExperienceTrips trips={experiences} />
    </section>
  );
}
