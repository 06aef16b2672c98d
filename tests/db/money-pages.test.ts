// /dashboard/revenues and its CSV (issue 14, points 2 and 3): the host's totals, months, listings
// and stays from the ledger; the payout request form (bank details validated, one open request,
// "Payout request inserted"); the window message outside the 25th..last day. The clock is set
// with fake Dates (the routes read "now" from the system clock).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PayoutRequest } from "~/db/models/payout-request.server";
import { type Reservation } from "~/db/models/reservation.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as revenuesRoute from "~/routes/($lang).dashboard.revenues";
import * as csvRoute from "~/routes/($lang).dashboard.revenues[.]csv";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { paidStay } from "../factories/money-factories";

const DAY = 86_400_000;
const payday = new Date(Date.UTC(2031, 4, 25, 11, 0, 0)); // 25 May 2031, noon in Tunis
const hostJar = new CookieJar();
const travelerJar = new CookieJar();
let reservation: Reservation;
let otherListingId: number;

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: payday });
  const host = await createAccount({ hostMode: true });
  await logIn(hostJar, host.email);
  await logIn(travelerJar, (await createAccount()).email);
  const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000 });
  otherListingId = (await createPublicListing({ hostId: host.id })).id;
  const traveler = await createBookingUser();
  const when = new Date(payday.getTime() - 50 * DAY);
  reservation = await paidStay(traveler, listing.id, when);
});

afterAll(() => {
  vi.useRealTimers();
});

type Page = Awaited<ReturnType<typeof revenuesRoute.loader>>;
const bank = { bankName: "Banque de Tunisie", bankAddress: "2 rue de Turquie, Tunis", accountHolder: "Test Host", iban: "TN59 1000 6035 1835 9847 8831" };

describe("/dashboard/revenues", () => {
  it("shows the stay's net in its month, the totals and balances, and links the stay; a listing filter narrows it", async () => {
    const page = await callRoute(revenuesRoute.loader, makeRequest("/dashboard/revenues", { jar: hostJar }));
    expect(page.status).toBe(200);
    const { revenues, window } = page.data as Page;
    expect(window.isOpen).toBe(true);
    expect(revenues.months).toHaveLength(12);
    expect(revenues.months.find((month) => month.month === reservation.checkIn.slice(0, 7))?.net).toBe(reservation.hostPayout);
    expect(revenues.totals).toMatchObject({ net: reservation.hostPayout, commission: reservation.hostCommission, available: reservation.hostPayout, pending: 0, paidOut: 0 });
    expect(revenues.stays).toEqual([expect.objectContaining({ reservationId: reservation.id, reference: reservation.reference })]);
    const filtered = await callRoute(revenuesRoute.loader, makeRequest(`/dashboard/revenues?listing=${otherListingId}`, { jar: hostJar }));
    expect((filtered.data as Page).revenues.stays).toEqual([]);
    const otherYear = await callRoute(revenuesRoute.loader, makeRequest("/dashboard/revenues?year=2030", { jar: hostJar }));
    expect((otherYear.data as Page).revenues.totals.net).toBe(0);
  });

  it("exports the stays as CSV", async () => {
    const csv = await callRoute(csvRoute.loader, makeRequest("/dashboard/revenues.csv", { jar: hostJar }));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const lines = String(csv.data).trim().split("\r\n");
    expect(lines[0]).toBe("Reservation,Listing,Check-in,Gross,Commission,Refunds borne,Net");
    expect(lines[1]).toContain(`${reservation.reference},`);
    expect(lines[1]!.endsWith((reservation.hostPayout / 1000).toFixed(3))).toBe(true);
  });

  it("is for hosts: a traveler is sent to choose host mode", async () => {
    const answer = await callRoute(revenuesRoute.loader, makeRequest("/dashboard/revenues", { jar: travelerJar }));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/profile\/mode/);
  });

  it("the payout form: a bad IBAN is refused next to its field; a good request is inserted; a second one is refused while it is open", async () => {
    const bad = await callRoute(revenuesRoute.action, makeRequest("/dashboard/revenues", { form: { ...bank, amount: "100", iban: "TN5910006035183598478832" }, jar: hostJar }), { jar: hostJar });
    expect(bad.status).toBe(400);
    expect((bad.data as { error: Record<string, string[]> }).error.iban).toEqual(["money:payout.errors.account"]);

    const inserted = await callRoute(revenuesRoute.action, makeRequest("/dashboard/revenues", { form: { ...bank, amount: "100.500" }, jar: hostJar }), { jar: hostJar });
    expect(inserted.status).toBe(302);
    expect(await toastOf(inserted)).toMatchObject({ type: "success", message: "money:payout.inserted" });
    const [request] = await PayoutRequest.findAll({ where: { hostId: reservation.hostId } });
    expect(request).toMatchObject({ amount: 100_500, status: "requested", iban: "TN5910006035183598478831" });

    const again = await callRoute(revenuesRoute.action, makeRequest("/dashboard/revenues", { form: { ...bank, amount: "1" }, jar: hostJar }), { jar: hostJar });
    expect(again.status).toBe(409);
    expect((again.data as { error: Record<string, string[]> }).error[""]).toEqual(["money:payout.errors.alreadyOpen"]);
  });

  it("outside the window the page says when it opens", async () => {
    vi.setSystemTime(new Date(Date.UTC(2031, 4, 24, 22, 59, 0))); // 24 May, 23:59 in Tunis
    const page = await callRoute(revenuesRoute.loader, makeRequest("/dashboard/revenues", { jar: hostJar }));
    expect((page.data as Page).window).toEqual({ opensOn: "2031-05-25", closesOn: "2031-05-31", isOpen: false });
    vi.setSystemTime(payday);
  });
});
