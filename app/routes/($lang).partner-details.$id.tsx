// /partner-details/{id}: a partner's public page (issue 21 point 3; ADR 181). Name, description in
// the page's language (English when missing), languages spoken, the contact only for visitors
// who may see it (canSeePartnerContact: after a booking with them), the rating once there is one,
// and the heart (signed-out visitors are asked to log in). Unknown or suspended partners are 404.
// Its approved experiences are listed with their cover and rating; the partner's rating is over
// all of them (ADR 184).
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FavoriteButton } from "~/components/discovery/favorite-button";
import { ExperienceCard } from "~/components/experiences/experience-card";
import { partnerExperienceCards } from "~/services/experiences/experience-reads.server";
import { favoriteKey, favoriteKeys } from "~/services/favorites/favorite.server";
import { publicPartner } from "~/services/partners/partner-page.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";

export const handle = { i18n: ["partners", "favorites", "experiences", "reviews"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Darna" }];
  const { partner, metaDescription } = data;
  return [
    { title: `${partner.name} · Darna` },
    { name: "description", content: metaDescription },
    { property: "og:title", content: partner.name },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const user = await getOptionalUser(request);
  const id = /^\d+$/.test(params.id ?? "") ? Number(params.id) : 0;
  const partner = await publicPartner(id, language, user?.id);
  if (!partner) throw new Response("Not Found", { status: 404 });
  const saved = (await favoriteKeys(user?.id)).has(favoriteKey("provider", partner.id));
  const experiences = await partnerExperienceCards(partner.id, language, new Date());
  const t = await getFixedT(language, "partners");
  const summary = partner.description.length > 150 ? `${partner.description.slice(0, 147)}…` : partner.description;
  return data({
    partner,
    experiences,
    saved,
    metaDescription: t("page.metaDescription", { name: partner.name, description: summary }),
  });
}

export default function PartnerPage() {
  const { partner, experiences, saved } = useLoaderData<typeof loader>();
  const { t } = useTranslation("partners");
  return (
    <main className="partner-page" data-testid="partner-page">
      <header className="partner-page__header">
        <h1>{partner.name}</h1>
        <FavoriteButton kind="provider" targetId={partner.id} saved={saved} label={partner.name} />
      </header>
      {partner.city ? (
        <p>
          {t("page.city")}: {partner.city}
        </p>
      ) : null}
      <p data-testid="partner-rating">
        {partner.rating ? t("page.rating", { rating: partner.rating.average.toFixed(1), count: partner.rating.count }) : t("page.noRating")}
      </p>
      <div className="partner-page__description" data-testid="partner-description">
        {partner.description.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <h2>{t("page.languages")}</h2>
      <ul data-testid="partner-languages">
        {partner.languages.map((code) => (
          <li key={code}>{t(`languages.${code}`, { defaultValue: code })}</li>
        ))}
      </ul>
      <h2>{t("page.experiences")}</h2>
      {experiences.length === 0 ? (
        <p className="empty-state">{t("page.noExperiences")}</p>
      ) : (
        <ul className="experience-grid" data-testid="partner-experiences">
          {experiences.map((experience) => (
            <li key={experience.id}>
              <ExperienceCard experience={experience} people={1} heading="h3" />
            </li>
          ))}
        </ul>
      )}
      <h2>{t("page.contact")}</h2>
      {partner.contact ? (
        <ul data-testid="partner-contact">
          <li>
            <a href={`mailto:${partner.contact.email}`}>{partner.contact.email}</a>
          </li>
          <li>
            <a href={`tel:${partner.contact.phone.replace(/[^+\d]/g, "")}`}>{partner.contact.phone}</a>
          </li>
          {partner.contact.website ? (
            <li>
              <a href={partner.contact.website} rel="nofollow noopener" target="_blank">
                {t("page.website")}
              </a>
            </li>
          ) : null}
        </ul>
      ) : (
        <p data-testid="partner-contact-hidden">{t("page.contactHidden")}</p>
      )}
    </main>
  );
}
