// /offline: the page the service worker shows when a page cannot be loaded without a connection
// (ADR 234). It is fetched at install time, one copy per language (/en/offline, /fr/offline,
// /es/offline), without cookies, so it holds nothing private.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/utils/localized-path";
import { getFixedT, getLanguage } from "~/utils/i18n.server";

// No JavaScript (ADR 260): the service worker answers other addresses with this page, and its
// scripts would hydrate it there as the page of that address, then show the error page offline.
export const handle = { scripts: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(await getLanguage(request), "common");
  return { title: t("offlinePage.title"), description: t("offlinePage.description") };
}

export default function OfflinePage() {
  const { title } = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <main className="page" data-testid="offline-page">
      <h1>{title}</h1>
      <p>{t("offlinePage.body")}</p>
      <p>
        <Link to={lp("/profile/trips")}>{t("offlinePage.trips")}</Link>
      </p>
    </main>
  );
}
