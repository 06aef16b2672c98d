// Operators at /admin/claims (issue 14 point 5, ADR 142): decide a claim (accept in full, in part
// with an amount, or refuse, with a note) and withhold or release a stay's earning in a dispute.
// A decision, its ledger lines (the traveler's refund owed, the host's claim deduction) and the
// refund to settle commit in one transaction with its audit row (ADR 170); the open claim's hold on
// the earning ends with it. Support reads these pages; only an operator decides (capability "money").

import { Op } from "sequelize";
import { Claim } from "~/db/models/claim.server";
import { EarningHold } from "~/db/models/earning-hold.server";
import { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { claimOutcome, type ClaimDecision } from "~/domain/claims";
import { can, type AdminCapability } from "~/domain/staff-roles";
import { audit } from "~/services/admin/audit.server";
import { claimCapOf, notifyClaimSides, toClaimViews, type ClaimView } from "~/services/money/claims.server";
import { notifyClaimDecided } from "~/services/money/claim-emails.server";
import { releaseStay, withholdStay } from "~/services/money/earning-holds.server";
import { recordClaimDecided } from "~/services/money/ledger.server";
import { recordRefund, refundBankFee } from "~/services/payments/refund.server";
import { AppError } from "~/utils/app-error";

interface Actor {
  id: number;
  role: string;
}

function requireStaff(actor: Actor, capability: AdminCapability): void {
  if (!can(actor.role, capability)) throw new AppError(403, "claims:errors.forbidden", { code: "forbidden" });
}

export interface OperatorClaimRow extends ClaimView {
  reference: string;
  reservationPath: string;
  checkIn: string;
  checkOut: string;
  travelerName: string;
  hostName: string;
  /** The most the operator may grant now. */
  cap: number;
}

/** /admin/claims: open claims (or all, newest first), each with the stay, both parties and the cap. */
export async function claimsForOperators(operator: Actor, filter: "open" | "all"): Promise<OperatorClaimRow[]> {
  requireStaff(operator, "read");
  const claims = await Claim.findAll({ where: filter === "open" ? { status: "open" } : {}, order: [["id", filter === "open" ? "ASC" : "DESC"]], limit: 200 });
  const views = await toClaimViews(claims);
  const reservations = await Reservation.findAll({ where: { id: claims.map((claim) => claim.reservationId) } });
  const users = await User.findAll({ where: { id: claims.flatMap((claim) => [claim.travelerId, claim.hostId]) }, attributes: ["id", "firstName", "lastName"] });
  const nameOf = (id: number) => {
    const user = users.find((candidate) => candidate.id === id);
    return user ? `${user.firstName} ${user.lastName}` : "";
  };
  return Promise.all(
    claims.map(async (claim, index) => {
      const reservation = reservations.find((candidate) => candidate.id === claim.reservationId)!;
      const establishment = reservation.roomTypeId !== null || reservation.guesthouseRoomId !== null;
      return {
        ...views[index]!,
        reference: reservation.reference,
        reservationPath: `/${establishment ? "est-reservation-details" : "reservation-details"}/${reservation.id}`,
        checkIn: reservation.checkIn,
        checkOut: reservation.checkOut,
        travelerName: nameOf(claim.travelerId),
        hostName: nameOf(claim.hostId),
        cap: claim.status === "open" ? await claimCapOf(claim, reservation) : (claim.decidedAmount ?? 0),
      };
    }),
  );
}

/**
 * An operator decides an open claim. A granted amount (the cap in full, or `amount` in part,
 * never more than the cap) is owed to the traveler and comes off the host's earning; the refund
 * to settle is recorded (due in 15 days). 409 when already decided; 400 for a bad amount.
 */
export async function decideClaim(
  operator: Actor,
  claimId: number,
  decision: { decision: ClaimDecision; amount?: number | null; note: string },
  now = new Date(),
): Promise<ClaimView> {
  requireStaff(operator, "money");
  const note = decision.note.trim().slice(0, 1000);
  if (!note) throw new AppError(400, "claims:errors.noteRequired", { fields: { note: "claims:errors.noteRequired" } });
  const claim = await writeTransaction(async (transaction) => {
    const current = Number.isSafeInteger(claimId) && claimId > 0 ? await Claim.findByPk(claimId, { transaction }) : null;
    if (!current) throw new AppError(404, "claims:errors.notFound");
    if (current.status !== "open") throw new AppError(409, "claims:errors.alreadyDecided");
    const reservation = (await Reservation.findByPk(current.reservationId, { transaction }))!;
    const cap = await claimCapOf(current, reservation, transaction);
    const outcome = claimOutcome(decision.decision, cap, decision.amount);
    if ("error" in outcome) throw new AppError(400, outcome.error, { values: { cap }, fields: { amount: outcome.error } });
    const [changed] = await Claim.update(
      { status: outcome.status, openReservationId: null, decidedAmount: outcome.amount, decisionNote: note, decidedBy: operator.id, decidedAt: now, updatedAt: now },
      { where: { id: current.id, status: "open" }, transaction },
    );
    if (changed !== 1) throw new AppError(409, "claims:errors.alreadyDecided");
    if (outcome.amount > 0) {
      await recordClaimDecided(reservation, current.id, outcome.amount, now, transaction);
      const refund = await recordRefund(
        {
          reservationId: reservation.id,
          paymentId: null,
          travelerId: reservation.travelerId,
          reason: "claim",
          grossAmount: outcome.amount,
          bankFee: refundBankFee(),
          dedupeKey: `claim:${current.id}`,
          now,
        },
        transaction,
      );
      if (refund) await refund.update({ claimId: current.id }, { transaction });
    }
    await audit(transaction, {
      operatorId: operator.id,
      kind: `claim.${decision.decision}`,
      recordId: current.id,
      reason: note,
      details: { reservation: reservation.reference, amount: outcome.amount },
      now,
    });
    // Both sides are told, with the amount granted ("claim.accepted" / "claim.partial" / "claim.refused").
    await notifyClaimSides(transaction, `claim.${outcome.status}`, reservation, ["traveler", "host"], now, { amount: outcome.amount, ownEmail: true });
    return (await Claim.findByPk(current.id, { transaction }))!;
  });
  await notifyClaimDecided(claim);
  return (await toClaimViews([claim]))[0]!;
}

export interface StayHoldRow {
  reservationId: number;
  reference: string;
  reason: string;
  since: string;
}

/** The stays an operator hold withholds now. */
export async function openHolds(operator: Actor): Promise<StayHoldRow[]> {
  requireStaff(operator, "read");
  const holds = await EarningHold.findAll({ where: { releasedAt: { [Op.is]: null } }, order: [["id", "DESC"]], limit: 200 });
  const reservations = await Reservation.findAll({ where: { id: holds.map((hold) => hold.reservationId) }, attributes: ["id", "reference"] });
  return holds.map((hold) => ({
    reservationId: hold.reservationId,
    reference: reservations.find((reservation) => reservation.id === hold.reservationId)?.reference ?? `#${hold.reservationId}`,
    reason: hold.reason,
    since: hold.createdAt.toISOString(),
  }));
}

/** Withholds or releases a stay's earning, named by its reservation reference. */
export async function holdStayByReference(operator: Actor, action: "withhold" | "release", reference: string, reason: string, now = new Date()): Promise<void> {
  requireStaff(operator, "money");
  const reservation = await Reservation.findOne({ where: { reference: reference.trim().toUpperCase() }, attributes: ["id"] });
  if (!reservation) throw new AppError(404, "claims:errors.stayNotFound", { fields: { reference: "claims:errors.stayNotFound" } });
  if (action === "withhold") await withholdStay(operator, reservation.id, reason, now);
  else await releaseStay(operator, reservation.id, reason, now);
}
