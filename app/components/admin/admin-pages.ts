// The pages of the operator console, in the order of its navigation (one list: a new admin page
// adds one line here and its label in locales/*/console.json "nav").
export interface AdminPage {
  /** Its label is console:nav.<key>. */
  key: string;
  to: string;
}

export const ADMIN_PAGES: AdminPage[] = [
  { key: "home", to: "/admin" },
  { key: "listings", to: "/admin/listings" },
  { key: "payments", to: "/admin/payments" },
  { key: "payouts", to: "/admin/payouts" },
  { key: "refunds", to: "/admin/refunds" },
  { key: "claims", to: "/admin/claims" },
  { key: "reviews", to: "/admin/reviews" },
  { key: "quality", to: "/admin/quality" },
  { key: "calendarConflicts", to: "/admin/calendar-conflicts" },
  { key: "users", to: "/admin/users" },
  { key: "blog", to: "/admin/blog" },
  { key: "analytics", to: "/admin/analytics" },
  { key: "friendTrip", to: "/admin/friend-trip" },
  { key: "partners", to: "/admin/partners" },
  { key: "experiences", to: "/admin/experiences" },
  { key: "currencies", to: "/admin/currencies" },
  { key: "audit", to: "/admin/audit" },
  { key: "outbox", to: "/outbox" },
];
