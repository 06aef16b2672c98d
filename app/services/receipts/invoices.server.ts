// A host's monthly commission invoice (issue 14 point 7). Darna invoices the commission it took
// on the host's stays in a month (Africa/Tunis): the ledger's platform lines `commission` and
// `commission_returned` of that month, stay by stay. An invoice is issued for a month once it is
// over, the first time the host (or an operator) asks for it (ADR 143), numbered in the year's
// gap-free sequence (invoice-numbers.server.ts), with the host's name and company as they stand
// at that moment; the ledger is append-only and the month closed, so its lines never change.

import { Op, UniqueConstraintError } from "sequelize";
import { HostCompany } from "~/db/models/host-company.server";
import { HostInvoice } from "~/db/models/host-invoice.server";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Listing } from "~/db/models/listing.server";
import { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { writeTransaction } from "~/db/write-transaction.server";
import type { LedgerKind } from "~/domain/ledger";
import { invoiceNumber } from "~/domain/receipt-numbers";
import { can } from "~/domain/staff-roles";
import { addMonths, dateInTunis, parseIsoMonth, tunisInstant } from "~/domain/stay-dates";
import { allocateInvoiceNumber, prepareInvoiceYear } from "~/services/receipts/invoice-numbers.server";
import { AppError } from "~/utils/app-error";

const COMMISSION_KINDS: LedgerKind[] = ["commission", "commission_returned"];

const notFound = () => new AppError(404, "receipts:errors.notFound", { code: "not_found" });

function monthBounds(month: string): { from: Date; to: Date } {
  return { from: tunisInstant(`${month}-01`), to: tunisInstant(`${addMonths(month, 1)}-01`) };
}

/** The month in progress in Tunis at `now` (YYYY-MM): the last one that cannot be invoiced yet. */
function currentMonth(now: Date): string {
  return dateInTunis(now).slice(0, 7);
}

function commissionLines(hostId: number, where: { from?: Date; to: Date }) {
  return LedgerLine.findAll({
    where: {
      hostId,
      account: "platform",
      kind: COMMISSION_KINDS,
      createdAt: where.from ? { [Op.gte]: where.from, [Op.lt]: where.to } : { [Op.lt]: where.to },
    },
    attributes: ["reservationId", "amount", "createdAt"],
    order: [["id", "ASC"]],
  });
}

export interface InvoiceMonth {
  month: string;
  commission: number;
  invoice: { id: number; number: string } | null;
}

/** The host's invoiceable months (over, with commission lines), newest first, with their invoice once issued. */
export async function hostInvoiceMonths(hostId: number, now = new Date(), limit = 24): Promise<InvoiceMonth[]> {
  const lines = await commissionLines(hostId, { to: monthBounds(currentMonth(now)).from });
  const totals = new Map<string, number>();
  for (const line of lines) {
    const month = dateInTunis(line.createdAt).slice(0, 7);
    totals.set(month, (totals.get(month) ?? 0) + line.amount);
  }
  const invoices = await HostInvoice.findAll({ where: { hostId }, attributes: ["id", "month", "year", "number", "commission"] });
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.month, invoice]));
  return [...totals.keys()]
    .sort()
    .reverse()
    .slice(0, limit)
    .map((month) => {
      const invoice = invoiceOf.get(month);
      return {
        month,
        commission: invoice ? invoice.commission : totals.get(month)!,
        invoice: invoice ? { id: invoice.id, number: invoiceNumber(invoice) } : null,
      };
    });
}

/**
 * The host's invoice of `month`, issued now if it was not: 404 for a month not over yet or
 * without commission lines. Two requests at once get the same invoice and one number.
 */
