// /search-by-map: the same search as /accommodation, beside a map. The map is a client-side island
// (Leaflet, loaded only on this page and only once JavaScript runs). The list comes first: Leaflet's
// code, its stylesheet and the tiles load only when the map is shown (ADR 231) — at once on a wide
// screen, on a phone when the visitor presses "Show the map" (or opens `?view=map`). Moving it puts its bounds in
// the URL (`bbox`), so the results follow it. Without JavaScript, or when tiles cannot load, the
// same filtered list works. Tiles: MAP_TILE_URL / MAP_TILE_ATTRIBUTION, OpenStreetMap by default.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { listingPath } from "~/components/discovery/listing-card";
import type { Bounds, MapMarker } from "~/components/discovery/results-map.client";
import { SearchForm } from "~/components/discovery/search-form";
import { SearchResults } from "~/components/discovery/search-results";
import { useMoney } from "~/components/money/money";
import { useHydrated } from "~/components/ui/use-hydrated";
import { searchQueryToParams } from "~/schemas/search-query";
import { loadSearchPage, mapTiles } from "~/services/search/search-page.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

const ResultsMap = lazy(() => import("~/components/discovery/results-map.client"));

export const handle = { i18n: ["search", "favorites", "reviews"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("view");
  // "auto": the map at once on a wide screen, behind a button on a phone; "map": asked for.
  const view = asked === "list" ? "list" : asked === "map" ? "map" : "auto";
  // The map draws every match of its area (up to MAP_MARKER_LIMIT, clustered beyond), not only
  // the list's page: searchMapMarkers, run beside the list's search. The list-only view skips it.
  const [page, language] = await Promise.all([loadSearchPage(request, { pageSize: 24, map: view !== "list" }), getLanguage(request)]);
  const t = await getFixedT(language, "search");
  return { ...page, view, tiles: mapTiles(), title: t("map.title"), description: t("map.description") };
}

/** Wide enough for the map beside the list: there it shows at once (JavaScript only). */
const WIDE_SCREEN = "(min-width: 64rem)";

function useWideScreen(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(WIDE_SCREEN);
    setWide(query.matches);
    const onChange = () => setWide(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return wide;
}

export default function SearchByMapPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("search");
  const lp = useLocalizedPath();
  const hydrated = useHydrated();
  const wide = useWideScreen();
  const [asked, setAsked] = useState(false);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const money = useMoney();
  const path = lp("/search-by-map");

  const markers = useMemo<MapMarker[]>(
    () =>
      (data.map?.markers ?? []).map((marker) => {
        const price = marker.total ?? marker.basePrice;
        return {
          id: marker.id,
          lat: marker.lat,
          lng: marker.lng,
          label: price === null ? "" : money.format(price),
          title: marker.title,
          href: lp(listingPath(marker)),
        };
      }),
    [data.map, money, lp],
  );
  const clusters = data.map?.clusters ?? [];

  const onMove = useCallback(
    (bounds: Bounds) => {
      const params = searchQueryToParams({ ...data.query, bbox: bounds, page: 1 });
      navigate(`${pathname}?${params}`, { replace: true, preventScrollReset: true });
    },
    [data.query, navigate, pathname],
  );

  const withMap = data.view !== "list";
  const showMap = hydrated && (data.view === "map" || (data.view === "auto" && (wide || asked)));
  const toggleParams = new URLSearchParams(search);
  toggleParams.set("view", data.view === "list" ? "map" : "list");
  const toggleHref = `${pathname}${toggleParams.size > 0 ? `?${toggleParams}` : ""}`;
  const withoutArea = searchQueryToParams({ ...data.query, bbox: null, page: 1 }).toString();

  return (
    <main className="search-page map-page">
      <header className="search-page__header">
        <h1>{data.title}</h1>
        <Link to={toggleHref} className="button button--ghost button--small" data-testid="map-toggle">
          {data.view === "list" ? t("map.showMap") : t("map.showList")}
        </Link>
      </header>
      <SearchForm
        action={path}
        query={data.query}
        typed={data.typed}
        errors={data.result.errors}
        variant="full"
        destinations={data.destinations}
        today={data.today}
        currencyCode={data.currencyCode}
        hidden={data.view === "auto" ? {} : { view: data.view }}
      />
      {data.query.bbox ? (
        <p className="map-toolbar">
          {t("map.areaActive")} <Link to={`${path}${withoutArea ? `?${withoutArea}` : ""}`}>{t("map.clearArea")}</Link>
        </p>
      ) : null}
      <div className={withMap ? "map-page__layout" : undefined}>
        {withMap ? (
          <div className={showMap ? "map-panel" : "map-panel map-panel--idle"}>
            {!hydrated ? (
              <p className="map-panel__note">{t("map.needsJs")}</p>
            ) : !showMap ? (
              <p className="map-panel__note">
                <button type="button" className="button button--small" data-testid="map-show" onClick={() => setAsked(true)}>
                  {t("map.showMap")}
                </button>
              </p>
            ) : (
              <Suspense fallback={<p className="map-panel__note">{t("map.loading")}</p>}>
                <ResultsMap
                  markers={markers}
                  clusters={clusters}
                  clusterLabel={(count) => t("map.cluster", { count })}
                  bbox={data.query.bbox}
                  tileUrl={data.tiles.url}
                  attribution={data.tiles.attribution}
                  label={t("map.label")}
                  onMove={onMove}
                  onOpen={(href) => navigate(href)}
                />
              </Suspense>
            )}
          </div>
        ) : null}
        <div>
          {showMap ? <p className="hint">{t("map.followBounds")}</p> : null}
          {showMap && data.map?.more ? (
            <p className="hint" data-testid="map-more">
              {t("map.more", { count: clusters.reduce((sum, cluster) => sum + cluster.count, 0) })}
            </p>
          ) : null}
          <SearchResults path={path} query={data.query} result={data.result} favorites={data.favorites} />
        </div>
      </div>
    </main>
  );
}
