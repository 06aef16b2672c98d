import { describe, expect, it } from "vitest";
import { HostInvoice } from "~/db/models/host-invoice.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { declareCompany, withdrawCompany } from "~/services/receipts/company.server";
import { allocateInvoiceNumber, prepareInvoiceYear } from "~/services/receipts/invoice-numbers.server";
import { getHostInvoice, hostInvoiceMonths, issueHostInvoice } from "~/services/receipts/invoices.server";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";
import { paidStay } from "../../../tests/factories/money-factories";

// A year of its own per test run: the sequences are shared by the whole test database.
const year = () => 3000 + Math.floor(Math.random() * 5000);

describe("the gap-free invoice sequence", () => {
  it("40 concurrent allocations (10 of them rolled back) number the 30 kept 1..30, no gap, no duplicate", async () => {
    const y = year();
    await prepareInvoiceYear(y);
    await prepareInvoiceYear(y); // twice: the second is ignored
    const kept: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        writeTransaction(async (transaction) => {
          const number = await allocateInvoiceNumber(y, transaction);
          if (index % 4 === 3) throw new Error("the invoice could not be written");
          kept.push(number);
          return number;
        }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(10);
    expect([...kept].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });

  it("invoices issued at once for many hosts take 1..N of the year", async () => {
    const now = new Date(Date.UTC(2033, 2, 10, 10, 0, 0));
    const stayAt = new Date(Date.UTC(2033, 1, 5, 10, 0, 0));
    const hosts = await Promise.all(Array.from({ length: 6 }, () => createBookingUser()));
    for (const host of hosts) {
      const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
      await paidStay(await createBookingUser(), listing.id, stayAt);
    }
    const before = await HostInvoice.count({ where: { year: 2033 } });
    const issued = await Promise.all(hosts.flatMap((host) => [issueHostInvoice(host.id, "2033-02", now), issueHostInvoice(host.id, "2033-02", now)]));
    // Twice per host at once: one invoice each.
    expect(new Set(issued.map((invoice) => invoice.id)).size).toBe(6);
    const numbers = (await HostInvoice.findAll({ where: { year: 2033 }, attributes: ["number"] })).map((row) => row.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: before + 6 }, (_, index) => index + 1));
  });
});

describe("monthly commission invoices", () => {
  it("a closed month's invoice: the month's commission lines from the ledger, the company as declared when issued, for the host and operators only", async () => {
    const host = await createBookingUser();
    const operator = await createBookingUser({ role: "operator" });
    const stranger = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
    const stayAt = new Date(Date.UTC(2034, 4, 3, 10, 0, 0));
    const first = await paidStay(traveler, listing.id, stayAt, 7, 3);
    const second = await paidStay(traveler, listing.id, new Date(Date.UTC(2034, 4, 20, 10, 0, 0)), 20, 2);
    await declareCompany({ id: host.id }, { legalName: "Dar Yasmine SARL", taxId: "1234567A/A/M/000", address: "12 rue de Rome, Tunis" });

    // The month running: not invoiceable.
    const inMay = new Date(Date.UTC(2034, 4, 28, 10, 0, 0));
    expect(await hostInvoiceMonths(host.id, inMay)).toEqual([]);
    await expect(issueHostInvoice(host.id, "2034-05", inMay)).rejects.toMatchObject({ status: 404 });

    const inJune = new Date(Date.UTC(2034, 5, 2, 10, 0, 0));
    const months = await hostInvoiceMonths(host.id, inJune);
    expect(months).toEqual([{ month: "2034-05", commission: first.hostCommission + second.hostCommission, invoice: null }]);
    await expect(issueHostInvoice(host.id, "2034-04", inJune)).rejects.toMatchObject({ status: 404 });
    await expect(issueHostInvoice(host.id, "not-a-month", inJune)).rejects.toMatchObject({ status: 404 });

    const { id } = await issueHostInvoice(host.id, "2034-05", inJune);
    // The company changes later: the issued invoice keeps what it said.
    await withdrawCompany({ id: host.id });
    const invoice = await getHostInvoice(host, id);
    expect(invoice).toMatchObject({
      month: "2034-05",
      commission: first.hostCommission + second.hostCommission,
      company: { legalName: "Dar Yasmine SARL", taxId: "1234567A/A/M/000", address: "12 rue de Rome, Tunis" },
    });
    expect(invoice.number).toMatch(/^DRN-2034-\d{5}$/);
    expect(invoice.lines.map((line) => [line.reference, line.commission])).toEqual([
      [first.reference, first.hostCommission],
      [second.reference, second.hostCommission],
    ]);
    expect((await hostInvoiceMonths(host.id, inJune))[0]!.invoice).toEqual({ id, number: invoice.number });
    // Asked again: the same invoice.
    expect(await issueHostInvoice(host.id, "2034-05", inJune)).toEqual({ id });

    await expect(getHostInvoice(operator, id)).resolves.toMatchObject({ id });
    await expect(getHostInvoice(stranger, id)).rejects.toMatchObject({ status: 404 });
    await expect(getHostInvoice(traveler, id)).rejects.toMatchObject({ status: 404 });
  });
});
