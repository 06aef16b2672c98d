import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SlotTime } from "~/components/experiences/slot-time";
import { Money } from "~/components/money/money";
import { useLocalizedPath } from "~/utils/localized-path";

export interface ExperienceCardData {
  id: number;
  title: string;
  city: string;
  durationMinutes: number;
  pricePerPerson: number;
  totalForPeople: number;
  nextStartsAt: string;
}

/** One experience in a list: title, city, duration, price per person and for the people asked. */
export function ExperienceCard({ experience, people, heading = "h2" }: { experience: ExperienceCardData; people: number; heading?: "h2" | "h3" }) {
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  const Heading = heading;
  return (
    <article className="experience-card" data-testid={`experience-${experience.id}`}>
      <Heading>
        <Link to={lp(`/experiences/${experience.id}`)}>{experience.title}</Link>
      </Heading>
      <p className="experience-card__meta">
        {experience.city} · {t("card.duration", { hours: Math.floor(experience.durationMinutes / 60), minutes: experience.durationMinutes % 60 })}
      </p>
      <p>
        {t("card.perPerson")} <Money millimes={experience.pricePerPerson} />
      </p>
      {people > 1 ? (
        <p>
          {t("card.totalFor", { count: people })} <strong><Money millimes={experience.totalForPeople} /></strong>
        </p>
      ) : null}
      <p className="experience-card__meta">
        {t("card.next")} <SlotTime at={experience.nextStartsAt} />
      </p>
    </article>
  );
}
