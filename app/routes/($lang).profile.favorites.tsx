import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListingCard } from "~/components/discovery/listing-card";
import { listFavorites } from "~/services/favorites/favorite.server";
import discoveryStyles from "~/styles/discovery.css?url";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

// /profile/favorites: the stays and establishments the user saved (the heart on cards), newest first.

export const handle = { i18n: ["profile", "search", "favorites", "reviews"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: discoveryStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "profile");
  const { properties, establishments } = await listFavorites(user.id);
  return { listings: [...properties, ...establishments], title: t("favorites.title") };
}

export default function FavoritesPage() {
  const { listings } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  const lp = useLocalizedPath();
  return (
    <section aria-labelledby="favorites-title">
      <h1 id="favorites-title">{t("favorites.title")}</h1>
      {listings.length === 0 ? (
        <>
          <p className="empty-state">{t("favorites.empty")}</p>
          <p>
            <Link to={lp("/accommodation")} className="button button--ghost">
              {t("favorites.browse")}
            </Link>
          </p>
        </>
      ) : (
        <div className="listing-grid" data-testid="favorites">
          {listings.map((listing) => (
            <ListingCard key={`${listing.kind}:${listing.id}`} listing={listing} saved headingLevel={2} />
          ))}
        </div>
      )}
    </section>
  );
}
