// The traveler's vouchers for the profile (issue 14 point 6): each with its amount, state and
// expiry (12 months after it was granted: app/domain/vouchers.ts), and the balance still to spend.
// Granting and spending are ledger lines written with their events (voucher_granted by the host's
// cancellation, voucher_spent by the payment that confirms the booking it was applied to).

import { Op } from "sequelize";
import { Reservation } from "~/db/models/reservation.server";
import { Voucher } from "~/db/models/voucher.server";
import { dateInTunis, type IsoDate } from "~/domain/stay-dates";
import { voucherExpiresAt, voucherState, type VoucherState } from "~/domain/vouchers";

export interface TravelerVoucher {
  id: number;
  amount: number;
  state: VoucherState;
  grantedOn: IsoDate;
  expiresOn: IsoDate;
  /** The cancelled stay that gave it, and the booking it was spent on. */
  sourceReference: string | null;
  appliedReference: string | null;
}

export async function travelerVouchers(userId: number, now = new Date()): Promise<{ balance: number; vouchers: TravelerVoucher[] }> {
  const rows = await Voucher.findAll({ where: { userId }, order: [["id", "DESC"]], limit: 100 });
  const ids = rows.flatMap((row) => [row.sourceReservationId, row.appliedReservationId]).filter((id): id is number => id !== null);
  const references = new Map(
    (await Reservation.findAll({ where: { id: { [Op.in]: ids }, travelerId: userId }, attributes: ["id", "reference"] })).map((stay) => [stay.id, stay.reference]),
  );
  const vouchers = rows.map((row) => ({
    id: row.id,
    amount: row.amount,
    state: voucherState(row, now),
    grantedOn: dateInTunis(row.createdAt),
    expiresOn: dateInTunis(voucherExpiresAt(row.createdAt)),
    sourceReference: row.sourceReservationId ? (references.get(row.sourceReservationId) ?? null) : null,
    appliedReference: row.appliedReservationId ? (references.get(row.appliedReservationId) ?? null) : null,
  }));
  return { balance: vouchers.filter((voucher) => voucher.state === "available").reduce((sum, voucher) => sum + voucher.amount, 0), vouchers };
}
