import { useTranslation } from "react-i18next";
import { ListingCard, type ListingCardData } from "~/components/discovery/listing-card";
import { Pagination } from "~/components/discovery/pagination";
import { stayParams, type SearchQuery } from "~/schemas/search-query";

export interface SearchResultsData {
  items: ListingCardData[];
  total: number;
  /** More than `total` were found (only the first `total` are offered). */
  totalCapped: boolean;
  page: number;
  pageCount: number;
  stay: { checkIn: string; checkOut: string; nights: number } | null;
}

/** The results of a search: how many, the cards, "No properties available…", the page links. */
export function SearchResults({
  path,
  query,
  result,
  favorites,
}: {
  path: string;
  query: SearchQuery;
  result: SearchResultsData;
  favorites: string[];
}) {
  const { t } = useTranslation("search");
  const saved = new Set(favorites);
  // Dates the search refused (in the past…) are not carried to the listings' pages.
  const stayQuery = stayParams(result.stay ? query : { ...query, checkIn: null, checkOut: null }).toString();
  return (
    <section className="search-results" aria-labelledby="search-results-title">
      <h2 id="search-results-title" className="search-results__count" aria-live="polite">
        {result.stay
          ? t(result.totalCapped ? "results.countForStayCapped" : "results.countForStay", { count: result.total, nights: result.stay.nights })
          : t(result.totalCapped ? "results.countCapped" : "results.count", { count: result.total })}
      </h2>
      {result.stay ? <p className="hint">{t("results.totalsNote")}</p> : null}
      {result.items.length === 0 ? (
        <p className="empty-state" data-testid="no-results">
          {result.stay ? t("results.noneForPeriod") : t("results.none")}
        </p>
      ) : (
        <div className="listing-grid">
          {result.items.map((item, index) => (
            <ListingCard
              key={item.id}
              listing={item}
              saved={saved.has(`${item.kind}:${item.id}`)}
              stayQuery={stayQuery}
              priority={index === 0 ? "high" : index === 1 ? "eager" : "lazy"}
            />
          ))}
        </div>
      )}
      <Pagination path={path} query={query} page={result.page} pageCount={result.pageCount} />
    </section>
  );
}
