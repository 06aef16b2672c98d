import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SlotTime } from "~/components/experiences/slot-time";
import { Money } from "~/components/money/money";
import { useLocalizedPath } from "~/utils/localized-path";

export interface ExperienceTripRow {
  id: number;
  reference: string;
  title: string;
  city: string;
  startsAt: string;
  people: number;
  total: number;
  status: "pending_payment" | "confirmed" | "cancelled" | "expired";
  reviewable: boolean;
}

/** The traveler's experience bookings on the trips page; nothing when there are none. */
export function ExperienceTrips({ trips }: { trips: ExperienceTripRow[] }) {
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  if (trips.length === 0) return null;
  return (
    <section aria-labelledby="trips-experiences">
      <h2 id="trips-experiences">{t("trips.title")}</h2>
      <ul className="trip-list" data-testid="trips-experiences">
        {trips.map((trip) => (
          <li key={trip.id} className="trip">
            <div className="trip__main">
              <p>
                <Link to={lp(`/experience-bookings/${trip.id}`)}>
                  <strong>{trip.title}</strong>
                </Link>
                {` · ${trip.city}`}
              </p>
              <p>
                <SlotTime at={trip.startsAt} /> · {t("trips.people", { count: trip.people })}
              </p>
              <p className="field__hint">
                {trip.reference} · <Money millimes={trip.total} />
              </p>
            </div>
            <p className="trip-status">{t(`bookingStatus.${trip.status}`)}</p>
            {trip.reviewable ? (
              <p>
                <Link className="button button--small" to={lp(`/experience-bookings/${trip.id}#review`)} data-testid={`review-experience-${trip.id}`}>
                  {t("trips.review")}
                </Link>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
