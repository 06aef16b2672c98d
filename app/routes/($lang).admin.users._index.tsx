// /admin/users: the team finds a user by name, e-mail, phone or reservation reference (a plain
// GET form: works without JavaScript).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { searchUsers } from "~/services/admin/admin-users.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

export const handle = { i18n: ["console"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const t = await getFixedT(await getLanguage(request), "console");
  return { q, users: await searchUsers(q), title: String(t("users.title")) };
}

export default function AdminUsersPage() {
  const { q, users } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  const lp = useLocalizedPath();
  return (
    <main className="admin-users">
      <h1>{t("users.title")}</h1>
      <Form method="get" className="admin-filters" role="search">
        <label>
          {t("users.searchLabel")}
          <input name="q" type="search" defaultValue={q} maxLength={100} aria-describedby="users-hint" data-testid="users-search" />
        </label>
        <button type="submit" className="button">
          {t("users.search")}
        </button>
      </Form>
      <p id="users-hint" className="hint">
        {t("users.hint")}
      </p>
      {q.trim().length >= 2 && users.length === 0 ? <p className="empty-state">{t("users.none")}</p> : null}
      {users.length > 0 ? (
        <table className="admin-table" data-testid="users-results">
          <thead>
            <tr>
              <th scope="col">{t("users.name")}</th>
              <th scope="col">{t("users.email")}</th>
              <th scope="col">{t("users.phone")}</th>
              <th scope="col">{t("users.role")}</th>
              <th scope="col">{t("users.status")}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link to={lp(`/admin/users/${user.id}`)}>{user.name}</Link>
                </td>
                <td>{user.email}</td>
                <td>{user.phone}</td>
                <td>{t(`roles.${user.role}`)}</td>
                <td>{user.suspended ? t("users.suspended") : t("users.active")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </main>
  );
}
