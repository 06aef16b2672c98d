// /become-host: what listing on Darna takes, a start button, and the signed-in host's drafts to resume.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listHostListings } from "~/services/listings/listing-view.server";
import listingStyles from "~/styles/listings.css?url";
import { getOptionalUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["listing"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const t = await getFixedT(await getLanguage(request), "listing");
  const listings = user ? await listHostListings(user.id) : [];
  return {
    signedIn: Boolean(user),
    drafts: listings.filter((listing) => listing.nextStep !== null),
    title: t("becomeHost.title"),
  };
}

export default function BecomeHostPage() {
  const { drafts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listing");
  const lp = useLocalizedPath();
  return (
    <main className="become-host">
      <h1>{t("becomeHost.title")}</h1>
      <p className="lead">{t("becomeHost.intro")}</p>
      <ol className="become-host__points">
        <li>{t("becomeHost.point1")}</li>
        <li>{t("becomeHost.point2")}</li>
        <li>{t("becomeHost.point3")}</li>
      </ol>
      <p>
        <Link to={lp("/become-host/address")} className="button">
          {t("becomeHost.start")}
        </Link>
      </p>
      {drafts.length ? (
        <section aria-labelledby="drafts-title">
          <h2 id="drafts-title">{t("becomeHost.drafts")}</h2>
          <ul className="draft-list">
            {drafts.map((draft) => (
              <li key={draft.id}>
                <strong>{draft.title ?? t("dashboard.untitled")}</strong> {draft.city ? `· ${draft.city}` : null}{" "}
                <Link to={lp(`/become-host/${draft.nextStep}?listing=${draft.id}`)}>{t("dashboard.resume", { step: t(`steps.${draft.nextStep}.title`) })}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
