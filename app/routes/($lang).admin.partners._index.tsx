// /admin/partners: the partner proposals waiting for an operator (issue 21 point 2; ADR 181).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { listPendingProposals } from "~/services/partners/proposals.server";
import bookingStyles from "~/styles/booking.css?url";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";

export const handle = { i18n: ["partners"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const language = await getLanguage(request);
  const t = await getFixedT(language, "partners");
  return { language, proposals: await listPendingProposals(), title: String(t("admin.title")) };
}

export default function AdminPartnersPage() {
  const { language, proposals } = useLoaderData<typeof loader>();
  const { t } = useTranslation("partners");
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  return (
    <main className="admin-partners">
      <h1>{t("admin.title")}</h1>
      {proposals.length === 0 ? <p>{t("admin.empty")}</p> : null}
      <ul className="admin-partners__list" data-testid="pending-proposals">
        {proposals.map((proposal) => (
          <li key={proposal.id} className="card" data-testid="pending-proposal">
            <h2>{proposal.name}</h2>
            <p>
              {proposal.email} · {t("admin.received", { date: at(proposal.createdAt) })}
            </p>
            <Link to={lp(`/admin/partners/${proposal.id}`)} className="button">
              {t("admin.open")}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
