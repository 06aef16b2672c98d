// The host's revenues page, CSV and API: the ledger's stay lines summed by app/domain/revenues.ts,
// with the balances (ledger.server.ts) beside them.

import { Op } from "sequelize";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Listing } from "~/db/models/listing.server";
import { Reservation } from "~/db/models/reservation.server";
import type { HostBalances } from "~/domain/ledger";
import { reportMonths, revenueReport, type RevenueTotals, type StayLine } from "~/domain/revenues";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { AppError } from "~/utils/app-error";

export interface HostRevenues {
  currency: "TND";
  year: number | null;
  listingId: number | null;
  totals: RevenueTotals & HostBalances;
  months: Array<{ month: string; net: number }>;
  listings: Array<RevenueTotals & { listingId: number; title: string; stays: number }>;
  stays: Array<RevenueTotals & { reservationId: number; reference: string; listingId: number; title: string; checkIn: string }>;
  /** For the filters: the host's listings and the years its stays check in. */
  filterListings: Array<{ id: number; title: string }>;
  years: number[];
}

/**
 * The money API is for hosts: users who have listed a property (even one since deleted) or
 * have host lines in the ledger. Anyone else (a traveler) gets 403, not a page of zeros.
 */
export async function requireRevenueHost(user: { id: number }): Promise<void> {
  const listings = await Listing.count({ where: { hostId: user.id } });
  if (listings > 0) return;
  const lines = await LedgerLine.count({ where: { hostId: user.id, account: "host" } });
  if (lines > 0) return;
  throw new AppError(403, "auth:forbidden", { code: "not_a_host" });
}

export async function hostRevenues(hostId: number, filters: { year: number | null; listingId: number | null }, now = new Date()): Promise<HostRevenues> {
  const lines = await LedgerLine.findAll({
    where: { hostId, reservationId: { [Op.ne]: null } },
    attributes: ["reservationId", "account", "kind", "amount"],
  });
  const reservationIds = [...new Set(lines.map((line) => line.reservationId!))];
  const [reservations, listings, balances] = await Promise.all([
    Reservation.findAll({ where: { id: reservationIds, hostId }, attributes: ["id", "reference", "listingId", "checkIn"] }),
    Listing.findAll({ where: { hostId }, attributes: ["id", "title"], order: [["id", "ASC"]] }),
    hostBalancesOf(hostId, now),
  ]);
  const stayOf = new Map(reservations.map((reservation) => [reservation.id, reservation]));
  const titleOf = new Map(listings.map((listing) => [listing.id, listing.title ?? `#${listing.id}`]));
  const stayLines: StayLine[] = lines.flatMap((line) => {
    const stay = stayOf.get(line.reservationId!);
    return stay ? [{ reservationId: stay.id, listingId: stay.listingId, checkIn: stay.checkIn, account: line.account, kind: line.kind, amount: line.amount }] : [];
  });
  const report = revenueReport(stayLines, reportMonths(filters.year, now), filters.listingId);
  const years = [...new Set([Number(reportMonths(null, now)[11]!.slice(0, 4)), ...reservations.map((reservation) => Number(reservation.checkIn.slice(0, 4)))])].sort((a, b) => b - a);
  return {
    currency: "TND",
    year: filters.year,
    listingId: filters.listingId,
    totals: { ...report.totals, ...balances },
    months: report.months,
    listings: report.listings.map((listing) => ({ ...listing, title: titleOf.get(listing.listingId) ?? `#${listing.listingId}` })),
    stays: report.stays.map((stay) => ({ ...stay, reference: stayOf.get(stay.reservationId)!.reference, title: titleOf.get(stay.listingId) ?? `#${stay.listingId}` })),
    filterListings: listings.map((listing) => ({ id: listing.id, title: titleOf.get(listing.id)! })),
    years,
  };
}

/** The stays of the report as CSV (amounts in dinars with three decimals). */
export function revenuesCsv(revenues: HostRevenues, header: string[]): string {
  const dinars = (millimes: number) => (millimes / 1000).toFixed(3);
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const rows = revenues.stays.map((stay) =>
    [stay.reference, stay.title, stay.checkIn, dinars(stay.gross), dinars(stay.commission), dinars(stay.refunds), dinars(stay.net)].map(cell).join(","),
  );
  return [header.map(cell).join(","), ...rows].join("\r\n") + "\r\n";
}
