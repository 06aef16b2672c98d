// The navigation every admin page shows (rendered once by the /admin layout route).
import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ADMIN_PAGES } from "~/components/admin/admin-pages";
import { useLocalizedPath } from "~/utils/localized-path";

export function AdminNav() {
  const { t } = useTranslation("console");
  const lp = useLocalizedPath();
  return (
    <nav className="admin-nav" aria-label={t("nav.label")} data-testid="admin-nav">
      <ul role="list">
        {ADMIN_PAGES.map((page) => (
          <li key={page.key}>
            <NavLink to={lp(page.to)} end={page.to === "/admin"} prefetch="intent">
              {t(`nav.${page.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
