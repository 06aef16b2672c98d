// The frame of every /admin page: the one admin navigation above the page. Its loader lets only
// the team in (each page still checks its own capability, ADR 170).
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { i18n: ["console"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request, "read");
  return { role: user.role };
}

export default function AdminLayout() {
  return (
    <div className="admin-console">
      <AdminNav />
      <Outlet />
    </div>
  );
}
