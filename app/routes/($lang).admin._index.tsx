// /admin: the team's queue — for each kind of pending work, how many wait and since when, each
// linking to its page (issue 17 point 1).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { teamQueue } from "~/services/admin/admin-queue.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";

export const handle = { i18n: ["console"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const language = await getLanguage(request);
  const t = await getFixedT(language, "console");
  return { queue: await teamQueue(), language, title: String(t("queue.title")) };
}

export default function AdminHomePage() {
  const { queue, language } = useLoaderData<typeof loader>();
  const { t } = useTranslation("console");
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  return (
    <main className="admin-queue">
      <h1>{t("queue.title")}</h1>
      <table className="admin-table" data-testid="admin-queue">
        <thead>
          <tr>
            <th scope="col">{t("queue.kind")}</th>
            <th scope="col">{t("queue.count")}</th>
            <th scope="col">{t("queue.oldest")}</th>
          </tr>
        </thead>
        <tbody>
          {queue.map((line) => (
            <tr key={line.key} data-testid={`queue-${line.key}`}>
              <th scope="row">
                <Link to={lp(line.path)}>{t(`queue.kinds.${line.key}`)}</Link>
              </th>
              <td className="admin-queue__count">{line.count}</td>
              <td>{line.oldest === null ? t("queue.nothing") : line.oldest.length === 10 ? line.oldest : at(line.oldest)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
