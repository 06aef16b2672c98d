import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ExperienceCard, type ExperienceCardData } from "~/components/experiences/experience-card";
import { StaticSection } from "~/components/ui/static-section";
import { useLocalizedPath } from "~/utils/localized-path";

/** The home page's "Best experiences" (most booked, then newest); not drawn when there are none. */
export function BestExperiences({ experiences }: { experiences: ExperienceCardData[] }) {
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  if (experiences.length === 0) return null;
  return (
    <StaticSection id="home-experiences" className="home-section" aria-labelledby="home-experiences-title" data-testid="home-experiences">
      <h2 id="home-experiences-title">{t("home.title")}</h2>
      <ul className="experience-grid">
        {experiences.map((experience) => (
          <li key={experience.id}>
            <ExperienceCard experience={experience} people={1} heading="h3" />
          </li>
        ))}
      </ul>
      <p>
        <Link to={lp("/experiences")}>{t("home.all")}</Link>
      </p>
    </StaticSection>
  );
}
