// /admin/audit: the team's audit log, newest first, filtered by operator, kind and record;
// paginated by a cursor in the query string (a plain GET form: works without JavaScript).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AUDIT_KINDS, isAuditKind } from "~/domain/audit";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { listAudit, listStaff } from "~/services/admin/audit.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";

export const handle = { i18n: ["console"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const RECORD_TYPES = [...new Set(AUDIT_KINDS.map((kind) => kind.split(".")[0]!))];

function positiveInt(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const query = new URL(request.url).searchParams;
  const kind = query.get("kind");
  const recordType = query.get("recordType");
  const recordId = (query.get("recordId") ?? "").trim().slice(0, 64);
  const filter = {
    operatorId: positiveInt(query.get("operator")),
    kind: isAuditKind(kind) ? kind : null,
    recordType: recordType && RECORD_TYPES.includes(recordType) ? recordType : null,
    recordId: recordId || null,
  };
  const language = await getLanguage(request);
  const t = await getFixedT(language, "console");
  const page = await listAudit({ ...filter, before: positiveInt(query.get("before")) });
  return { filter, ...page, staff: await listStaff(), language, title: String(t("audit.title")) };
}

export default function AdminAuditPage() {
  const { filter, rows, next, staff, language } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  const nextQuery = new URLSearchParams(
    Object.entries({ operator: filter.operatorId, kind: filter.kind, recordType: filter.recordType, recordId: filter.recordId, before: next })
      .filter(([, value]) => value !== null)
      .map(([key, value]) => [key, String(value)]),
  );
  return (
    <main className="admin-audit">
      <h1>{t("audit.title")}</h1>
      <Form method="get" className="admin-filters">
        <label>
          {t("audit.operator")}
          <select name="operator" defaultValue={filter.operatorId ?? ""}>
            <option value="">{t("audit.any")}</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} ({t(`roles.${member.role}`)})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("audit.kind")}
          <select name="kind" defaultValue={filter.kind ?? ""}>
            <option value="">{t("audit.any")}</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`audit.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("audit.recordType")}
          <select name="recordType" defaultValue={filter.recordType ?? ""}>
            <option value="">{t("audit.any")}</option>
            {RECORD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit.records.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("audit.recordId")}
          <input name="recordId" type="text" defaultValue={filter.recordId ?? ""} maxLength={64} />
        </label>
        <button type="submit" className="button">
          {t("audit.filter")}
        </button>
      </Form>
      {rows.length === 0 ? <p className="empty-state">{t("audit.none")}</p> : null}
      {rows.length > 0 ? (
        <table className="admin-table" data-testid="audit-log">
          <thead>
            <tr>
              <th scope="col">{t("audit.when")}</th>
              <th scope="col">{t("audit.operator")}</th>
              <th scope="col">{t("audit.kind")}</th>
              <th scope="col">{t("audit.record")}</th>
              <th scope="col">{t("audit.reason")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid={`audit-${row.kind}`}>
                <td>{at(row.createdAt)}</td>
                <td>{row.operatorName}</td>
                <td>{isAuditKind(row.kind) ? t(`audit.kinds.${row.kind}`) : row.kind}</td>
                <td>
                  {t(`audit.records.${row.recordType}`, { defaultValue: row.recordType })} #{row.recordId}
                </td>
                <td>{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {next !== null ? <Link to={`${lp("/admin/audit")}?${nextQuery}`}>{t("audit.older")}</Link> : null}
    </main>
  );
}
