import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FavoriteButton } from "~/components/discovery/favorite-button";
import { ListingCard } from "~/components/discovery/listing-card";
import { listFavorites } from "~/services/favorites/favorite.server";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

// /profile/favorites: the stays, establishments and partners the user saved (the heart), newest first.

export const handle = { i18n: ["profile", "search", "favorites", "reviews", "partners"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "profile");
  const { properties, establishments, providers } = await listFavorites(user.id);
  return { listings: [...properties, ...establishments], partners: providers, title: t("favorites.title") };
}

export default function FavoritesPage() {
  const { listings, partners } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["profile", "partners"]);
  const lp = useLocalizedPath();
  return (
    <section aria-labelledby="favorites-title">
      <h1 id="favorites-title">{t("favorites.title")}</h1>
      {listings.length === 0 && partners.length === 0 ? (
        <>
          <p className="empty-state">{t("favorites.empty")}</p>
          <p>
            <Link to={lp("/accommodation")} className="button button--ghost">
              {t("favorites.browse")}
            </Link>
          </p>
        </>
      ) : listings.length === 0 ? null : (
        <div className="listing-grid" data-testid="favorites">
          {listings.map((listing) => (
            <ListingCard key={`${listing.kind}:${listing.id}`} listing={listing} saved headingLevel={2} />
          ))}
        </div>
      )}
      {partners.length > 0 ? (
        <section aria-labelledby="favorite-partners">
          <h2 id="favorite-partners">{t("partners:favorites.title")}</h2>
          <ul className="favorite-partners" data-testid="favorite-partners">
            {partners.map((partner) => (
              <li key={partner.id}>
                <Link to={lp(`/partner-details/${partner.id}`)}>{partner.name}</Link>
                {partner.city ? ` · ${partner.city}` : null}
                <FavoriteButton kind="provider" targetId={partner.id} saved label={partner.name} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
