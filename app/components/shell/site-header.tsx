import { Form, Link, NavLink } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useCloseOnNavigate } from "~/components/ui/use-close-on-navigate";
import type { DisplayCurrency } from "~/domain/money";
import type { Language } from "~/utils/i18n";
import { useLocalizedPath } from "~/utils/localized-path";
import { PreferencesMenu } from "./preferences-menu";
import {
  browseNav,
  hostingNav,
  hostMenu,
  operatorMenu,
  hostModePath,
  loginPath,
  logoutPath,
  modeSwitchPath,
  notificationsPath,
  signupPath,
  userMenu,
  type NavItem,
} from "./shell-paths";
import { isMessagesPath, UNSEEN_DESCRIPTION_ID, UnseenCount } from "./unseen-count";
import { isStaffRole, type UserRole } from "~/domain/staff-roles";

/** What the shell needs to know of the signed-in user (a subset of SessionUser). */
export interface ShellUser {
  firstName: string;
  lastName: string;
  hostMode: boolean;
  role?: UserRole;
}

export function SiteHeader({
  user,
  unseen = 0,
  notifications = 0,
  live = false,
  language,
  currency,
  currencies,
}: {
  user: ShellUser | null;
  /** Unseen messages of the signed-in user (live with JavaScript): a count on the menus' "Messages". */
  unseen?: number;
  /** Unread notifications of the signed-in user (live with JavaScript): a count on the bell link. */
  notifications?: number;
  /** The realtime socket is connected: the counts move without a reload. */
  live?: boolean;
  language: Language;
  currency: DisplayCurrency | null;
  currencies: DisplayCurrency[] | null;
}) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <div className="site-header__bar">
        <Link to={lp("/")} className="brand" aria-label={t("nav.homeLink")}>
          <Logo />
          <span className="brand__name">{t("appName")}</span>
        </Link>

        {/* Small screens: the nav folds behind "Menu", a checkbox toggle that needs no JS. */}
        <input type="checkbox" id="nav-toggle" className="nav-toggle visually-hidden" />
        <label htmlFor="nav-toggle" className="nav-toggle__label">
          <MenuIcon />
          <span>{t("nav.menu")}</span>
        </label>

        <div className="site-header__end">
          <PreferencesMenu language={language} currency={currency} currencies={currencies} />
          {user ? (
            <>
              {user.hostMode ? <HostMenu unseen={unseen} /> : null}
              <NotificationsLink count={notifications} live={live} />
              <UserMenu user={user} unseen={unseen} />
            </>
          ) : (
            <>
              <Link to={lp(loginPath)} className="button button--ghost">
                {t("nav.login")}
              </Link>
              <Link to={lp(signupPath)} className="button">
                {t("nav.signup")}
              </Link>
            </>
          )}
        </div>

        <nav className="site-nav" aria-label={t("nav.label")}>
          <NavList items={browseNav} />
          <HostingNav user={user} />
        </nav>
      </div>
    </header>
  );
}

/** The bell: a plain link to /notifications with the unread count. */
function NotificationsLink({ count, live }: { count: number; live: boolean }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <Link
      to={lp(notificationsPath)}
      className="notifications-link"
      data-testid="nav-notifications"
      data-count={count}
      data-live={live ? "true" : undefined}
      aria-label={count > 0 ? t("unreadNotifications", { count }) : t("userMenu.notifications")}
    >
      <BellIcon />
      {count > 0 ? <UnseenCount count={count} testId="nav-notifications-count" /> : null}
    </Link>
  );
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

function NavList({ items }: { items: NavItem[] }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <ul>
      {items.map((item) => (
        <li key={item.label}>
          <NavLink to={lp(item.to)} prefetch="intent">
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Become host, Host mode, Channel Manager. Signed in, "Host mode" is a one-click switch (a POST
 * to /profile/mode that lands on the dashboard), and "Traveler mode" switches back.
 */
function HostingNav({ user }: { user: ShellUser | null }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <ul className="site-nav__hosting">
      {hostingNav.map((item) =>
        item.to === hostModePath && user ? (
          <li key={item.label}>
            <Form method="post" action={lp(modeSwitchPath)} className="site-nav__form">
              <input type="hidden" name="mode" value={user.hostMode ? "traveler" : "host"} />
              <input type="hidden" name="redirectTo" value={lp(user.hostMode ? "/" : hostModePath)} />
              <button type="submit" className="site-nav__button">
                {user.hostMode ? t("nav.travelerMode") : t(item.label)}
              </button>
            </Form>
          </li>
        ) : (
          <li key={item.label}>
            <NavLink to={lp(item.to)} prefetch="intent">
              {t(item.label)}
            </NavLink>
          </li>
        ),
      )}
    </ul>
  );
}

function MenuLinks({ items, unseen = 0 }: { items: NavItem[]; unseen?: number }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <>
      {items.map((item) => (
        <li key={item.label}>
          {unseen > 0 && isMessagesPath(item.to) ? (
            <Link to={lp(item.to)} aria-describedby={UNSEEN_DESCRIPTION_ID}>
              {t(item.label)}
              <UnseenCount count={unseen} testId="menu-unseen" />
            </Link>
          ) : (
            <Link to={lp(item.to)}>{t(item.label)}</Link>
          )}
        </li>
      ))}
    </>
  );
}

function UserMenu({ user, unseen }: { user: ShellUser; unseen: number }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigate(ref);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <details className="menu user-menu" ref={ref}>
      <summary
        className="menu__summary"
        aria-label={t("userMenu.label", { name })}
        aria-describedby={unseen > 0 ? UNSEEN_DESCRIPTION_ID : undefined}
      >
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        <span className="user-menu__name">{user.firstName}</span>
        {unseen > 0 ? <UnseenCount count={unseen} testId="nav-unseen" description={t("unseenMessages", { count: unseen })} /> : null}
      </summary>
      <ul className="menu__panel">
        <MenuLinks items={userMenu} unseen={unseen} />
        {isStaffRole(user.role) ? <MenuLinks items={operatorMenu} /> : null}
        <li>
          <Form method="post" action={lp(logoutPath)}>
            <button type="submit" className="menu__button">
              {t("userMenu.logout")}
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}

function HostMenu({ unseen }: { unseen: number }) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigate(ref);
  return (
    <details className="menu host-menu" ref={ref}>
      <summary className="menu__summary">{t("hostMenu.label")}</summary>
      <ul className="menu__panel">
        <MenuLinks items={hostMenu} unseen={unseen} />
      </ul>
    </details>
  );
}

function Logo() {
  return (
    <svg className="brand__logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="currentColor" />
      <path d="M7 17 16 9l9 8v8h-6v-6h-6v6H7z" fill="#fff" />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
