// A host's revenues from its ledger lines (app/domain/ledger.ts), stay by stay: gross (the
// stays' nights − discount + cleaning), commission, refunds borne and net (what the host keeps),
// per month of check-in and per listing. net = gross − commission − refunds.

import type { LedgerAccount, LedgerKind } from "~/domain/ledger";
import { dateInTunis, type IsoDate } from "~/domain/stay-dates";

export interface StayLine {
  reservationId: number;
  listingId: number;
  checkIn: IsoDate;
  account: LedgerAccount;
  kind: LedgerKind;
  amount: number;
}

export interface RevenueTotals {
  gross: number;
  commission: number;
  refunds: number;
  net: number;
}

export interface StayRevenue extends RevenueTotals {
  reservationId: number;
  listingId: number;
  checkIn: IsoDate;
}

const zero = (): RevenueTotals => ({ gross: 0, commission: 0, refunds: 0, net: 0 });

function add(into: RevenueTotals, from: RevenueTotals): void {
  into.gross += from.gross;
  into.commission += from.commission;
  into.refunds += from.refunds;
  into.net += from.net;
}

/** One stay's revenue: earning + commission is the gross; refunds borne take their commission back with them. */
export function stayRevenues(lines: readonly StayLine[]): StayRevenue[] {
  const stays = new Map<number, StayRevenue>();
  for (const line of lines) {
    let stay = stays.get(line.reservationId);
    if (!stay) {
      stay = { reservationId: line.reservationId, listingId: line.listingId, checkIn: line.checkIn, ...zero() };
      stays.set(line.reservationId, stay);
    }
    if (line.kind === "host_earning") {
      stay.gross += line.amount;
      stay.net += line.amount;
    } else if (line.kind === "commission") {
      stay.gross += line.amount;
      stay.commission += line.amount;
    } else if (line.kind === "refund_borne" || line.kind === "claim_deduction") {
      stay.refunds -= line.amount;
      stay.net += line.amount;
    } else if (line.kind === "commission_returned") {
      stay.commission += line.amount;
      stay.refunds -= line.amount;
    }
  }
  return [...stays.values()].sort((a, b) => (a.checkIn < b.checkIn ? 1 : a.checkIn > b.checkIn ? -1 : b.reservationId - a.reservationId));
}

/** The 12 months shown: a year's January to December, or the 12 months up to `now`'s (Tunis). */
export function reportMonths(year: number | null, now: Date): string[] {
  if (year !== null) return Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, "0")}`);
  const today = dateInTunis(now);
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  const months: string[] = [];
  for (let index = 0; index < 12; index++) {
    months.unshift(`${y}-${String(m).padStart(2, "0")}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return months;
}

export interface RevenueReport {
  totals: RevenueTotals;
  months: Array<{ month: string; net: number }>;
  listings: Array<RevenueTotals & { listingId: number; stays: number }>;
  stays: StayRevenue[];
}

/** The stays checked in during `months` (and of `listingId` when given), summed. */
export function revenueReport(lines: readonly StayLine[], months: readonly string[], listingId: number | null = null): RevenueReport {
  const inPeriod = new Set(months);
  const stays = stayRevenues(lines).filter((stay) => inPeriod.has(stay.checkIn.slice(0, 7)) && (listingId === null || stay.listingId === listingId));
  const totals = zero();
  const byMonth = new Map(months.map((month) => [month, 0]));
  const byListing = new Map<number, RevenueTotals & { listingId: number; stays: number }>();
  for (const stay of stays) {
    add(totals, stay);
    const month = stay.checkIn.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + stay.net);
    let listing = byListing.get(stay.listingId);
    if (!listing) {
      listing = { listingId: stay.listingId, stays: 0, ...zero() };
      byListing.set(stay.listingId, listing);
    }
    listing.stays += 1;
    add(listing, stay);
  }
  return {
    totals,
    months: months.map((month) => ({ month, net: byMonth.get(month) ?? 0 })),
    listings: [...byListing.values()].sort((a, b) => b.net - a.net || a.listingId - b.listingId),
    stays,
  };
}

/** The bars of the chart: each month's height in 0–100 of the highest month (negative months draw nothing). */
export function barHeights(months: ReadonlyArray<{ net: number }>): number[] {
  const highest = Math.max(0, ...months.map((month) => month.net));
  return months.map((month) => (highest === 0 || month.net <= 0 ? 0 : Math.max(1, Math.round((month.net * 100) / highest))));
}
