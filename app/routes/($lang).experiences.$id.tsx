// /experiences/{id}: an approved experience (its partner's account also sees it before approval):
// description, partner (link to /partner-details/{id}), future slots with places left, and the
// booking form (slot, people) for signed-in travelers; visitors are sent to sign in and back.
// A booking holds the places for 30 minutes and leads to /experience-bookings/{id} (ADR 182).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ExperienceBookingForm } from "~/components/experiences/experience-booking-form";
import { SlotTime } from "~/components/experiences/slot-time";
import { Money } from "~/components/money/money";
import { ListingReviews, RatingBadge } from "~/components/reviews/listing-reviews";
import { ExperienceBookingSchema } from "~/schemas/experiences";
import { bookExperience } from "~/services/experiences/experience-booking.server";
import { experienceDetails } from "~/services/experiences/experience-reads.server";
import { experienceReviews } from "~/services/reviews/review-reads.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { getOptionalUser, loginPath, requireVerifiedUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["experiences", "reviews"], documentCache: true };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.experience.title} · Darna` : "Darna" },
  { name: "description", content: data?.experience.description.slice(0, 160) ?? "" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const [language, user] = await Promise.all([getLanguage(request), getOptionalUser(request)]);
  const experience = await experienceDetails(id, language, new Date(), user?.id ?? null);
  if (!experience) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const reviews = await experienceReviews(id, Number(url.searchParams.get("reviewsPage") ?? 1));
  return { experience, reviews, signedIn: Boolean(user), signInHref: loginPath(request, url.pathname) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireIdParam(params.id);
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginPath(request, new URL(request.url).pathname));
  await requireVerifiedUser(request);
  const language = await getLanguage(request);
  const experience = await experienceDetails(id, language, new Date(), user.id);
  if (!experience) throw new Response("Not Found", { status: 404 });
  const submission = parseWithZod(await readFormData(request), { schema: ExperienceBookingSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  if (!experience.slots.some((slot) => slot.id === submission.value.slotId)) {
    return data({ reply: submission.reply({ fieldErrors: { slotId: ["experiences:errors.slotNotFound"] } }) }, { status: 400 });
  }
  try {
    const booking = await bookExperience(user, submission.value, { language });
    return redirect(localizedPath(request, `/experience-bookings/${booking.id}`));
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fieldErrors = fieldErrorsOf(error);
    return data({ reply: submission.reply(error.fields ? { fieldErrors } : { formErrors: [error.key] }) }, { status: error.status });
  }
}

export default function ExperiencePage() {
  const { experience, reviews, signedIn, signInHref } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  return (
    <main className="experience">
      <h1>{experience.title}</h1>
      <RatingBadge rating={experience.rating} count={experience.reviewCount} testId="experience-rating" />
      {experience.photos.length ? (
        <ul className="experience-gallery" data-testid="experience-gallery">
          {experience.photos.map((photo, index) => (
            <li key={photo.id}>
              <img
                src={photo.url}
                srcSet={photo.srcSet}
                sizes={index === 0 ? "(min-width: 50rem) 48rem, 100vw" : "(min-width: 50rem) 12rem, 45vw"}
                width={photo.width}
                height={photo.height}
                loading={index === 0 ? "eager" : "lazy"}
                alt={t("photos.alt", { title: experience.title, number: index + 1 })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="experience-card__meta">
        {experience.city}, {experience.governorate} · {t("card.duration", { hours: Math.floor(experience.durationMinutes / 60), minutes: experience.durationMinutes % 60 })} ·{" "}
        {experience.languages.map((code) => t(`languages.${code}`, { defaultValue: code })).join(", ")}
      </p>
      {experience.status !== "approved" ? <p className="notice">{t(`status.${experience.status}`)}</p> : null}
      <p>
        {t("card.perPerson")} <strong><Money millimes={experience.pricePerPerson} /></strong>
      </p>
      <p className="experience__description">{experience.description}</p>
      <p>
        {t("details.offeredBy")} <Link to={lp(`/partner-details/${experience.partner.id}`)}>{experience.partner.name}</Link>
      </p>
      {experience.slots.length === 0 ? (
        <p className="empty-state">{t("details.noSlots")}</p>
      ) : signedIn ? (
        <ExperienceBookingForm slots={experience.slots} lastResult={answer?.reply} />
      ) : (
        <section className="experience__book">
          <h2>{t("details.book")}</h2>
          <ul className="experience-slots">
            {experience.slots.map((slot) => (
              <li key={slot.id}>
                <SlotTime at={slot.startsAt} full /> · {t("details.placesLeft", { count: slot.placesLeft })}
              </li>
            ))}
          </ul>
          <Link className="button" to={signInHref}>
            {t("details.signInToBook")}
          </Link>
        </section>
      )}
      <ListingReviews reviews={reviews} />
    </main>
  );
}
