// Operator holds on a stay's host earning (a dispute, PRODUCT.md "Host money"): while a hold is
// open the stay's ledger lines count as withheld, not available (ledger.server.ts). The host is
// notified of each hold and release in the same transaction (ADR 146, category "claims"), which
// also writes the audit row (ADR 170). Deciding money is the "money" capability (operators only).

import type { Transaction } from "sequelize";
import { EarningHold } from "~/db/models/earning-hold.server";
import { Reservation } from "~/db/models/reservation.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { can } from "~/domain/staff-roles";
import { audit } from "~/services/admin/audit.server";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { notify } from "~/services/notifications/notify.server";
import { AppError } from "~/utils/app-error";

interface Operator {
  id: number;
  role: string;
}

function requireOperator(viewer: Operator): void {
  if (!can(viewer.role, "money")) throw new AppError(403, "money:errors.forbidden");
}

function requireReason(reason: string): string {
  const text = reason.trim();
  if (!text) throw new AppError(400, "money:errors.reasonRequired", { fields: { reason: "money:errors.reasonRequired" } });
  return text.slice(0, 1000);
}

async function notifyHost(transaction: Transaction, reservation: Reservation, kind: "dispute.withheld" | "dispute.released", now: Date) {
  await notify(transaction, { userId: reservation.hostId, kind, params: { reference: reservation.reference }, link: reservationPagePath(reservation, "host"), now });
}

/** Withholds a stay's earning (one open hold per stay: holding it again changes nothing). */
export async function withholdStay(operator: Operator, reservationId: number, reason: string, now = new Date()): Promise<void> {
  requireOperator(operator);
  const text = requireReason(reason);
  await writeTransaction(async (transaction) => {
    const reservation = await Reservation.findByPk(reservationId, { attributes: ["id", "reference", "hostId", "roomTypeId", "guesthouseRoomId"], transaction });
    if (!reservation) throw new AppError(404, "money:errors.stayNotFound");
    const open = await EarningHold.findOne({ where: { reservationId, releasedAt: null }, transaction });
    if (open) return;
    await EarningHold.create({ reservationId, reason: text, createdBy: operator.id, createdAt: now, updatedAt: now }, { transaction });
    await audit(transaction, { operatorId: operator.id, kind: "reservation.withhold_earning", recordId: reservationId, reason: text, now });
    await notifyHost(transaction, reservation, "dispute.withheld", now);
  });
}

/** Releases a stay's open hold: its earning counts as pending or available again. */
export async function releaseStay(operator: Operator, reservationId: number, reason: string, now = new Date()): Promise<void> {
  requireOperator(operator);
  const text = requireReason(reason);
  await writeTransaction(async (transaction) => {
    const [released] = await EarningHold.update(
      { releasedAt: now, releasedBy: operator.id, releaseReason: text, updatedAt: now },
      { where: { reservationId, releasedAt: null }, transaction },
    );
    if (released === 0) throw new AppError(409, "money:errors.notWithheld");
    await audit(transaction, { operatorId: operator.id, kind: "reservation.release_earning", recordId: reservationId, reason: text, now });
    const reservation = await Reservation.findByPk(reservationId, { attributes: ["id", "reference", "hostId", "roomTypeId", "guesthouseRoomId"], transaction });
    if (reservation) await notifyHost(transaction, reservation, "dispute.released", now);
  });
}
