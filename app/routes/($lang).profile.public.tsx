import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PublicProfileCard } from "~/components/accounts/public-profile-card";
import { HostReviewsSection } from "~/components/reviews/review-list";
import { favoriteKeys } from "~/services/favorites/favorite.server";
import { getPublicProfile, publicListingsOf } from "~/services/accounts/user.server";
import { hostReviews } from "~/services/reviews/review-reads.server";
import { requireUser } from "~/utils/auth.server";
import { countryName } from "~/utils/countries";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

// /profile/public: how others see me, exactly as /user-profile/{id} shows it.

export const handle = { i18n: ["profile", "search", "favorites", "reviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await getLanguage(request);
  const profile = (await getPublicProfile(user.id))!;
  const t = await getFixedT(language, "profile");
  const { country, ...rest } = profile;
  const [listings, saved, reviews] = await Promise.all([publicListingsOf(user.id), favoriteKeys(user.id), hostReviews(user.id)]);
  return {
    profile: { ...rest, countryName: country ? countryName(country, language) : null },
    listings,
    reviews,
    savedKeys: [...saved],
    language,
    title: t("public.previewTitle"),
  };
}

export default function PublicProfilePreview() {
  const { profile, listings, savedKeys, language, reviews } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  const lp = useLocalizedPath();
  return (
    <section aria-label={t("public.previewTitle")}>
      <p className="notice">
        {t("public.previewNotice")} <Link to={lp(`/user-profile/${profile.id}`)}>{t("public.openPublic")}</Link>
      </p>
      <PublicProfileCard profile={profile} language={language} listings={listings} savedKeys={savedKeys} />
      <HostReviewsSection host={reviews} />
    </section>
  );
}
