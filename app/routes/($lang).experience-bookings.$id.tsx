// /experience-bookings/{id}: a booking as its traveler or its partner's account sees it (404 for
// anyone else): reference, experience, date, people, total, status and, while it holds its
// places unpaid, until when (ADR 182).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SlotTime } from "~/components/experiences/slot-time";
import { Money } from "~/components/money/money";
import { experienceBookingFor } from "~/services/experiences/experience-reads.server";
import styles from "~/styles/experiences.css?url";
import { requireUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["experiences"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.booking.reference} · Darna` : "Darna" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const user = await requireUser(request);
  const booking = await experienceBookingFor(id, user.id, await getLanguage(request));
  if (!booking) throw new Response("Not Found", { status: 404 });
  return { booking };
}

export default function ExperienceBookingPage() {
  const { booking } = useLoaderData<typeof loader>();
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  return (
    <main className="experience-booking">
      <h1>{t("booking.title", { reference: booking.reference })}</h1>
      <dl>
        <dt>{t("booking.experience")}</dt>
        <dd>
          <Link to={lp(`/experiences/${booking.experience.id}`)}>{booking.experience.title}</Link> · {booking.experience.city}
        </dd>
        <dt>{t("booking.date")}</dt>
        <dd>
          <SlotTime at={booking.startsAt} full />
        </dd>
        <dt>{t("booking.people")}</dt>
        <dd>{booking.people}</dd>
        <dt>{t("booking.total")}</dt>
        <dd>
          <Money millimes={booking.total} />
        </dd>
        <dt>{t("booking.status")}</dt>
        <dd data-testid="experience-booking-status">{t(`bookingStatus.${booking.status}`)}</dd>
      </dl>
      {booking.status === "pending_payment" && booking.holdExpiresAt ? (
        <p className="notice">
          {t("booking.heldUntil")} <SlotTime at={booking.holdExpiresAt} />
        </p>
      ) : null}
    </main>
  );
}
