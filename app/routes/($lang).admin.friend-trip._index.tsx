// /admin/friend-trip (issue 21 point 1): operators follow Friend Trip requests, filtered by state,
// pack and a search on name, e-mail or reference (a plain GET form). The team reads it (ADR 170).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { PACK_CODES, REQUEST_STATUSES, type PackCode } from "~/domain/friend-trip";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { isRequestStatus, listFriendTripRequests } from "~/services/friend-trip/friend-trip-requests.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["friend-trip", "admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  const pack = params.get("pack");
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const filters = {
    status: isRequestStatus(status) ? status : undefined,
    pack: (PACK_CODES as readonly string[]).includes(pack ?? "") ? (pack as PackCode) : undefined,
    q,
  };
  const t = await getFixedT(await getLanguage(request), "friend-trip");
  return { requests: await listFriendTripRequests(filters), filters, title: String(t("admin.title")) };
}

export default function AdminFriendTripPage() {
  const { requests, filters } = useLoaderData<typeof loader>();
  const { t } = useTranslation("friend-trip");
  const path = useLocalizedPath();
  return (
    <main className="friend-trip-admin">
      <h1>{t("admin.title")}</h1>
      <p>
        <Link to={path("/admin/friend-trip/packs")}>{t("admin.packsLink")}</Link>
      </p>
      <Form method="get" className="friend-trip-admin__filters">
        <label>
          {t("admin.status")}
          <select name="status" defaultValue={filters.status ?? ""}>
            <option value="">{t("admin.all")}</option>
            {REQUEST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("form.pack")}
          <select name="pack" defaultValue={filters.pack ?? ""}>
            <option value="">{t("admin.all")}</option>
            {PACK_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`packs.${code}.name`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("admin.search")}
          <input type="search" name="q" defaultValue={filters.q ?? ""} />
        </label>
        <button type="submit" className="button button--small">
          {t("admin.filter")}
        </button>
      </Form>
      {requests.length === 0 ? (
        <p>{t("admin.empty")}</p>
      ) : (
        <table>
          <tbody>
            {requests.map((request) => (
              <tr key={request.id} data-testid={`friend-trip-request-${request.reference}`}>
                <td>
                  <Link to={path(`/admin/friend-trip/${request.id}`)}>{request.reference}</Link>
                </td>
                <td>
                  {request.firstName} {request.lastName}
                </td>
                <td>{t(`packs.${request.pack}.name`)}</td>
                <td>
                  {request.startDate} → {request.endDate}
                </td>
                <td>{request.price === 0 ? t("free") : <Money millimes={request.price} />}</td>
                <td>{t(`statuses.${request.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
