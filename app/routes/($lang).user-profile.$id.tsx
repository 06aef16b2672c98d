import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PublicProfileCard } from "~/components/accounts/public-profile-card";
import { HostReviewsSection } from "~/components/reviews/review-list";
import { favoriteKeys } from "~/services/favorites/favorite.server";
import { getPublicProfile, publicListingsOf } from "~/services/accounts/user.server";
import { hostReviews } from "~/services/reviews/review-reads.server";
import { countryName } from "~/utils/countries";
import { getOptionalUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";

// /user-profile/{id}: another user's public profile. First name, last-name initial, country,
// member since, verified badge (later their listings and reviews). Never e-mail, phone or birth date.

export const handle = { i18n: ["profile", "search", "favorites", "reviews"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.profile.firstName} ${data.profile.lastNameInitial}. · Darna` : "Darna" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const profile = await getPublicProfile(id);
  if (!profile) throw new Response("Not Found", { status: 404 });
  const language = await getLanguage(request);
  const { country, ...rest } = profile;
  const viewer = await getOptionalUser(request);
  const [listings, saved, reviews] = await Promise.all([publicListingsOf(profile.id), favoriteKeys(viewer?.id), hostReviews(profile.id)]);
  return {
    profile: { ...rest, countryName: country ? countryName(country, language) : null },
    listings,
    reviews,
    savedKeys: [...saved],
    language,
  };
}

export default function UserProfilePage() {
  const { profile, listings, savedKeys, language, reviews } = useLoaderData<typeof loader>();
  return (
    <main className="public-profile-page">
      <PublicProfileCard profile={profile} language={language} listings={listings} savedKeys={savedKeys} />
      <HostReviewsSection host={reviews} />
    </main>
  );
}
