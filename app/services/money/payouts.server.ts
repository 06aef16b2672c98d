// Payout requests (PRODUCT.md "Host money"): a host asks for (part of) its available balance in
// the month's window; operators confirm (paid, with a transfer reference), refuse (with a
// reason: available again) or pin (kept open). Each step writes its ledger line in its own
// transaction; one open request per host is held by a unique index (payout_requests.open_host_id).

import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { PayoutRequest } from "~/db/models/payout-request.server";
import { User } from "~/db/models/user.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { payoutLine, type HostBalances, type LedgerKind } from "~/domain/ledger";
import { payoutRequestIssues, payoutWindow, type PayoutRequestState } from "~/domain/payouts";
import type { PayoutRequestInput } from "~/schemas/payout";
import { appendLines, hostBalancesOf } from "~/services/money/ledger.server";
import { payoutWebhook } from "~/services/webhooks/webhook-sources.server";
import { notifyHostOfPayout } from "~/services/money/payout-emails.server";
import { notify, wantsEmail } from "~/services/notifications/notify.server";
import { AppError } from "~/utils/app-error";
import { audit } from "~/services/admin/audit.server";

interface Actor {
  id: number;
  role: string;
}

const OPEN_STATES: PayoutRequestState[] = ["requested", "pinned"];

export interface PayoutRequestView {
  id: number;
  hostId: number;
  amount: number;
  status: PayoutRequestState;
  bankName: string;
  bankAddress: string;
  accountHolder: string;
  iban: string;
  transferReference: string | null;
  operatorNote: string | null;
  createdAt: string;
  decidedAt: string | null;
}

function toView(request: PayoutRequest): PayoutRequestView {
  return {
    id: request.id,
    hostId: request.hostId,
    amount: request.amount,
    status: request.status,
    bankName: request.bankName,
    bankAddress: request.bankAddress,
    accountHolder: request.accountHolder,
    iban: request.iban,
    transferReference: request.transferReference,
    operatorNote: request.operatorNote,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt ? request.decidedAt.toISOString() : null,
  };
}

const alreadyOpen = () => new AppError(409, "money:payout.errors.alreadyOpen", { code: "payout_open" });

/**
 * Inside `transaction`: checks the request (window, none open, at most the available balance)
 * and writes it with its ledger line. The seeders write the demo's requests with it.
 */
export async function insertPayoutRequest(hostId: number, input: PayoutRequestInput, now: Date, transaction: Transaction): Promise<PayoutRequest> {
  const window = payoutWindow(now);
  if (!window.isOpen) {
    throw new AppError(409, "rules:payout.outsideWindow", { code: "payout_window_closed", values: { opensOn: window.opensOn, closesOn: window.closesOn } });
  }
  if (await PayoutRequest.count({ where: { hostId, status: OPEN_STATES }, transaction })) throw alreadyOpen();
  const { available } = await hostBalancesOf(hostId, now, transaction);
  const [issue] = payoutRequestIssues(input.amount, available, now);
  if (issue) throw new AppError(422, issue.key, { code: "payout_amount", values: issue.values, fields: { amount: issue.key } });
  const request = await PayoutRequest.create({ ...input, hostId, openHostId: hostId, status: "requested", createdAt: now, updatedAt: now }, { transaction });
  const owners = { hostId, travelerId: null, reservationId: null, payoutRequestId: request.id };
  await appendLines([payoutLine("payout_requested", request.amount, now)], owners, `payout:${request.id}:requested`, now, transaction);
  await payoutWebhook(transaction, { hostId, payoutId: request.id, status: "requested", amount: request.amount, now });
  return request;
}

/**
 * The host asks to be paid `input.amount` millimes: 409 outside the window or with a request
 * open, 422 over the available balance.
 */
export async function requestPayout(host: Actor, input: PayoutRequestInput, now = new Date()): Promise<PayoutRequestView> {
  let created: PayoutRequest;
  try {
    created = await writeTransaction((transaction) => insertPayoutRequest(host.id, input, now, transaction));
  } catch (error) {
    // Two requests at once: the unique open_host_id lets only one in.
    if (error instanceof UniqueConstraintError) throw alreadyOpen();
    throw error;
  }
  await notifyHostOfPayout(created, "requested");
  return toView(created);
}

export async function hostPayoutRequests(hostId: number): Promise<PayoutRequestView[]> {
  const rows = await PayoutRequest.findAll({ where: { hostId }, order: [["id", "DESC"]] });
  return rows.map(toView);
}

function requireOperator(actor: Actor): void {
  if (actor.role !== "operator") throw new AppError(403, "money:errors.forbidden");
}

function requireText(value: string, key: string): string {
  const text = value.trim();
  if (!text) throw new AppError(400, key, { fields: { note: key } });
  return text.slice(0, 1000);
}

