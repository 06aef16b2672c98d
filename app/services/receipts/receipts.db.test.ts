import { describe, expect, it } from "vitest";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Payment } from "~/db/models/payment.server";
import { Refund } from "~/db/models/refund.server";
import { cancelReservation } from "~/services/booking/reservation.server";
import { declareCompany } from "~/services/receipts/company.server";
import { paymentReceipt, refundReceipt } from "~/services/receipts/receipts.server";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";
import { paidStay } from "../../../tests/factories/money-factories";

async function paidReservation() {
  const host = await createBookingUser();
  const traveler = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id, basePrice: 120_000, cleaningFee: 20_000, cancellationPolicy: "flexible" });
  const when = new Date(Date.UTC(2035, 2, 1, 10, 0, 0));
  const reservation = await paidStay(traveler, listing.id, when, 30, 3);
  const payment = (await Payment.findOne({ where: { reservationId: reservation.id, status: "success" } }))!;
  return { host, traveler, listing, reservation, payment, when };
}

describe("payment receipts", () => {
  it("itemise the ledger's lines of the confirmation: paid, service fee, the rest for the host; the host's company shows", async () => {
    const { host, traveler, reservation, payment } = await paidReservation();
    await declareCompany({ id: host.id }, { legalName: "Dar Nour SUARL", taxId: "7654321B P M 000", address: "Sidi Bou Said" });
    const receipt = await paymentReceipt(traveler, payment.id);
    const line = async (kind: string) => (await LedgerLine.findOne({ where: { reservationId: reservation.id, kind } }))!.amount;
    expect(receipt).toMatchObject({
      reference: payment.reference,
      method: "card",
      paid: -(await line("traveler_payment")),
      items: { serviceFee: await line("service_fee"), voucher: 0, accommodation: reservation.total - reservation.serviceFee },
      stay: { reference: reservation.reference, nights: 3, hostCompany: { legalName: "Dar Nour SUARL", taxId: "7654321B/P/M/000" } },
    });
    expect(receipt.paid).toBe(reservation.total);
    expect(receipt.items!.serviceFee).toBe(reservation.serviceFee);
    expect(receipt.stay.pagePath).toBe(`/reservation-details/${reservation.id}`);
  });

  it("only the payer and operators may read it (others: 404); a payment that did not succeed has none", async () => {
    const { host, traveler, payment } = await paidReservation();
    const operator = await createBookingUser({ role: "operator" });
    const stranger = await createBookingUser();
    await expect(paymentReceipt(operator, payment.id)).resolves.toMatchObject({ reference: payment.reference });
    await expect(paymentReceipt(host, payment.id)).rejects.toMatchObject({ status: 404 });
    await expect(paymentReceipt(stranger, payment.id)).rejects.toMatchObject({ status: 404 });
    await payment.update({ status: "failed" });
    await expect(paymentReceipt(traveler, payment.id)).rejects.toMatchObject({ status: 404 });
    await expect(paymentReceipt(traveler, 987_654_321)).rejects.toMatchObject({ status: 404 });
  });
});

describe("refund receipts", () => {
  it("a cancelled paid stay's refund: gross, bank fee, net, state and due date; for the traveler and operators only", async () => {
    const { host, traveler, reservation, when } = await paidReservation();
    await cancelReservation(traveler, reservation.id, { now: new Date(when.getTime() + 3_600_000) });
    const refund = (await Refund.findOne({ where: { reservationId: reservation.id } }))!;
    const receipt = await refundReceipt(traveler, refund.id);
    expect(receipt).toMatchObject({
      reference: `R-${reservation.reference}-${refund.id}`,
      reason: "traveler_cancelled",
      status: "pending",
      grossAmount: refund.grossAmount,
      bankFee: refund.bankFee,
      amount: refund.amount,
      paidAt: null,
      stay: { reference: reservation.reference },
    });
    expect(receipt.grossAmount).toBeGreaterThan(0);
    // The gross is what the ledger gives back to the traveler.
    expect((await LedgerLine.findOne({ where: { reservationId: reservation.id, kind: "refund_to_traveler" } }))!.amount).toBe(receipt.grossAmount);
    const operator = await createBookingUser({ role: "operator" });
    await expect(refundReceipt(operator, refund.id)).resolves.toMatchObject({ reference: receipt.reference });
    await expect(refundReceipt(host, refund.id)).rejects.toMatchObject({ status: 404 });
    await expect(refundReceipt(await createBookingUser(), refund.id)).rejects.toMatchObject({ status: 404 });
  });
});
