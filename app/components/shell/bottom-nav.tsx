import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/utils/localized-path";
import { bottomNav } from "./shell-paths";

/**
 * SPEC.md §2: signed-in people on small screens get a bottom navigation bar (the body gets the
 * matching bottom padding). Wide screens hide it; the header menus hold the same links.
 */
export function BottomNav({ hostMode }: { hostMode: boolean }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <nav className="bottom-nav" aria-label={t("bottomNav.label")}>
      <ul>
        {bottomNav(hostMode).map((item) => (
          <li key={item.label}>
            <NavLink to={lp(item.to)} end>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
