// /experience-bookings/{id}: a booking as its traveler or its partner's account sees it (404 for
// anyone else): reference, experience, date, people, total, status and, while it holds its
// places unpaid, until when (ADR 182). Once the slot has ended, the traveler reviews it here and
// the partner replies or reports, with the stays' review forms and rules (ADR 184).
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SlotTime } from "~/components/experiences/slot-time";
import { Money } from "~/components/money/money";
import { ReservationReview, type ReviewResult } from "~/components/reviews/reservation-review";
import { ErrorList } from "~/components/ui/field";
import { cancelUnpaidExperienceBooking } from "~/services/experiences/experience-booking.server";
import { experienceBookingFor } from "~/services/experiences/experience-reads.server";
import styles from "~/styles/experiences.css?url";
import { experienceBookingReviewPart, experienceReviewIntentAction, REVIEW_INTENTS } from "~/services/reviews/review-pages.server";
import { requireUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { isAppError } from "~/utils/app-error";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["experiences", "reviews"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.booking.reference} · Darna` : "Darna" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const user = await requireUser(request);
  const booking = await experienceBookingFor(id, user.id, await getLanguage(request));
  if (!booking) throw new Response("Not Found", { status: 404 });
  const review = await experienceBookingReviewPart(booking.id);
  return { booking, review, language: await getLanguage(request) };
}

/** POST intent=cancel: the traveler or the partner gives up an unpaid hold (places freed). */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireIdParam(params.id);
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  if ((REVIEW_INTENTS as readonly string[]).includes(intent)) {
    // Only the traveler and the partner's account see the booking (and so its review): 404 for others.
    const booking = await experienceBookingFor(id, user.id, await getLanguage(request));
    if (!booking) throw new Response("Not Found", { status: 404 });
    return experienceReviewIntentAction(intent, form, user, id, localizedPath(request, `/experience-bookings/${id}`));
  }
  try {
    await cancelUnpaidExperienceBooking(id, user.id);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    return data({ error: error.key }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, `/experience-bookings/${id}`), { type: "success", message: "experiences:booking.cancelled" });
}

export default function ExperienceBookingPage() {
  const { booking, review, language } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
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
      <ErrorList errors={answer && "error" in answer ? [answer.error] : null} />
      {booking.status === "pending_payment" ? (
        <Form method="post">
          <button type="submit" name="intent" value="cancel" className="button button--secondary">
            {t("booking.cancel")}
          </button>
        </Form>
      ) : null}
      {review ? (
        <ReservationReview
          data={review.data}
          side={booking.viewer === "partner" ? "host" : "traveler"}
          checkOut={review.endDate}
          language={language}
          result={answer && "intent" in answer ? (answer as ReviewResult) : undefined}
        />
      ) : null}
    </main>
  );
}
