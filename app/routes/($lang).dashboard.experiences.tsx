// /dashboard/experiences: partner mode (ADR 182). The account that manages a partner sees its
// experiences (with their moderation status and future slots) and the bookings of them; any
// other account gets a 403.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SlotTime } from "~/components/experiences/slot-time";
import { Money } from "~/components/money/money";
import { partnerDashboard } from "~/services/experiences/partner-dashboard.server";
import { requireUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["experiences", "experience-payments"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.dashboard.partner.name} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const dashboard = await partnerDashboard(user.id, await getLanguage(request), new Date());
  if (!dashboard) throw new Response("Forbidden", { status: 403 });
  return { dashboard };
}

export default function PartnerExperiencesPage() {
  const { dashboard } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["experiences", "experience-payments"]);
  const lp = useLocalizedPath();
  return (
    <main className="experiences">
      <h1>{t("partner.title", { name: dashboard.partner.name })}</h1>
      <p>
        <Link className="button" to={lp("/dashboard/experiences/new")}>
          {t("create.new")}
        </Link>
      </p>
      <h2>{t("partner.experiences")}</h2>
      {dashboard.experiences.length === 0 ? <p className="empty-state">{t("partner.noExperiences")}</p> : null}
      <ul className="experience-grid">
        {dashboard.experiences.map((experience) => (
          <li key={experience.id} className="experience-card">
            <h3>
              <Link to={lp(`/experiences/${experience.id}`)}>{experience.title}</Link>
            </h3>
            <p className="experience-card__meta">
              {experience.city} · {t(`moderation.${experience.status}`)}
            </p>
            <p>{t("partner.futureSlots", { count: experience.futureSlots })}</p>
            <p>
              <Link to={lp(`/dashboard/experiences/${experience.id}/photos`)}>{t("photos.manage")}</Link>
            </p>
          </li>
        ))}
      </ul>
      <h2>{t("partner.bookings")}</h2>
      {dashboard.bookings.length === 0 ? (
        <p className="empty-state">{t("partner.noBookings")}</p>
      ) : (
        <table className="admin-blog__table" data-testid="partner-bookings">
          <thead>
            <tr>
              <th>{t("partner.reference")}</th>
              <th>{t("booking.experience")}</th>
              <th>{t("booking.date")}</th>
              <th>{t("partner.traveler")}</th>
              <th>{t("booking.people")}</th>
              <th>{t("partner.earning")}</th>
              <th>{t("booking.status")}</th>
            </tr>
          </thead>
          <tbody>
            {dashboard.bookings.map((booking) => (
              <tr key={booking.id}>
                <td>
                  <Link to={lp(`/experience-bookings/${booking.id}`)}>{booking.reference}</Link>
                </td>
                <td>{booking.experienceTitle}</td>
                <td>
                  <SlotTime at={booking.startsAt} />
                </td>
                <td>{booking.travelerName}</td>
                <td>{booking.people}</td>
                <td>
                  <Money millimes={booking.partnerEarning} />
                </td>
                <td>
                  {t(`bookingStatus.${booking.status}`)}
                  {booking.status === "confirmed" ? (
                    // The partner cancels a paid booking: the traveler is refunded in full (ADR 183).
                    <Form method="post" action={lp(`/experience-bookings/${booking.id}`)} className="inline-form">
                      <label>
                        <input type="checkbox" name="confirm" value="yes" required /> {t("experience-payments:cancel.confirm")}
                      </label>
                      <button type="submit" name="intent" value="cancel" className="button button--secondary" data-testid={`partner-cancel-${booking.reference}`}>
                        {t("experience-payments:cancel.fromDashboard")}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
