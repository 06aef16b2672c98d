// /travel-type: the four travel types with how many stays each has; /travel-type/{sub}: the
// search limited to one travel type (work, relax, discover, fun). Another sub is a 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SearchForm } from "~/components/discovery/search-form";
import { SearchResults } from "~/components/discovery/search-results";
import { TRAVEL_TYPES, type TravelType } from "~/domain/listing";
import { travelTypeCounts } from "~/services/search/home.server";
import { loadSearchPage } from "~/services/search/search-page.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["search", "favorites", "reviews"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

function isTravelType(value: string): value is TravelType {
  return (TRAVEL_TYPES as readonly string[]).includes(value);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await getFixedT(await getLanguage(request), "search");
  if (params.sub === undefined) {
    return {
      sub: null,
      counts: await travelTypeCounts(),
      page: null,
      title: t("travelType.title"),
      description: t("travelType.description"),
    };
  }
  if (!isTravelType(params.sub)) throw new Response("Not Found", { status: 404 });
  const page = await loadSearchPage(request, { force: { travelTypes: [params.sub] } });
  return {
    sub: params.sub,
    counts: null,
    page,
    title: t(`travelType.heading.${params.sub}`),
    description: t(`travelType.intro.${params.sub}`),
  };
}

export default function TravelTypePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("search");
  const lp = useLocalizedPath();
  if (!data.sub || !data.page) {
    return (
      <main className="search-page">
        <h1>{data.title}</h1>
        <p>{data.description}</p>
        <ul className="tile-grid" data-testid="travel-type-chooser">
          {(data.counts ?? []).map(({ travelType, count }) => (
            <li key={travelType}>
              <Link to={lp(`/travel-type/${travelType}`)} className="tile">
                <strong>{t(`travelTypes.${travelType}`)}</strong>
                <span>{t(`travelType.intro.${travelType}`)}</span>
                <span>{count > 0 ? t("travelType.count", { count }) : t("travelType.none")}</span>
              </Link>
            </li>
          ))}
        </ul>
      </main>
    );
  }
  const path = lp(`/travel-type/${data.sub}`);
  return (
    <main className="search-page">
      <header className="search-page__header">
        <h1>{data.title}</h1>
      </header>
      <p>{data.description}</p>
      <nav aria-label={t("travelType.title")}>
        <ul className="tile-grid">
          {TRAVEL_TYPES.map((travelType) => (
            <li key={travelType}>
              <Link to={lp(`/travel-type/${travelType}`)} className="tile" aria-current={travelType === data.sub ? "page" : undefined}>
                <strong>{t(`travelTypes.${travelType}`)}</strong>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SearchForm
        action={path}
        query={data.page.query}
        typed={data.page.typed}
        errors={data.page.result.errors}
        variant="full"
        destinations={data.page.destinations}
        today={data.page.today}
        currencyCode={data.page.currencyCode}
        lockTravelType={data.sub}
      />
      <SearchResults
        path={path}
        query={{ ...data.page.query, travelTypes: [] }}
        result={data.page.result}
        favorites={data.page.favorites}
      />
    </main>
  );
}
