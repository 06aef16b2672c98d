// /experiences: approved experiences with a future slot, filtered by a plain GET form (city, date,
// people, highest price per person, language); each card shows the total for the people asked
// (issue 21 point 5; ADR 182).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ExperienceCard } from "~/components/experiences/experience-card";
import { readExperienceFilters } from "~/schemas/experiences";
import { searchExperiences } from "~/services/experiences/experience-reads.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { StaticSection } from "~/components/ui/static-section";

// "reviews": the cards' rating badge (without it the client rendered the keys and hydration failed).
export const handle = { i18n: ["experiences", "reviews"], documentCache: true };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const filters = readExperienceFilters(new URL(request.url).searchParams);
  const result = await searchExperiences(filters, language, new Date());
  const t = await getFixedT(language, "experiences");
  return { ...result, filters, title: String(t("list.title")), description: String(t("list.description")) };
}

const LANGUAGES = ["ar", "fr", "en", "es", "de", "it"] as const;

export default function ExperiencesPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  const { filters } = data;
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value !== undefined && key !== "page") params.set(key, String(value));
    params.set("page", String(page));
    return `${lp("/experiences")}?${params}`;
  };
  return (
    <main className="experiences">
      <h1>{t("list.title")}</h1>
      <p>{t("list.description")}</p>
      <Form method="get" className="experience-filters" aria-label={t("filters.label")}>
        <label>
          {t("filters.city")}
          <input type="text" name="city" defaultValue={filters.city ?? ""} maxLength={80} />
        </label>
        <label>
          {t("filters.date")}
          <input type="date" name="date" defaultValue={filters.date ?? ""} />
        </label>
        <label>
          {t("filters.people")}
          <input type="number" name="people" min={1} max={20} defaultValue={filters.people} />
        </label>
        <label>
          {t("filters.maxPrice")}
          <input type="number" name="maxPrice" min={1} defaultValue={filters.maxPrice ?? ""} />
        </label>
        <label>
          {t("filters.language")}
          <select name="language" defaultValue={filters.language ?? ""}>
            <option value="">{t("filters.anyLanguage")}</option>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          {t("filters.submit")}
        </button>
      </Form>
      <p role="status">{t("list.count", { count: data.total })}</p>
      {data.items.length === 0 ? <p className="empty-state">{t("list.empty")}</p> : null}
      {/* Links only: left as the server wrote it on the first load (ADR 248). */}
      <StaticSection as="ul" id="experience-list" className="experience-grid">
        {data.items.map((experience, index) => (
          <li key={experience.id}>
            {/* The first card's photo is the page's LCP on a phone: eager, high priority. */}
            <ExperienceCard experience={experience} people={filters.people} lcp={index === 0} />
          </li>
        ))}
      </StaticSection>
      {data.pageCount > 1 ? (
        <nav className="pagination" aria-label={t("list.pages")}>
          {data.page > 1 ? (
            <Link to={pageHref(data.page - 1)} rel="prev">
              {t("list.previous")}
            </Link>
          ) : null}{" "}
          {data.page < data.pageCount ? (
            <Link to={pageHref(data.page + 1)} rel="next">
              {t("list.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
