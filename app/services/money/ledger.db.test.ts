import { describe, expect, it } from "vitest";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { type Reservation } from "~/db/models/reservation.server";
import { hostBalances } from "~/domain/ledger";
import { cancelReservation } from "~/services/booking/reservation.server";
import { releaseStay, withholdStay } from "~/services/money/earning-holds.server";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";
import { paidStay } from "../../../tests/factories/money-factories";

const DAY = 86_400_000;
const now = new Date();
const asViewer = (user: { id: number; role: string }) => ({ id: user.id, role: user.role as "user" | "operator" });

async function linesOf(hostId: number) {
  return LedgerLine.findAll({ where: { hostId }, order: [["id", "ASC"]] });
}

describe("the ledger", () => {
  it("a year of stays: every balance is the sum of its lines, in SQL as in the domain", async () => {
    const host = await createBookingUser();
    const operator = await createBookingUser({ role: "operator" });
    const listing = await createPublicListing({ hostId: host.id, cancellationPolicy: "flexible", basePrice: 100_000, cleaningFee: 20_000 });
    const stays: Reservation[] = [];
    // One stay booked each month for a year, a week ahead; the last two are still to come.
    for (let month = 0; month < 12; month++) {
      const traveler = await createBookingUser();
      const when = new Date(now.getTime() - (330 - month * 30) * DAY);
      stays.push(await paidStay(traveler, listing.id, when, 7 + (month >= 10 ? 60 : 0), 2 + (month % 3)));
    }
    // The traveler cancels the first future stay in good time (flexible: everything but the fee back).
    const cancelled = stays[10]!;
    await cancelReservation(asViewer({ id: cancelled.travelerId, role: "user" }), cancelled.id, { now });
    // The host cancels the other future stay: the host keeps nothing.
    const hostCancelled = stays[11]!;
    await cancelReservation(asViewer(host), hostCancelled.id, { now });
    // An operator withholds one past stay in a dispute, and holds and releases another.
    await withholdStay(operator, stays[3]!.id, "Dispute about the pool");
    await withholdStay(operator, stays[4]!.id, "Checking");
    await releaseStay(operator, stays[4]!.id, "Resolved");

    const lines = await linesOf(host.id);
    const sql = await hostBalancesOf(host.id, now);
    const domain = hostBalances(
      lines.map((line) => line.get({ plain: true })),
      now,
      new Set([stays[3]!.id]),
    );
    expect(sql).toEqual(domain);

    // And against the stays themselves: the past ten earned their payout, one of them withheld.
    const past = stays.slice(0, 10);
    expect(sql.withheld).toBe(stays[3]!.hostPayout);
    expect(sql.available).toBe(past.reduce((sum, stay) => sum + stay.hostPayout, 0) - stays[3]!.hostPayout);
    expect(sql.paidOut).toBe(0);
    // Flexible, cancelled weeks ahead: the traveler got the nights and cleaning back, so the host keeps nothing either.
    expect(sql.pending).toBe(0);
    const cancelledLines = await LedgerLine.findAll({ where: { reservationId: cancelled.id } });
    expect(cancelledLines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    expect(cancelledLines.filter((line) => line.account === "host").reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    expect(cancelledLines.find((line) => line.kind === "refund_to_traveler")?.amount).toBe(cancelled.total - cancelled.serviceFee);

    // Each stay's lines: the traveler paid exactly what the platform and the host got.
    for (const stay of past) {
      const all = await LedgerLine.findAll({ where: { reservationId: stay.id } });
      expect(all.map((line) => line.kind).sort()).toEqual(["commission", "host_earning", "service_fee", "traveler_payment"]);
      expect(all.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    }
  });

  it("a stay not yet 24 hours past check-in is pending, then available", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const stay = await paidStay(await createBookingUser(), listing.id, now, 3, 2);
    expect(await hostBalancesOf(host.id, now)).toEqual({ pending: stay.hostPayout, available: 0, withheld: 0, paidOut: 0 });
    expect(await hostBalancesOf(host.id, new Date(now.getTime() + 5 * DAY))).toEqual({ pending: 0, available: stay.hostPayout, withheld: 0, paidOut: 0 });
  });

  it("lines are append-only: the database refuses to change or delete one", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    await paidStay(await createBookingUser(), listing.id, now, 3, 2);
    const [line] = await linesOf(host.id);
    const refusal = (error: { message: string; parent?: { message: string } }) => error.parent?.message ?? error.message;
    expect(refusal(await LedgerLine.update({ amount: 1 }, { where: { id: line!.id } }).then(() => ({ message: "updated" }), (error) => error))).toMatch(/append-only/);
    expect(refusal(await LedgerLine.destroy({ where: { id: line!.id } }).then(() => ({ message: "deleted" }), (error) => error))).toMatch(/append-only/);
    expect((await LedgerLine.findByPk(line!.id))!.amount).toBe(line!.amount);
  });

  it("holds need an operator and a reason", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const stay = await paidStay(await createBookingUser(), listing.id, now, 3, 2);
    await expect(withholdStay(asViewer(host), stay.id, "mine")).rejects.toMatchObject({ status: 403 });
    await expect(withholdStay({ id: 1, role: "operator" }, stay.id, "  ")).rejects.toMatchObject({ status: 400 });
    await expect(releaseStay({ id: 1, role: "operator" }, stay.id, "nothing held")).rejects.toMatchObject({ status: 409 });
  });
});
