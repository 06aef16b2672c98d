// Receipts, invoices and company details through their pages (issue 14 point 7, issue 16 point 5),
// called with real Requests as a browser without JavaScript sends them: the host declares a
// company (a wrong matricule fiscal is refused next to its field), opens last month's invoice
// from /dashboard/revenues (issued then, with the company); the traveler opens the payment's
// receipt; everyone else gets 404. The clock is a fake Date (the routes read the system clock).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Payment } from "~/db/models/payment.server";
import type { Reservation } from "~/db/models/reservation.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as companyRoute from "~/routes/($lang).dashboard.company";
import * as issueRoute from "~/routes/($lang).dashboard.invoices.$month";
import * as revenuesRoute from "~/routes/($lang).dashboard.revenues";
import * as invoiceRoute from "~/routes/($lang).invoices.$id";
import * as paymentReceiptRoute from "~/routes/($lang).receipts.payments.$id";
import * as refundReceiptRoute from "~/routes/($lang).receipts.refunds.$id";
import { Refund } from "~/db/models/refund.server";
import { cancelReservation } from "~/services/booking/reservation.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { createPublicListing } from "../factories/booking-factories";
import { paidStay } from "../factories/money-factories";

const now = new Date(Date.UTC(2036, 6, 8, 9, 0, 0)); // 8 July 2036
const stayPaidAt = new Date(Date.UTC(2036, 5, 3, 9, 0, 0)); // June
const hostJar = new CookieJar();
const travelerJar = new CookieJar();
const otherHostJar = new CookieJar();
let reservation: Reservation;
let paymentId: number;
let travelerId: number;
let listingId: number;

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now });
  const host = await createAccount({ hostMode: true });
  const traveler = await createAccount();
  travelerId = traveler.id;
  await logIn(hostJar, host.email);
  await logIn(travelerJar, traveler.email);
  await logIn(otherHostJar, (await createAccount({ hostMode: true })).email);
  const listing = await createPublicListing({ hostId: host.id, basePrice: 150_000 });
  listingId = listing.id;
  reservation = await paidStay(traveler, listing.id, stayPaidAt);
  paymentId = (await Payment.findOne({ where: { reservationId: reservation.id, status: "success" } }))!.id;
});

afterAll(() => {
  vi.useRealTimers();
});

type InvoicePage = Awaited<ReturnType<typeof invoiceRoute.loader>>;
type ReceiptPage = Awaited<ReturnType<typeof paymentReceiptRoute.loader>>;

