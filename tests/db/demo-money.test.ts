// The demo's host money (issue 14 points 1 and 9): host@demo.darna.tn has 12 months of non-zero
// net revenue up to the day of seeding, one confirmed, one refused and one pinned payout request;
// replaying the seeded history, every host's balances equal the sums of its ledger lines (SQL and
// domain alike) and every stay's lines balance; seeding twice adds nothing.
import { Op, QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { seed } from "~/db/migrator.server";
import { Claim } from "~/db/models/claim.server";
import { EarningHold } from "~/db/models/earning-hold.server";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { PayoutRequest } from "~/db/models/payout-request.server";
import { Reservation } from "~/db/models/reservation.server";
import { getSequelize } from "~/db/sequelize.server";
import { hostBalances } from "~/domain/ledger";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { hostRevenues } from "~/services/money/revenues.server";

async function idOf(email: string): Promise<number> {
  const [row] = await getSequelize().query<{ id: number }>("SELECT id FROM users WHERE email = :email", { replacements: { email }, type: QueryTypes.SELECT });
  return Number(row!.id);
}

describe("demo host money", () => {
  it("the demo host's revenues show 12 non-zero months and the three payout states; every balance is the sum of its lines", async () => {
    await seed();
    const now = new Date();
    const hostId = await idOf("host@demo.darna.tn");

    const revenues = await hostRevenues(hostId, { year: null, listingId: null }, now);
    expect(revenues.months).toHaveLength(12);
    for (const month of revenues.months) expect(month.net, month.month).toBeGreaterThan(0);
    expect(revenues.totals.net).toBe(revenues.months.reduce((sum, month) => sum + month.net, 0));
    expect(revenues.listings.length).toBeGreaterThan(1);

    const requests = await PayoutRequest.findAll({ where: { hostId }, order: [["id", "ASC"]] });
    expect(requests.map((request) => request.status)).toEqual(["confirmed", "refused", "pinned"]);
    expect(requests[0]!.transferReference).toMatch(/^VIR-\d{6}-0042$/);
    expect(requests[1]!.operatorNote).toMatch(/does not match/);
    expect(requests[2]!.operatorNote).toBeTruthy();
    for (const request of requests) expect(request.amount).toBeGreaterThan(0);

    // The ledger tells the same story: paid out is the confirmed request; the pinned one still holds its amount.
    const balances = await hostBalancesOf(hostId, now);
    expect(balances.paidOut).toBe(requests[0]!.amount);
    const earned = Number((await LedgerLine.sum("amount", { where: { hostId, account: "host", kind: ["host_earning", "refund_borne"] } })) ?? 0);
    expect(balances.available + balances.pending + balances.withheld).toBe(earned - requests[0]!.amount - requests[2]!.amount);

    // Replay: for every host with lines, the SQL balances equal the domain's sums over its lines.
    // A stay is withheld by an operator's hold or by an open claim (ADR 142).
    const withheld = new Set((await EarningHold.findAll({ where: { releasedAt: null } })).map((hold) => hold.reservationId));
    for (const claim of await Claim.findAll({ where: { openReservationId: { [Op.ne]: null } } })) withheld.add(claim.openReservationId!);
    const hostIds = (await LedgerLine.findAll({ attributes: ["hostId"], group: ["hostId"], where: { account: "host" } })).map((line) => line.hostId!);
    expect(hostIds.length).toBeGreaterThan(3);
    for (const id of hostIds) {
      const lines = (await LedgerLine.findAll({ where: { hostId: id } })).map((line) => line.get({ plain: true }));
      expect(await hostBalancesOf(id, now), `host ${id}`).toEqual(hostBalances(lines, now, withheld));
    }
    // Every demo stay has its lines, and they balance across accounts.
    const stays = await Reservation.findAll({ where: getSequelize().where(getSequelize().fn("substr", getSequelize().col("reference"), 1, 4), "DEMO") });
    expect(stays.length).toBeGreaterThanOrEqual(25);
    for (const stay of stays) {
      const lines = await LedgerLine.findAll({ where: { reservationId: stay.id } });
      expect(lines.map((line) => line.kind).sort(), stay.reference).toEqual(["commission", "host_earning", "service_fee", "traveler_payment"]);
      expect(lines.reduce((sum, line) => sum + line.amount, 0), stay.reference).toBe(0);
      expect(lines.find((line) => line.kind === "host_earning")!.amount).toBe(stay.hostPayout);
    }

    const lineCount = await LedgerLine.count();
    await seed();
    expect(await LedgerLine.count()).toBe(lineCount);
    expect(await PayoutRequest.count({ where: { hostId } })).toBe(3);
  });
});
