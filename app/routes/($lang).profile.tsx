import { type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/utils/auth.server";
import { useLocalizedPath } from "~/utils/localized-path";

// /profile/{subpages?}: the signed-in user's own pages. Every child needs a signed-in user.

export const handle = { i18n: ["profile", "auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { firstName: user.firstName, emailVerified: user.emailVerified, hostMode: user.hostMode };
}

const tabs = [
  { to: "/profile", label: "nav.general", end: true },
  { to: "/profile/security", label: "nav.security" },
  { to: "/profile/settings", label: "nav.settings" },
  { to: "/profile/favorites", label: "nav.favorites" },
  { to: "/profile/trips", label: "nav.trips" },
  { to: "/profile/public", label: "nav.public" },
  { to: "/profile/mode", label: "nav.mode" },
  { to: "/profile/developers", label: "nav.developers" },
];

export default function ProfileLayout() {
  const { emailVerified } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  const lp = useLocalizedPath();
  return (
    <main className="profile-page">
      <nav className="profile-tabs" aria-label={t("nav.label")}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={lp(tab.to)} end={tab.end}>
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <Form method="post" action={lp("/auth/logout")} className="profile-tabs__logout">
          <button type="submit" className="button button--ghost button--small">
            {t("nav.logout")}
          </button>
        </Form>
      </nav>
      <div className="profile-content">
        {!emailVerified ? (
          <p className="notice">
            {t("unverifiedNotice")} <Link to={lp("/verify")}>{t("unverifiedLink")}</Link>
          </p>
        ) : null}
        <Outlet />
      </div>
    </main>
  );
}