const PAYOUT_STEPS = { confirm: "confirmed", refuse: "refused", pin: "pinned" } as const;

export type PayoutDecision = { action: "confirm"; reference: string } | { action: "refuse"; reason: string } | { action: "pin"; note: string };

/** Inside `transaction`: an open request decided, its state and its ledger line written together. */
export async function applyPayoutDecision(operatorId: number, id: number, decision: PayoutDecision, now: Date, transaction: Transaction): Promise<PayoutRequest> {
  const current = await PayoutRequest.findByPk(id, { transaction });
  if (!current) throw new AppError(404, "money:payout.errors.notFound");
  const decided = { decidedBy: operatorId, decidedAt: now, updatedAt: now };
  const changes =
    decision.action === "confirm"
      ? { ...decided, status: "confirmed" as const, openHostId: null, transferReference: requireText(decision.reference, "money:payout.errors.referenceRequired").slice(0, 80) }
      : decision.action === "refuse"
        ? { ...decided, status: "refused" as const, openHostId: null, operatorNote: requireText(decision.reason, "money:payout.errors.reasonRequired") }
        : { ...decided, status: "pinned" as const, operatorNote: requireText(decision.note, "money:payout.errors.noteRequired") };
  const from: PayoutRequestState[] = decision.action === "pin" ? ["requested"] : OPEN_STATES;
  const [changed] = await PayoutRequest.update(changes, { where: { id, status: { [Op.in]: from } }, transaction });
  if (changed !== 1) throw new AppError(409, "money:payout.errors.alreadyDecided");
  const text = decision.action === "confirm" ? decision.reference : decision.action === "refuse" ? decision.reason : decision.note;
  await audit(transaction, { operatorId, kind: `payout.${decision.action}`, recordId: id, reason: text, details: { hostId: current.hostId, amount: current.amount }, now });
  if (decision.action !== "pin") {
    const kind = decision.action === "confirm" ? "payout_paid" : "payout_refused";
    const owners = { hostId: current.hostId, travelerId: null, reservationId: null, payoutRequestId: id };
    await appendLines([payoutLine(kind, current.amount, now)], owners, `payout:${id}:${decision.action}`, now, transaction);
  }
  await notify(transaction, {
    userId: current.hostId,
    kind: `payout.${PAYOUT_STEPS[decision.action]}`,
    params: { amount: current.amount },
    link: "/dashboard/revenues",
    email: "caller",
    now,
  });
  await payoutWebhook(transaction, { hostId: current.hostId, payoutId: id, status: changes.status, amount: current.amount, now });
  return (await PayoutRequest.findByPk(id, { transaction }))!;
}

/** An operator decides on an open request; the ledger line and the state change commit together. */
export async function decidePayout(operator: Actor, id: number, decision: PayoutDecision, now = new Date()): Promise<PayoutRequestView> {
  requireOperator(operator);
  const request = await writeTransaction((transaction) => applyPayoutDecision(operator.id, id, decision, now, transaction));
  // The step's own e-mail, when the host's settings want payout e-mails (ADR 146).
  if (await wantsEmail(request.hostId, "payouts")) await notifyHostOfPayout(request, PAYOUT_STEPS[decision.action]);
  return toView(request);
}

export interface OperatorPayoutRow extends PayoutRequestView {
  hostEmail: string;
  hostName: string;
  balances: HostBalances;
  /** The host's latest ledger lines, newest first. */
  ledger: Array<{ id: number; kind: LedgerKind; amount: number; reservationId: number | null; createdAt: string }>;
}

/** /admin/payouts: open requests (or all), each with its host's balances and latest ledger lines. */
export async function payoutRequestsForOperators(filter: "open" | "all", now = new Date()): Promise<OperatorPayoutRow[]> {
  const rows = await PayoutRequest.findAll({ where: filter === "open" ? { status: OPEN_STATES } : {}, order: [["id", "DESC"]], limit: 200 });
  return Promise.all(
    rows.map(async (row) => {
      const [host, balances, lines] = await Promise.all([
        User.findByPk(row.hostId, { attributes: ["email", "firstName", "lastName"] }),
        hostBalancesOf(row.hostId, now),
        LedgerLine.findAll({ where: { hostId: row.hostId, account: "host" }, order: [["id", "DESC"]], limit: 10 }),
      ]);
      return {
        ...toView(row),
        hostEmail: host?.email ?? "",
        hostName: host ? `${host.firstName} ${host.lastName}` : "",
        balances,
        ledger: lines.map((line) => ({ id: line.id, kind: line.kind, amount: line.amount, reservationId: line.reservationId, createdAt: line.createdAt.toISOString() })),
      };
    }),
  );
}
