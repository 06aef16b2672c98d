// The kinds of notification and the categories a user's e-mail settings choose (ADR 146). Pure:
// the pages, the API and the service read the same table. A new event (claims, Friend Trip…) adds
// its kinds here, its titles to locales/*/notifications.json, and calls notify() where it happens.

export const NOTIFICATION_CATEGORIES = ["reservations", "messages", "listings", "reviews", "payouts", "claims"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/**
 * E-mail on by default: every reservation step (refunds paid included), payouts, claims and
 * disputes, and listing news (moderation outcomes, always e-mailed before the centre existed;
 * co-hosting); messages and reviews stay on the page only.
 */
export const DEFAULT_EMAIL: Record<NotificationCategory, boolean> = {
  reservations: true,
  messages: false,
  listings: true,
  reviews: false,
  payouts: true,
  claims: true,
};

/** The prefix of a kind ("reservation.accepted" → "reservation") names its category. */
const CATEGORY_OF_PREFIX: Record<string, NotificationCategory> = {
  reservation: "reservations",
  message: "messages",
  listing: "listings",
  review: "reviews",
  payout: "payouts",
  // A refund paid (a cancellation's or an accepted claim's) is a step of the traveler's reservation.
  refund: "reservations",
  claim: "claims",
  // An operator withholding or releasing a stay's earning: the host's side of a dispute.
  dispute: "claims",
  // Co-host invitations and answers are about the host's listings.
  cohost: "listings",
  // An experience booked, cancelled or expired: a step of the traveler's (and the partner's) booking.
  experience: "reservations",
};

export function categoryOf(kind: string): NotificationCategory | null {
  return CATEGORY_OF_PREFIX[kind.split(".")[0] ?? ""] ?? null;
}

export type NotificationParams = Record<string, string | number>;

/**
 * The translation key of a notification's title: `titles.<kind>`, and `.<side>` when the same
 * event reads differently for the traveler and the host (params.side).
 */
export function titleKey(kind: string, params: NotificationParams): string {
  const side = params.side;
  return typeof side === "string" && side.length > 0 ? `titles.${kind}.${side}` : `titles.${kind}`;
}
