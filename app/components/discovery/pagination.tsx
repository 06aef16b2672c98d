import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageLinks } from "~/domain/search";
import { searchQueryToParams, type SearchQuery } from "~/schemas/search-query";

/** Pages of results as plain links that keep every filter. */
export function Pagination({ path, query, page, pageCount }: { path: string; query: SearchQuery; page: number; pageCount: number }) {
  const { t } = useTranslation("search");
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = searchQueryToParams({ ...query, page: target }).toString();
    return params ? `${path}?${params}` : path;
  };
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className="pagination__step">
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageLinks(page, pageCount).map((target, index) =>
          target === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={target}>
              {target === page ? (
                <span aria-current="page" className="pagination__current">
                  <span className="visually-hidden">{t("pagination.page")} </span>
                  {target}
                </span>
              ) : (
                <Link to={href(target)} aria-label={t("pagination.goTo", { page: target })}>
                  {target}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className="pagination__step">
              {t("pagination.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
