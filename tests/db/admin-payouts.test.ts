// /admin/payouts (issue 14 point 3): operators see requests with the host's balances and ledger,
// confirm with a transfer reference (paid out), refuse with a reason (available again), pin with
// a note; the host is e-mailed; nobody else may see or post.
import { beforeAll, describe, expect, it } from "vitest";
import { PayoutRequest } from "~/db/models/payout-request.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as payoutsRoute from "~/routes/($lang).admin.payouts";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { requestPayout } from "~/services/money/payouts.server";
import { createAccount, lastEmailTo, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { paidStay } from "../factories/money-factories";

const DAY = 86_400_000;
const payday = new Date(Date.UTC(2031, 4, 25, 11, 0, 0));
const bank = { bankName: "Banque de Tunisie", bankAddress: "2 rue de Turquie, Tunis", accountHolder: "Test Host", iban: "TN5910006035183598478831" };
const operator = new CookieJar();
const traveler = new CookieJar();

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

/** A host with an available stay and an open request of 40 DT. */
async function hostWithRequest() {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  const guest = await createBookingUser();
  const when = new Date(payday.getTime() - 50 * DAY);
  const stay = await paidStay(guest, listing.id, when);
  const request = await requestPayout(host, { ...bank, amount: 40_000 }, payday);
  return { host, request, stay };
}

beforeAll(async () => {
  await logIn(operator, (await createAccount({ role: "operator" })).email);
  await logIn(traveler, (await createAccount()).email);
});

const post = (jar: CookieJar, form: Record<string, string>) => callRoute(payoutsRoute.action, makeRequest("/admin/payouts", { form, jar }), { jar });

describe("/admin/payouts", () => {
  it("lists open requests with the host's balances and ledger, for operators only", async () => {
    const { host, request, stay } = await hostWithRequest();
    const page = await callRoute(payoutsRoute.loader, makeRequest("/admin/payouts", { jar: operator }));
    expect(page.status).toBe(200);
    const row = (page.data as Awaited<ReturnType<typeof payoutsRoute.loader>>).requests.find((candidate) => candidate.id === request.id)!;
    expect(row).toMatchObject({ hostEmail: host.email, amount: 40_000, status: "requested" });
    expect(row.ledger.map((line) => line.kind)).toEqual(["payout_requested", "host_earning"]);
    expect(row.balances).toEqual(await hostBalancesOf(host.id, new Date()));
    expect(row.ledger.find((line) => line.kind === "host_earning")?.amount).toBe(stay.hostPayout);
    expect((await callRoute(payoutsRoute.loader, makeRequest("/admin/payouts", { jar: traveler }))).status).toBe(403);
    expect((await post(traveler, { requestId: String(request.id), intent: "confirm", text: "X" })).status).toBe(403);
  });

  it("pin (note), then confirm with the transfer reference: paid out, the host e-mailed", async () => {
    const { host, request } = await hostWithRequest();
    expect((await post(operator, { requestId: String(request.id), intent: "confirm", text: "  " })).status).toBe(400);
    const pinned = await post(operator, { requestId: String(request.id), intent: "pin", text: "Bank holiday" });
    expect(await toastOf(pinned)).toMatchObject({ message: "money:admin.toast.pin" });
    expect(await lastEmailTo(host.email, "payout-pinned")).toBeTruthy();
    const confirmed = await post(operator, { requestId: String(request.id), intent: "confirm", text: "VIR-77" });
    expect(confirmed.status).toBe(302);
    expect(await PayoutRequest.findByPk(request.id)).toMatchObject({ status: "confirmed", transferReference: "VIR-77" });
    expect((await hostBalancesOf(host.id, payday)).paidOut).toBe(40_000);
    expect((await lastEmailTo(host.email, "payout-confirmed"))?.text).toContain("VIR-77");
    // Decided: a second decision is refused.
    expect((await post(operator, { requestId: String(request.id), intent: "refuse", text: "late" })).status).toBe(409);
  });

  it("refuse with a reason: the amount is available again", async () => {
    const { host, request, stay } = await hostWithRequest();
    await post(operator, { requestId: String(request.id), intent: "refuse", text: "The holder does not match" });
    expect(await PayoutRequest.findByPk(request.id)).toMatchObject({ status: "refused", operatorNote: "The holder does not match" });
    expect((await hostBalancesOf(host.id, payday)).available).toBe(stay.hostPayout);
    expect((await lastEmailTo(host.email, "payout-refused"))?.text).toContain("The holder does not match");
  });
});
