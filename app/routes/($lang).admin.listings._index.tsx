// /admin/listings: the operators' moderation queue (SPEC.md §4, §6): submitted listings, oldest
// first, each with its cover, text and address, and a link to review it.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { ListingErrorBoundary } from "~/components/listings/error-boundary";
import { listModerationQueue } from "~/services/listings/listing-moderation.server";
import listingStyles from "~/styles/listings.css?url";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { actorOf } from "~/services/listings/listing-forms.server";

export const handle = { i18n: ["admin", "listing"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireAdmin(request, "read");
  const t = await getFixedT(await getLanguage(request), "admin");
  const queue = await listModerationQueue(actorOf(operator));
  return {
    title: t("queue.title"),
    queue: queue.map((item) => ({
      id: item.id,
      title: item.title,
      propertyType: item.propertyType,
      hostName: item.hostName,
      address: [item.street, item.postalCode, item.city, item.delegation, item.governorateName].filter(Boolean).join(", "),
      cover: item.photos.find((photo) => photo.isCover) ?? item.photos[0] ?? null,
      photoCount: item.photos.length,
      submittedAt: item.submittedAt,
      resubmitted: item.history.filter((event) => event.action === "submit").length > 1,
      excerpt: (item.descriptionFr ?? item.descriptionEn ?? item.descriptionEs ?? "").slice(0, 240),
    })),
  };
}

export default function ModerationQueuePage() {
  const { queue } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "listing"]);
  const lp = useLocalizedPath();
  return (
    <main className="moderation">
      <h1>{t("queue.title")}</h1>
      <p>{t("queue.intro", { count: queue.length })}</p>
      {queue.length === 0 ? <p className="notice">{t("queue.empty")}</p> : null}
      <ul className="listing-rows">
        {queue.map((item) => (
          <li key={item.id} className="listing-row" data-testid={`queue-item-${item.id}`}>
            {item.cover ? <img src={item.cover.url} srcSet={item.cover.srcSet} sizes="10rem" alt="" width={160} height={107} className="listing-row__cover" /> : null}
            <div className="listing-row__body">
              <h2>
                <Link to={lp(`/admin/listings/${item.id}`)}>{item.title ?? t("listing:dashboard.untitled")}</Link>
              </h2>
              <p className="listing-row__meta">
                {[item.propertyType ? t(`listing:types.${item.propertyType}`) : null, item.hostName, t("queue.photos", { count: item.photoCount })].filter(Boolean).join(" · ")}
              </p>
              <p>{item.address}</p>
              {item.excerpt ? <p className="excerpt">{item.excerpt}</p> : null}
              <p className="listing-row__meta">
                {t("queue.submittedAt", { date: item.submittedAt?.slice(0, 16).replace("T", " ") ?? "—" })}
                {item.resubmitted ? ` · ${t("queue.resubmitted")}` : ""}
              </p>
              <Link to={lp(`/admin/listings/${item.id}`)} className="button button--small">
                {t("queue.review")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function ErrorBoundary() {
  return <ListingErrorBoundary />;
}
