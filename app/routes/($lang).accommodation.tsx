// /accommodation: the search (SPEC.md §2, issue 5). A GET form whose URL holds every filter;
// results with the stay's total (every fee included) in the display currency; page links.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SearchForm } from "~/components/discovery/search-form";
import { SearchResults } from "~/components/discovery/search-results";
import { loadSearchPage } from "~/services/search/search-page.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["search", "favorites", "reviews"], documentCache: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, language] = await Promise.all([loadSearchPage(request), getLanguage(request)]);
  const t = await getFixedT(language, "search");
  const title = page.query.destination ? t("accommodation.titleIn", { place: page.query.destination }) : t("accommodation.title");
  return { ...page, title, description: t("accommodation.description") };
}

export default function AccommodationPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("search");
  const lp = useLocalizedPath();
  const { search } = useLocation();
  return (
    <main className="search-page">
      <header className="search-page__header">
        <h1>{data.title}</h1>
        <Link to={lp("/search-by-map") + search} className="button button--ghost button--small">
          {t("accommodation.showMap")}
        </Link>
      </header>
      <SearchForm
        action={lp("/accommodation")}
        query={data.query}
        typed={data.typed}
        errors={data.result.errors}
        variant="full"
        destinations={data.destinations}
        today={data.today}
        currencyCode={data.currencyCode}
      />
      <SearchResults path={lp("/accommodation")} query={data.query} result={data.result} favorites={data.favorites} />
    </main>
  );
}