export async function issueHostInvoice(hostId: number, month: string, now = new Date()): Promise<{ id: number }> {
  if (!parseIsoMonth(month) || month >= currentMonth(now)) throw notFound();
  const existing = await HostInvoice.findOne({ where: { hostId, month }, attributes: ["id"] });
  if (existing) return { id: existing.id };
  const lines = await commissionLines(hostId, monthBounds(month));
  if (lines.length === 0) throw notFound();
  const commission = lines.reduce((sum, line) => sum + line.amount, 0);
  const year = Number(dateInTunis(now).slice(0, 4));
  await prepareInvoiceYear(year);
  try {
    return await writeTransaction(async (transaction) => {
      const number = await allocateInvoiceNumber(year, transaction);
      // After the sequence's lock: an invoice another request wrote meanwhile is visible here.
      const written = await HostInvoice.findOne({ where: { hostId, month }, attributes: ["id"], transaction });
      if (written) throw new AlreadyIssued(written.id);
      const [host, company] = await Promise.all([
        User.findByPk(hostId, { attributes: ["firstName", "lastName"], transaction }),
        HostCompany.findOne({ where: { userId: hostId }, transaction }),
      ]);
      const invoice = await HostInvoice.create(
        {
          hostId,
          month,
          year,
          number,
          customerName: host ? `${host.firstName} ${host.lastName}`.trim() : `#${hostId}`,
          companyName: company?.legalName ?? null,
          companyTaxId: company?.taxId ?? null,
          companyAddress: company?.address ?? null,
          commission,
          issuedAt: now,
          createdAt: now,
          updatedAt: now,
        },
        { transaction },
      );
      return { id: invoice.id };
    });
  } catch (error) {
    // The transaction rolled back, its number with it.
    if (error instanceof AlreadyIssued) return { id: error.invoiceId };
    if (error instanceof UniqueConstraintError) {
      const winner = await HostInvoice.findOne({ where: { hostId, month }, attributes: ["id"] });
      if (winner) return { id: winner.id };
    }
    throw error;
  }
}

class AlreadyIssued extends Error {
  constructor(readonly invoiceId: number) {
    super("already issued");
  }
}

export interface InvoiceView {
  id: number;
  number: string;
  month: string;
  issuedAt: string;
  hostId: number;
  customerName: string;
  company: { legalName: string; taxId: string; address: string } | null;
  commission: number;
  lines: Array<{ reservationId: number; reference: string; listing: string; checkIn: string; checkOut: string; commission: number }>;
}

/** An issued invoice, for its host or the team (read capability, ADR 170; anyone else: 404). */
export async function getHostInvoice(viewer: { id: number; role: string }, id: number): Promise<InvoiceView> {
  const invoice = await HostInvoice.findByPk(id);
  if (!invoice || (invoice.hostId !== viewer.id && !can(viewer.role, "read"))) throw notFound();
  const lines = await commissionLines(invoice.hostId, monthBounds(invoice.month));
  const byStay = new Map<number, number>();
  for (const line of lines) byStay.set(line.reservationId!, (byStay.get(line.reservationId!) ?? 0) + line.amount);
  const reservations = await Reservation.findAll({
    where: { id: [...byStay.keys()] },
    attributes: ["id", "reference", "listingId", "checkIn", "checkOut"],
    order: [["checkIn", "ASC"], ["id", "ASC"]],
  });
  const listings = await Listing.findAll({ where: { id: [...new Set(reservations.map((r) => r.listingId))] }, attributes: ["id", "title"] });
  const titleOf = new Map(listings.map((listing) => [listing.id, listing.title ?? `#${listing.id}`]));
  return {
    id: invoice.id,
    number: invoiceNumber(invoice),
    month: invoice.month,
    issuedAt: invoice.issuedAt.toISOString(),
    hostId: invoice.hostId,
    customerName: invoice.customerName,
    company:
      invoice.companyName && invoice.companyTaxId && invoice.companyAddress
        ? { legalName: invoice.companyName, taxId: invoice.companyTaxId, address: invoice.companyAddress }
        : null,
    commission: invoice.commission,
    lines: reservations.map((reservation) => ({
      reservationId: reservation.id,
      reference: reservation.reference,
      listing: titleOf.get(reservation.listingId) ?? `#${reservation.listingId}`,
      checkIn: reservation.checkIn,
      checkOut: reservation.checkOut,
      commission: byStay.get(reservation.id)!,
    })),
  };
}
