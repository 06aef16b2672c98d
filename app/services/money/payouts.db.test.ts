import { UniqueConstraintError } from "sequelize";
import { describe, expect, it } from "vitest";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { PayoutRequest } from "~/db/models/payout-request.server";
import { listOutbox } from "~/services/email/email.server";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { decidePayout, hostPayoutRequests, requestPayout } from "~/services/money/payouts.server";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";
import { paidStay } from "../../../tests/factories/money-factories";

const DAY = 86_400_000;
// The 25th of a month at noon, Tunis: inside the window. The stays are booked and lived before it.
const payday = new Date(Date.UTC(2031, 4, 25, 11, 0, 0));
const bank = { bankName: "Banque de Tunisie", bankAddress: "2 rue de Turquie, Tunis", accountHolder: "Test Host", iban: "TN5910006035183598478831" };

/** A host with one paid stay, lived 40 days before payday: its earning is available. */
async function hostWithEarning() {
  const host = await createBookingUser();
  const traveler = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
  const when = new Date(payday.getTime() - 50 * DAY);
  await paidStay(traveler, listing.id, when);
  const { available } = await hostBalancesOf(host.id, payday);
  expect(available).toBeGreaterThan(0);
  return { host, available };
}


describe("payout requests", () => {
  it("two requests at once: one wins, the other is refused with 409; the balance moves once", async () => {
    const { host, available } = await hostWithEarning();
    const results = await Promise.allSettled([
      requestPayout(host, { ...bank, amount: 100_000 }, payday),
      requestPayout(host, { ...bank, amount: 100_000 }, payday),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await PayoutRequest.count({ where: { hostId: host.id } })).toBe(1);
    expect((await hostBalancesOf(host.id, payday)).available).toBe(available - 100_000);
    // The database itself holds the rule, whatever the service checked before.
    await expect(PayoutRequest.create({ ...bank, hostId: host.id, openHostId: host.id, amount: 1_000 })).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it("outside the window (24th 23:59 Tunis) 409; over the available balance 422; nothing written", async () => {
    const { host, available } = await hostWithEarning();
    const the24th = new Date(Date.UTC(2031, 4, 24, 22, 59, 0));
    await expect(requestPayout(host, { ...bank, amount: 1_000 }, the24th)).rejects.toMatchObject({ status: 409, key: "rules:payout.outsideWindow" });
    await expect(requestPayout(host, { ...bank, amount: available + 1 }, payday)).rejects.toMatchObject({ status: 422 });
    expect(await PayoutRequest.count({ where: { hostId: host.id } })).toBe(0);
    expect(await LedgerLine.count({ where: { hostId: host.id, kind: "payout_requested" } })).toBe(0);
    // The 25th at 00:00 Tunis, the whole balance: accepted.
    const the25th = new Date(Date.UTC(2031, 4, 24, 23, 0, 0));
    await expect(requestPayout(host, { ...bank, amount: available }, the25th)).resolves.toMatchObject({ status: "requested" });
  });

  it("refused: available again; pinned: kept open; confirmed: paid out; the host is e-mailed at each step", async () => {
    const { host, available } = await hostWithEarning();
    const operator = await createBookingUser({ role: "operator" });
    const first = await requestPayout(host, { ...bank, amount: 50_000 }, payday);
    await expect(decidePayout(host, first.id, { action: "refuse", reason: "no" }, payday)).rejects.toMatchObject({ status: 403 });
    await expect(decidePayout(operator, first.id, { action: "refuse", reason: "  " }, payday)).rejects.toMatchObject({ status: 400 });
    await decidePayout(operator, first.id, { action: "refuse", reason: "The account holder does not match" }, payday);
    expect(await hostBalancesOf(host.id, payday)).toMatchObject({ available, paidOut: 0 });

    const second = await requestPayout(host, { ...bank, amount: 60_000 }, payday);
    await decidePayout(operator, second.id, { action: "pin", note: "Waiting for the bank" }, payday);
    await expect(requestPayout(host, { ...bank, amount: 1_000 }, payday)).rejects.toMatchObject({ status: 409 });
    expect(await hostBalancesOf(host.id, payday)).toMatchObject({ available: available - 60_000, paidOut: 0 });

    const confirmed = await decidePayout(operator, second.id, { action: "confirm", reference: "VIR-2031-0001" }, payday);
    expect(confirmed).toMatchObject({ status: "confirmed", transferReference: "VIR-2031-0001" });
    expect(await hostBalancesOf(host.id, payday)).toMatchObject({ available: available - 60_000, paidOut: 60_000 });
    await expect(decidePayout(operator, second.id, { action: "refuse", reason: "late" }, payday)).rejects.toMatchObject({ status: 409 });

    expect((await hostPayoutRequests(host.id)).map((request) => request.status)).toEqual(["confirmed", "refused"]);
    const templates = (await listOutbox(500)).filter((message) => message.to === host.email).map((message) => message.template);
    for (const step of ["requested", "refused", "pinned", "confirmed"]) expect(templates).toContain(`payout-${step}`);
    // A new request may follow once nothing is open.
    await expect(requestPayout(host, { ...bank, amount: 1_000 }, payday)).resolves.toMatchObject({ status: "requested" });
  });
});