describe("company details and the monthly invoice", () => {
  it("a wrong MF is refused next to its field; a right one in any written form is saved normalised and printed on the invoice", async () => {
    const wrong = await callRoute(
      companyRoute.action,
      makeRequest("/fr/dashboard/company", { form: { legalName: "Dar Salam SARL", taxId: "12345-AB", address: "Rue de Carthage, Tunis" }, jar: hostJar }),
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("receipts:company.errors.taxId.format");

    const saved = await callRoute(
      companyRoute.action,
      makeRequest("/fr/dashboard/company", { form: { legalName: "Dar Salam SARL", taxId: "1234567 a a m 000", address: "Rue de Carthage, Tunis" }, jar: hostJar }),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/fr/dashboard/company");
    expect(await toastOf(saved)).toMatchObject({ message: "receipts:company.saved" });
    const form = await callRoute(companyRoute.loader, makeRequest("/dashboard/company", { jar: hostJar }));
    expect((form.data as { company: unknown }).company).toEqual({ legalName: "Dar Salam SARL", taxId: "1234567A/A/M/000", address: "Rue de Carthage, Tunis" });

    const revenues = await callRoute(revenuesRoute.loader, makeRequest("/dashboard/revenues", { jar: hostJar }));
    const months = (revenues.data as Awaited<ReturnType<typeof revenuesRoute.loader>>).invoiceMonths;
    expect(months).toEqual([{ month: "2036-06", commission: reservation.hostCommission, invoice: null }]);

    const issued = await callRoute(issueRoute.loader, makeRequest("/es/dashboard/invoices/2036-06", { jar: hostJar }), { params: { month: "2036-06" } });
    expect(issued.status).toBe(302);
    const id = issued.location!.split("/").pop()!;
    expect(issued.location).toBe(`/es/invoices/${id}`);
    // The month still running has no invoice.
    const running = await callRoute(issueRoute.loader, makeRequest("/dashboard/invoices/2036-07", { jar: hostJar }), { params: { month: "2036-07" } });
    expect(running.status).toBe(404);

    const page = await callRoute(invoiceRoute.loader, makeRequest(`/es/invoices/${id}`, { jar: hostJar }), { params: { id } });
    expect(page.status).toBe(200);
    const { invoice, language } = page.data as InvoicePage;
    expect(language).toBe("es");
    expect(invoice).toMatchObject({
      month: "2036-06",
      commission: reservation.hostCommission,
      company: { legalName: "Dar Salam SARL", taxId: "1234567A/A/M/000" },
      lines: [expect.objectContaining({ reference: reservation.reference, commission: reservation.hostCommission })],
    });
    expect(invoice.number).toMatch(/^DRN-2036-\d{5}$/);

    for (const jar of [travelerJar, otherHostJar]) {
      expect((await callRoute(invoiceRoute.loader, makeRequest(`/invoices/${id}`, { jar }), { params: { id } })).status).toBe(404);
    }
  });

  it("the company page is for hosts: a traveler is sent to the mode switch", async () => {
    const result = await callRoute(companyRoute.loader, makeRequest("/dashboard/company", { jar: travelerJar }));
    expect(result.status).toBe(302);
    expect(result.location).toContain("/profile/mode");
  });
});

describe("the payment receipt page", () => {
  it("the traveler reads it in their language, with the fee and Darna as intermediary; the host and others get 404", async () => {
    const page = await callRoute(paymentReceiptRoute.loader, makeRequest(`/fr/receipts/payments/${paymentId}`, { jar: travelerJar }), { params: { id: String(paymentId) } });
    expect(page.status).toBe(200);
    const { receipt, operator, language } = page.data as ReceiptPage;
    expect(language).toBe("fr");
    expect(operator.legalName).toBe("Darna");
    expect(receipt).toMatchObject({ paid: reservation.total, items: { serviceFee: reservation.serviceFee }, stay: { reference: reservation.reference } });
    for (const jar of [hostJar, otherHostJar]) {
      const refused = await callRoute(paymentReceiptRoute.loader, makeRequest(`/receipts/payments/${paymentId}`, { jar }), { params: { id: String(paymentId) } });
      expect(refused.status).toBe(404);
    }
  });
});

describe("the refund receipt page", () => {
  it("after the traveler cancels, the refund's receipt is theirs (in Spanish here); the host gets 404", async () => {
    // A stay a month ahead, paid and cancelled today.
    const upcoming = await paidStay({ id: travelerId }, listingId, now, 30, 2);
    await cancelReservation({ id: travelerId, role: "user" }, upcoming.id, { now });
    const refund = (await Refund.findOne({ where: { reservationId: upcoming.id } }))!;
    const id = String(refund.id);
    const page = await callRoute(refundReceiptRoute.loader, makeRequest(`/es/receipts/refunds/${id}`, { jar: travelerJar }), { params: { id } });
    expect(page.status).toBe(200);
    const { receipt, language } = page.data as Awaited<ReturnType<typeof refundReceiptRoute.loader>>;
    expect(language).toBe("es");
    expect(receipt).toMatchObject({ reason: "traveler_cancelled", grossAmount: refund.grossAmount, amount: refund.amount, stay: { reference: upcoming.reference } });
    const refused = await callRoute(refundReceiptRoute.loader, makeRequest(`/receipts/refunds/${id}`, { jar: hostJar }), { params: { id } });
    expect(refused.status).toBe(404);
  });
});
