// The kinds of team action the audit log knows (ADR 170): "<record type>.<what was done>".
// A new admin action adds its kind here (and its label in locales/*/console.json, "audit.kinds.<record type>.<action>").
export const AUDIT_KINDS = [
  "listing.approve",
  "listing.request_corrections",
  "listing.reject",
  "listing.suspend",
  "listing.reinstate",
  "listing.remove",
  "payment.confirm",
  "payment.refuse",
  "currency.add",
  "currency.update",
  "payout.confirm",
  "payout.refuse",
  "payout.pin",
  "review_report.keep",
  "review_report.hide",
  "quality_check.passed",
  "quality_check.warned",
  "quality_check.suspended",
  "host.impose",
  "host.lift",
  "user.suspend",
  "user.reinstate",
  "user.grant_role",
  "user.revoke_role",
  "user.resend_verification",
  "claim.accept",
  "claim.partial",
  "claim.refuse",
  "refund.mark_paid",
  "reservation.withhold_earning",
  "reservation.release_earning",
  "article.create",
  "article.update",
  "article.publish",
  "article.unpublish",
  "friend_trip_request.status",
  "friend_trip_request.note",
  "friend_trip_pack.price",
  "friend_trip_pack.promotion",
  "partner_proposal.approve",
  "partner_proposal.refuse",
  "experience.approve",
  "experience.reject",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === "string" && (AUDIT_KINDS as readonly string[]).includes(value);
}

/** The record type an audit kind is about ("listing" for "listing.suspend"). */
export function recordTypeOf(kind: AuditKind): string {
  return kind.slice(0, kind.indexOf("."));
}
