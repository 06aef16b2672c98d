// /admin/calendar-conflicts: operators see every night an imported calendar lists that a Darna
// reservation holds (the reservation is kept; the host is told by e-mail). Read-only.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { listConflicts } from "~/services/calendar-sync/feeds.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["calendar-sync"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const t = await getFixedT(await getLanguage(request), "calendar-sync");
  return { conflicts: await listConflicts({}), title: String(t("admin.conflictsTitle")) };
}

export default function CalendarConflictsPage() {
  const { conflicts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("calendar-sync");
  const lp = useLocalizedPath();
  return (
    <main className="admin-page">
      <h1>{t("admin.conflictsTitle")}</h1>
      {conflicts.length === 0 ? <p>{t("admin.none")}</p> : null}
      {conflicts.length > 0 ? (
        <table data-testid="calendar-conflicts">
          <thead>
            <tr>
              <th scope="col">{t("admin.listing")}</th>
              <th scope="col">{t("admin.night")}</th>
              <th scope="col">{t("admin.source")}</th>
              <th scope="col">{t("admin.reservation")}</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map((conflict) => (
              <tr key={`${conflict.feedId}-${conflict.night}-${conflict.reservationId}`}>
                <td>
                  <Link to={lp(`/admin/listings/${conflict.listingId}`)}>{conflict.listingTitle || `#${conflict.listingId}`}</Link>
                </td>
                <td>{conflict.night}</td>
                <td>{t(`sources.${conflict.source}`)}</td>
                <td>{conflict.reference}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </main>
  );
}
