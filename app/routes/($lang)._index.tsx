// The home page (SPEC.md §2 "/"): hero with the search form, travel-type chooser, property types,
// cities, best sellers, reviews, "From the blog" (the latest 3 articles of the page's language),
// about-us counters. Every section comes from real data and is left out when it has nothing to show.
// Best experiences: the partners' experiences most booked, then newest (ADR 182).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleCard } from "~/components/blog/article-card";
import { BestExperiences } from "~/components/experiences/best-experiences";
import { ReviewsWithListings } from "~/components/reviews/review-list";
import { ListingCard } from "~/components/discovery/listing-card";
import { ResponsivePhoto } from "~/components/ui/responsive-photo";
import { StaticSection } from "~/components/ui/static-section";
import { SearchForm } from "~/components/discovery/search-form";
import { dateInTunis } from "~/domain/stay-dates";
import { EMPTY_SEARCH } from "~/schemas/search-query";
import { latestArticles } from "~/services/blog/blog-reads.server";
import { bestExperiences } from "~/services/experiences/experience-reads.server";
import { favoriteKeys } from "~/services/favorites/favorite.server";
import { recentGoodReviews } from "~/services/reviews/review-reads.server";
import { loadHome } from "~/services/search/home.server";
import { popularDestinations } from "~/services/search/search-page.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getDisplayCurrency } from "~/utils/currency.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { requireKnownLanguage } from "~/utils/i18n";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["home", "search", "favorites", "reviews", "blog", "experiences"], documentCache: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Any one-segment path no route claims (/about) matches here with `lang` set to it: the layout's
  // 404 is thrown in parallel with this loader, so this one stops first rather than read the whole
  // home page for nothing (ADR 256: a 404 cost as much as the home page, its first one 2-15 s).
  requireKnownLanguage(params.lang);
  const now = new Date();
  const [home, destinations, user, currency, language, reviews] = await Promise.all([
    loadHome(now),
    popularDestinations(),
    getOptionalUser(request),
    getDisplayCurrency(request),
    getLanguage(request),
    recentGoodReviews(6),
  ]);
  const [saved, articles, experiences] = await Promise.all([favoriteKeys(user?.id), latestArticles(language, 3, now), bestExperiences(language, now)]);
  const t = await getFixedT(language, "home");
  return {
    ...home,
    destinations,
    reviews,
    articles,
    experiences,
    today: dateInTunis(now),
    currencyCode: currency.code,
    favorites: home.bestSellers.map((item) => `${item.kind}:${item.id}`).filter((key) => saved.has(key)),
    title: t("meta.title"),
    description: t("meta.description"),
  };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(["home", "search"]);
  const number = new Intl.NumberFormat(i18n.language);
  const lp = useLocalizedPath();
  const travelTypes = data.travelTypes.filter((entry) => entry.count > 0);
  const saved = new Set(data.favorites);
  const counters = (
    [
      ["listings", data.counters.listings],
      ["cities", data.counters.cities],
      ["hosts", data.counters.hosts],
      ["stays", data.counters.stays],
    ] as const
  ).filter(([, value]) => value > 0);
  return (
    <main className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title">{t("home:hero.title")}</h1>
          <p>{t("home:hero.subtitle")}</p>
          <SearchForm
            action={lp("/accommodation")}
            query={EMPTY_SEARCH}
            variant="hero"
            destinations={data.destinations}
            today={data.today}
            currencyCode={data.currencyCode}
          />
        </div>
      </section>

      {travelTypes.length > 0 ? (
        <StaticSection id="home-travel-types" className="home-section" aria-labelledby="travel-types-title" data-testid="home-travel-types">
          <h2 id="travel-types-title">{t("home:travelTypes.title")}</h2>
          <ul className="tile-grid">
            {travelTypes.map(({ travelType, count }) => (
              <li key={travelType}>
                <Link to={lp(`/travel-type/${travelType}`)} className="tile">
                  <strong>{t(`search:travelTypes.${travelType}`)}</strong>
                  <span>{t("home:stays", { count })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </StaticSection>
      ) : null}

      {data.propertyTypes.length > 0 ? (
        <StaticSection id="home-property-types" className="home-section" aria-labelledby="types-title" data-testid="home-property-types">
          <h2 id="types-title">{t("home:propertyTypes.title")}</h2>
          <ul className="tile-grid">
            {data.propertyTypes.map(({ type, count }) => (
              <li key={type}>
                <Link to={lp(`/accommodation?type=${type}`)} className="tile">
                  <strong>{t(`search:typesPlural.${type}`)}</strong>
                  <span>{t("home:stays", { count })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </StaticSection>
      ) : null}

      {data.cities.length > 0 ? (
        <StaticSection id="home-cities" className="home-section" aria-labelledby="cities-title" data-testid="home-cities">
          <h2 id="cities-title">{t("home:cities.title")}</h2>
          <ul className="tile-grid">
            {data.cities.map((city) => (
              <li key={city.city}>
                <Link to={lp(`/accommodation?destination=${encodeURIComponent(city.city)}`)} className="city-tile">
                  {city.photo ? (
                    <ResponsivePhoto photo={city.photo} sizes="(min-width: 48rem) 18vw, 45vw" smallWithoutScript alt="" />
                  ) : null}
                  <span className="city-tile__label">
                    <strong>{city.city}</strong>
                    {t("home:stays", { count: city.count })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </StaticSection>
      ) : null}

      {data.bestSellers.length > 0 ? (
        <section className="home-section" aria-labelledby="best-sellers-title" data-testid="home-best-sellers">
          <h2 id="best-sellers-title">{t("home:bestSellers.title")}</h2>
          <div className="listing-grid">
            {data.bestSellers.map((listing) => (
              <ListingCard key={listing.id} listing={listing} saved={saved.has(`${listing.kind}:${listing.id}`)} />
            ))}
          </div>
        </section>
      ) : null}

      <BestExperiences experiences={data.experiences} />

      {data.reviews.length > 0 ? (
        <StaticSection id="home-reviews" className="home-section" aria-labelledby="home-reviews-title" data-testid="home-reviews">
          <h2 id="home-reviews-title">{t("reviews:home.title")}</h2>
          <ReviewsWithListings reviews={data.reviews} />
        </StaticSection>
      ) : null}

      {data.articles.length > 0 ? (
        <StaticSection id="home-blog" className="home-section" aria-labelledby="home-blog-title" data-testid="home-blog">
          <h2 id="home-blog-title">{t("blog:home.title")}</h2>
          <div className="article-grid">
            {data.articles.map((article) => (
              <ArticleCard key={article.id} article={article} headingLevel={3} />
            ))}
          </div>
          <p>
            <Link to={lp("/blog")}>{t("blog:home.all")}</Link>
          </p>
        </StaticSection>
      ) : null}

      {counters.length > 0 ? (
        <StaticSection id="home-counters" className="home-section" aria-labelledby="about-title" data-testid="home-counters">
          <h2 id="about-title">{t("home:about.title")}</h2>
          <p>{t("home:about.text")}</p>
          <ul className="counters">
            {counters.map(([name, value]) => (
              <li key={name}>
                <strong>{number.format(value)}</strong>
                {t(`home:about.${name}`, { count: value })}
              </li>
            ))}
          </ul>
        </StaticSection>
      ) : null}
    </main>
  );
}
