import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/utils/localized-path";
import { bottomNav } from "./shell-paths";
import { isMessagesPath, UNSEEN_DESCRIPTION_ID, UnseenCount } from "./unseen-count";

/**
 * SPEC.md §2: signed-in people on small screens get a bottom navigation bar (the body gets the
 * matching bottom padding). Wide screens hide it; the header menus hold the same links. Its
 * "Messages" entry carries the unseen count, live with the shell's realtime socket.
 */
export function BottomNav({ hostMode, unseen = 0 }: { hostMode: boolean; unseen?: number }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <nav className="bottom-nav" aria-label={t("bottomNav.label")}>
      <ul>
        {bottomNav(hostMode).map((item) => (
          <li key={item.label}>
            {unseen > 0 && isMessagesPath(item.to) ? (
              <NavLink to={lp(item.to)} end aria-describedby={UNSEEN_DESCRIPTION_ID}>
                {t(item.label)}
                <UnseenCount count={unseen} testId="bottom-unseen" />
              </NavLink>
            ) : (
              <NavLink to={lp(item.to)} end>
                {t(item.label)}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
