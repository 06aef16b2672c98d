// Where the shell's menus lead, and which pages hide the footer (SPEC.md §2 "Shell and
// navigation"). Paths are bare; the components put the visitor's language prefix in front.
// ADR 020 explains the choices for entries SPEC.md names without a route.
import { stripLanguage, withLanguage, type Language } from "~/utils/i18n";

export interface NavItem {
  /** Translation key in the common namespace. */
  label: string;
  to: string;
}

/** The nav bar's browsing entries. "Card" is the map ("carte"): search by map. */
export const browseNav: NavItem[] = [
  { label: "nav.accommodation", to: "/accommodation" },
  { label: "nav.experiences", to: "/experiences" },
  { label: "nav.owners", to: "/host" },
  { label: "nav.friendTrip", to: "/friend-trip" },
  { label: "nav.blog", to: "/blog" },
  { label: "nav.card", to: "/search-by-map" },
];

export const hostModePath = "/dashboard";
/** POST mode=host|traveler (accounts): switches the signed-in user's mode. */
export const modeSwitchPath = "/profile/mode";

/** The nav bar's hosting entries. */
export const hostingNav: NavItem[] = [
  { label: "nav.becomeHost", to: "/become-host" },
  { label: "nav.hostMode", to: hostModePath },
  { label: "nav.channelManager", to: "/dashboard/channel-manager" },
];

export const loginPath = "/auth/login";
export const signupPath = "/auth/signup";
export const logoutPath = "/auth/logout";

/** The notification centre (ADR 146); the header's bell leads there too. */
export const notificationsPath = "/notifications";

/** The signed-in user's menu; Logout is a POST form and is added by the component. */
export const userMenu: NavItem[] = [
  { label: "userMenu.notifications", to: notificationsPath },
  { label: "userMenu.profile", to: "/profile" },
  { label: "userMenu.messages", to: "/messages" },
  { label: "userMenu.favorites", to: "/profile/favorites" },
  { label: "userMenu.becomeHost", to: "/become-host" },
  { label: "userMenu.createListing", to: "/become-host" },
];

/** Added to the user menu of the team (roles "support" and "operator"): the console and its queues. */
export const operatorMenu: NavItem[] = [
  { label: "operatorMenu.console", to: "/admin" },
  { label: "operatorMenu.listings", to: "/admin/listings" },
  { label: "operatorMenu.payments", to: "/admin/payments" },
  { label: "operatorMenu.currencies", to: "/admin/currencies" },
  { label: "operatorMenu.calendarConflicts", to: "/admin/calendar-conflicts" },
  { label: "operatorMenu.partners", to: "/admin/partners" },
];

export const hostMenu: NavItem[] = [
  { label: "hostMenu.calendar", to: "/dashboard/calendrier" },
  { label: "hostMenu.accommodations", to: "/dashboard/listings" },
  { label: "hostMenu.revenues", to: "/dashboard/revenues" },
  { label: "hostMenu.reservations", to: "/dashboard/reservations" },
  { label: "hostMenu.messages", to: "/dashboard/messages" },
  { label: "hostMenu.createListing", to: "/become-host" },
  { label: "hostMenu.channelManager", to: "/dashboard/channel-manager" },
];

/** The bottom navigation bar of signed-in small screens. */
export function bottomNav(hostMode: boolean): NavItem[] {
  return hostMode
    ? [
        { label: "hostMenu.calendar", to: "/dashboard/calendrier" },
        { label: "hostMenu.reservations", to: "/dashboard/reservations" },
        { label: "hostMenu.messages", to: "/dashboard/messages" },
        { label: "userMenu.profile", to: "/profile" },
      ]
    : [
        { label: "bottomNav.explore", to: "/" },
        { label: "userMenu.favorites", to: "/profile/favorites" },
        { label: "userMenu.messages", to: "/messages" },
        { label: "userMenu.profile", to: "/profile" },
      ];
}

const footerlessFragments = ["/dashboard", "/payment", "/auth", "/reservation-details"];

/** SPEC.md §2: the footer is hidden on paths containing these fragments (literally). */
export function showsFooter(pathname: string): boolean {
  return !footerlessFragments.some((fragment) => pathname.includes(fragment));
}

/**
 * The same page in `language`: `/fr/accommodation?guests=2` → `/es/accommodation?guests=2`.
 * A `lng` query parameter is dropped, since the prefix now names the language.
 */
export function pathInLanguage(pathname: string, search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.delete("lng");
  const query = params.toString();
  return withLanguage(stripLanguage(pathname), language) + (query ? `?${query}` : "");
}
