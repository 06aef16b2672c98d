import { Link } from "@remix-run/react";
import { useDataSaver } from "~/utils/data-saver";
import { useTranslation } from "react-i18next";
import { SlotTime } from "~/components/experiences/slot-time";
import { Money } from "~/components/money/money";
import { RatingBadge } from "~/components/reviews/listing-reviews";
import { useLocalizedPath } from "~/utils/localized-path";

export interface ExperienceCardData {
  id: number;
  title: string;
  city: string;
  durationMinutes: number;
  pricePerPerson: number;
  totalForPeople: number;
  /** Null on the partner page for an experience with no open date. */
  nextStartsAt: string | null;
  /** The cover (ADR 184), null without photos. */
  photo: string | null;
  rating: number | null;
  reviewCount: number;
}

/**
 * The cover: its 640 px WebP, or its 320 px one (same key, ADR 230) in data-saver mode and for a
 * browser without scripting, where Chromium loads lazy pictures at once. `lcp`: the first card of
 * a list that opens the page (its LCP element, ADR 239) loads at once, with a high priority.
 */
function ExperienceCover({ src, lcp }: { src: string; lcp: boolean }) {
  const dataSaver = useDataSaver();
  const small = src.replace(/-640\.webp$/, "-320.webp");
  return (
    <picture>
      {dataSaver ? null : <source media="(scripting: none)" type="image/webp" srcSet={small} />}
      <img
        className="experience-card__photo"
        src={dataSaver ? small : src}
        alt=""
        width={640}
        height={427}
        loading={lcp ? "eager" : "lazy"}
        // React 18 knows no fetchPriority prop: the lowercase attribute reaches the HTML as is.
        {...(lcp ? { fetchpriority: "high" } : {})}
        data-testid="experience-cover"
      />
    </picture>
  );
}

/** One experience in a list: title, city, duration, price per person and for the people asked. */
export function ExperienceCard({
  experience,
  people,
  heading = "h2",
  lcp = false,
}: {
  experience: ExperienceCardData;
  people: number;
  heading?: "h2" | "h3";
  lcp?: boolean;
}) {
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  const Heading = heading;
  return (
    <article className="experience-card" data-testid={`experience-${experience.id}`}>
      {experience.photo ? <ExperienceCover src={experience.photo} lcp={lcp} /> : null}
      <Heading>
        <Link to={lp(`/experiences/${experience.id}`)}>{experience.title}</Link>
      </Heading>
      <p className="experience-card__meta">
        {experience.city} · {t("card.duration", { hours: Math.floor(experience.durationMinutes / 60), minutes: experience.durationMinutes % 60 })}
      </p>
      <RatingBadge rating={experience.rating} count={experience.reviewCount} testId="experience-rating" />
      <p>
        {t("card.perPerson")} <Money millimes={experience.pricePerPerson} />
      </p>
      {people > 1 ? (
        <p>
          {t("card.totalFor", { count: people })} <strong><Money millimes={experience.totalForPeople} /></strong>
        </p>
      ) : null}
      {experience.nextStartsAt ? (
        <p className="experience-card__meta">
          {t("card.next")} <SlotTime at={experience.nextStartsAt} />
        </p>
      ) : null}
    </article>
  );
}
