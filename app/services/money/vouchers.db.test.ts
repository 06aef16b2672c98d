// Vouchers through the ledger (issue 14 point 6): the host's cancellation grants one (a
// voucher_granted line in the cancellation's transaction), the next booking's payment spends it
// (a voucher_spent line with the payment), the profile lists it with its balance and expiry
// (12 months), and an expired one is neither counted nor spent.
import { describe, expect, it } from "vitest";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Voucher } from "~/db/models/voucher.server";
import { dateInTunis } from "~/domain/stay-dates";
import { voucherExpiresAt } from "~/domain/vouchers";
import { cancelReservation } from "~/services/booking/reservation.server";
import { travelerVouchers } from "~/services/money/vouchers.server";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";
import { paidStay } from "../../../tests/factories/money-factories";

const DAY = 86_400_000;
const asViewer = (user: { id: number; role: string }) => ({ id: user.id, role: user.role as "user" | "operator" });

describe("vouchers", () => {
  it("granted by the host's cancellation and spent at the next checkout, each as a ledger line; shown with balance and expiry", async () => {
    const now = new Date();
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
    const cancelled = await paidStay(traveler, listing.id, now, 20, 3);
    await cancelReservation(asViewer(host), cancelled.id, { now });

    const voucher = (await Voucher.findOne({ where: { sourceReservationId: cancelled.id } }))!;
    expect(voucher.amount).toBe(cancelled.serviceFee);
    const granted = await LedgerLine.findAll({ where: { reservationId: cancelled.id, kind: "voucher_granted" } });
    expect(granted.map((line) => [line.account, line.travelerId, line.amount])).toEqual([["traveler", traveler.id, voucher.amount]]);

    const before = await travelerVouchers(traveler.id, now);
    expect(before.balance).toBe(voucher.amount);
    expect(before.vouchers).toEqual([
      expect.objectContaining({ amount: voucher.amount, state: "available", sourceReference: cancelled.reference, expiresOn: dateInTunis(voucherExpiresAt(voucher.createdAt)) }),
    ]);

    // The next booking takes it off; its payment writes the voucher_spent line with the rest.
    const other = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
    const next = await paidStay(traveler, other.id, now, 30, 3);
    expect(next.voucherApplied).toBe(voucher.amount);
    const lines = await LedgerLine.findAll({ where: { reservationId: next.id } });
    expect(lines.find((line) => line.kind === "voucher_spent")?.amount).toBe(-voucher.amount);
    expect(lines.find((line) => line.kind === "traveler_payment")?.amount).toBe(-(next.total - voucher.amount));
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);

    const after = await travelerVouchers(traveler.id, now);
    expect(after.balance).toBe(0);
    expect(after.vouchers[0]).toMatchObject({ state: "applied", appliedReference: next.reference });
  });

  it("a voucher expires 12 months after it was granted: listed as expired, not spent", async () => {
    const now = new Date();
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
    const longAgo = new Date(now.getTime() - 400 * DAY);
    const cancelled = await paidStay(traveler, listing.id, longAgo, 20, 3);
    await cancelReservation(asViewer(host), cancelled.id, { now: new Date(longAgo.getTime() + DAY) });
    const listed = await travelerVouchers(traveler.id, now);
    expect(listed.vouchers.map((voucher) => voucher.state)).toEqual(["expired"]);
    expect(listed.balance).toBe(0);
    // Still valid the day before it expires.
    expect((await travelerVouchers(traveler.id, new Date(longAgo.getTime() + 360 * DAY))).balance).toBe(cancelled.serviceFee);

    const next = await paidStay(traveler, (await createPublicListing({ hostId: host.id })).id, now, 10, 2);
    expect(next.voucherApplied).toBe(0);
    expect(await LedgerLine.count({ where: { reservationId: next.id, kind: "voucher_spent" } })).toBe(0);
  });
});
