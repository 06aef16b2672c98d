// Vouchers (PRODUCT.md "Cancellation and refunds", issue 14 point 6): the service fee of a stay
// the host cancelled, given back as a credit on the traveler's next booking, valid 12 months
// from the instant it is granted (ADR 141).

export const VOUCHER_VALIDITY_MONTHS = 12;

/** `instant` moved by `months` calendar months (UTC), the day clamped to the month's last. */
function addMonths(instant: Date, months: number): Date {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = new Date(instant.getTime());
  moved.setUTCFullYear(year, month, Math.min(instant.getUTCDate(), lastDay));
  return moved;
}

/** When a voucher granted at `grantedAt` stops being spendable. */
export function voucherExpiresAt(grantedAt: Date): Date {
  return addMonths(grantedAt, VOUCHER_VALIDITY_MONTHS);
}

/** Vouchers granted after this instant are still valid at `now`. */
export function oldestValidVoucherGrant(now: Date): Date {
  return addMonths(now, -VOUCHER_VALIDITY_MONTHS);
}

export type VoucherState = "available" | "applied" | "expired";

/** A voucher's state at `now`: applied (spent on a booking), expired (12 months passed), or available. */
export function voucherState(voucher: { status: "available" | "applied"; createdAt: Date }, now: Date): VoucherState {
  if (voucher.status === "applied") return "applied";
  return voucherExpiresAt(voucher.createdAt).getTime() > now.getTime() ? "available" : "expired";
}
