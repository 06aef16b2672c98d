// Claims and refund settlement (issue 14 points 4, 5 and 8): a traveler opens a claim within 24
// hours of check-in (the stay's host earning is then withheld), the host is e-mailed and answers,
// an operator decides in part (ledger lines: the host's earning down, the traveler's refund owed
// up), the refund is paid with a bank fee; strangers get 403 at every page and API route.
// The clock is a fake Date (the routes read the system clock).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Claim } from "~/db/models/claim.server";
import { ClaimPhoto } from "~/db/models/claim-photo.server";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Refund } from "~/db/models/refund.server";
import type { Reservation } from "~/db/models/reservation.server";
import { checkInInstant } from "~/domain/refunds";
import * as adminClaimsRoute from "~/routes/($lang).admin.claims";
import * as adminRefundsRoute from "~/routes/($lang).admin.refunds";
import * as claimRoute from "~/routes/($lang).reservation-details.$id_.claim";
import * as hostReservationRoute from "~/routes/($lang).host_.reservation-details.$id";
import * as reservationRoute from "~/routes/($lang).reservation-details.$id";
import * as claimsApi from "~/routes/api.v1.reservations.$id_.claims";
import { decideClaim } from "~/services/money/claim-decisions.server";
import { openClaim } from "~/services/money/claims.server";
import { hostBalancesOf } from "~/services/money/ledger.server";
import { markRefundPaid } from "~/services/money/refund-settlement.server";
import { createSession } from "~/utils/auth-sessions.server";
import { tokenCookie } from "~/utils/auth.server";
import { lastEmailTo } from "../factories/account-factories";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { testPhoto } from "../factories/listing-factories";
import { paidStay } from "../factories/money-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const ORIGIN = "http://localhost:4321";
const DAY = 86_400_000;
// Booked on 3 June 2031 for 10–13 June (check-in 14:00 Tunis = 13:00 UTC); "now" is 15:00 UTC on the 10th.
const booked = new Date(Date.UTC(2031, 5, 3, 12, 0, 0));
const now = new Date(Date.UTC(2031, 5, 10, 15, 0, 0));
const operator = { id: 0, role: "operator" };

type User = Awaited<ReturnType<typeof createBookingUser>>;

async function stay(): Promise<{ host: User; traveler: User; reservation: Reservation }> {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id, basePrice: 100_000, cleaningFee: 20_000 });
  const traveler = await createBookingUser();
  const reservation = await paidStay(traveler, listing.id, booked, 7, 3);
  expect(checkInInstant(reservation.checkIn, "14:00").toISOString()).toBe("2031-06-10T13:00:00.000Z");
  return { host, traveler, reservation };
}

async function cookieOf(user: { id: number }) {
  return tokenCookie.serialize((await createSession(user.id, "web")).id);
}

async function tokenOf(user: { id: number }) {
  return (await createSession(user.id, "api", { userAgent: "test", ip: null })).id;
}

function api(path: string, token: string, body?: unknown) {
  return new Request(new URL(path, ORIGIN), {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: `Bearer ${token}`, "Accept-Language": "en", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const amenityClaim = (reservation: Reservation) => ({
  kind: "amenity" as const,
  amenity: "air_conditioning" as const,
  affectedNights: [reservation.checkIn],
  text: "The air conditioning does not work at all.",
});

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now });
  operator.id = (await createBookingUser({ role: "operator" })).id;
});

afterAll(() => {
  vi.useRealTimers();
});

describe("opening a claim", () => {
  it("withholds the stay's earning, e-mails the host, and allows one open claim at a time", async () => {
    const { host, traveler, reservation } = await stay();
    expect(await hostBalancesOf(host.id, now)).toMatchObject({ pending: reservation.hostPayout, withheld: 0 });
    const claim = await openClaim(traveler, reservation.id, amenityClaim(reservation), [], now);
    expect(claim).toMatchObject({ status: "open", amenity: "air_conditioning", affectedNights: [reservation.checkIn] });
    expect(await hostBalancesOf(host.id, now)).toEqual({ pending: 0, available: 0, withheld: reservation.hostPayout, paidOut: 0 });
    expect((await lastEmailTo(host.email, "claim-opened"))?.subject).toContain(reservation.reference);
    // A second one while it is open: 409; and two at once: one wins.
    await expect(openClaim(traveler, reservation.id, { kind: "cleanliness", text: "Dirty sheets and floors." }, [], now)).rejects.toMatchObject({ status: 409 });
    expect(await Claim.count({ where: { reservationId: reservation.id } })).toBe(1);
  });

  it("two claims at the same instant: the database lets one in", async () => {
    const { traveler, reservation } = await stay();
    const results = await Promise.allSettled([
      openClaim(traveler, reservation.id, amenityClaim(reservation), [], now),
      openClaim(traveler, reservation.id, { kind: "cleanliness", text: "Dirty sheets and floors." }, [], now),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { status: 409 } });
  });

  it("only within 24 hours of check-in, only by the traveler, only for the stay's nights", async () => {
    const { host, traveler, reservation } = await stay();
    const stranger = await createBookingUser();
    const before = new Date(Date.UTC(2031, 5, 10, 12, 59, 0));
    const after = new Date(Date.UTC(2031, 5, 11, 13, 0, 0));
    await expect(openClaim(traveler, reservation.id, amenityClaim(reservation), [], before)).rejects.toMatchObject({ status: 409, key: "claims:errors.windowClosed" });
    await expect(openClaim(traveler, reservation.id, amenityClaim(reservation), [], after)).rejects.toMatchObject({ status: 409, key: "claims:errors.windowClosed" });
    await expect(openClaim(host, reservation.id, amenityClaim(reservation), [], now)).rejects.toMatchObject({ status: 403 });
    await expect(openClaim(stranger, reservation.id, amenityClaim(reservation), [], now)).rejects.toMatchObject({ status: 403 });
    await expect(openClaim(traveler, reservation.id, { ...amenityClaim(reservation), affectedNights: [reservation.checkOut] }, [], now)).rejects.toMatchObject({ status: 422 });
    // Just before the window closes it is still open.
    const last = new Date(Date.UTC(2031, 5, 11, 12, 59, 0));
    expect((await openClaim(traveler, reservation.id, amenityClaim(reservation), [], last)).status).toBe("open");
  });
});

describe("an operator's decision and the refund", () => {
  it("in part: the host's earning goes down and the traveler's refund owed goes up, in ledger lines; then paid with a bank fee", async () => {
    const { host, traveler, reservation } = await stay();
    const claim = await openClaim(traveler, reservation.id, { ...amenityClaim(reservation), affectedNights: [reservation.checkIn, reservation.checkOut.replace(/\d\d$/, (d) => String(Number(d) - 1).padStart(2, "0"))] }, [], now);
    // Cap: 25 % of two nights at 100 TND = 50 TND.
    await expect(decideClaim(operator, claim.id, { decision: "partial", amount: 50_001, note: "Too much" }, now)).rejects.toMatchObject({ status: 400, key: "claims:errors.amountOverCap" });
    await expect(decideClaim({ id: traveler.id, role: "user" }, claim.id, { decision: "accept", note: "Mine" }, now)).rejects.toMatchObject({ status: 403 });
    const decided = await decideClaim(operator, claim.id, { decision: "partial", amount: 30_000, note: "One night only partly affected." }, now);
    expect(decided).toMatchObject({ status: "partial", decidedAmount: 30_000 });

    const lines = await LedgerLine.findAll({ where: { reservationId: reservation.id }, order: [["id", "ASC"]] });
    expect(lines.filter((line) => line.dedupeKey.startsWith(`claim:${claim.id}:`)).map((line) => [line.account, line.kind, line.amount])).toEqual([
      ["traveler", "refund_to_traveler", 30_000],
      ["host", "claim_deduction", -30_000],
    ]);
    // No longer withheld: pending until 24 hours after check-in, then available; less the claim.
    expect(await hostBalancesOf(host.id, now)).toEqual({ pending: reservation.hostPayout - 30_000, available: 0, withheld: 0, paidOut: 0 });
    expect(await hostBalancesOf(host.id, new Date(now.getTime() + 2 * DAY))).toMatchObject({ available: reservation.hostPayout - 30_000 });
    const refund = (await Refund.findOne({ where: { claimId: claim.id } }))!;
    expect(refund).toMatchObject({ reason: "claim", grossAmount: 30_000, status: "pending", travelerId: traveler.id });
    expect(refund.dueAt.getTime()).toBeGreaterThan(now.getTime() + 15 * DAY - DAY);
    expect((await lastEmailTo(traveler.email, "claim-decided"))?.text).toContain("One night only partly affected.");
    expect(await lastEmailTo(host.email, "claim-decided")).toBeDefined();
    await expect(decideClaim(operator, claim.id, { decision: "refuse", note: "Again" }, now)).rejects.toMatchObject({ status: 409 });

    // Paid with a 2.500 TND bank fee: the fee is a ledger line, the traveler receives the rest.
    await expect(markRefundPaid({ id: traveler.id, role: "user" }, refund.id, { reference: "X", bankFee: 0 }, now)).rejects.toMatchObject({ status: 403 });
    await expect(markRefundPaid(operator, refund.id, { reference: "VIR-1", bankFee: 30_001 }, now)).rejects.toMatchObject({ status: 400 });
    const paid = await markRefundPaid(operator, refund.id, { reference: "VIR-2031-0042", bankFee: 2_500 }, now);
    expect(paid).toMatchObject({ status: "paid", bankFee: 2_500, amount: 27_500, paidReference: "VIR-2031-0042" });
    const fee = await LedgerLine.findOne({ where: { dedupeKey: `refund:${refund.id}:paid:refund_bank_fee` } });
    expect(fee).toMatchObject({ account: "traveler", amount: -2_500, travelerId: traveler.id });
    await expect(markRefundPaid(operator, refund.id, { reference: "VIR-again", bankFee: 0 }, now)).rejects.toMatchObject({ status: 409 });
  });

  it("refused: nothing owed, the earning released whole", async () => {
    const { host, traveler, reservation } = await stay();
    const claim = await openClaim(traveler, reservation.id, { kind: "cleanliness", text: "Dirty sheets and floors." }, [], now);
    await decideClaim(operator, claim.id, { decision: "refuse", note: "Photos show a clean flat." }, now);
    expect(await Refund.count({ where: { claimId: claim.id } })).toBe(0);
    expect(await hostBalancesOf(host.id, now)).toMatchObject({ pending: reservation.hostPayout, withheld: 0 });
  });
});

describe("pages", () => {
  it("the traveler opens a claim with a photo from the plain multipart form; the host answers from the reservation page", async () => {
    const { host, traveler, reservation } = await stay();
    const travelerCookie = await cookieOf(traveler);
    const page = await callRoute(reservationRoute.loader, makeRequest(`/reservation-details/${reservation.id}`, { headers: { Cookie: travelerCookie } }), { params: { id: String(reservation.id) } });
    expect((page.data as { claims: { canOpen: boolean } }).claims.canOpen).toBe(true);

    const post = (fields: Record<string, string | string[]>, photos: Array<{ name: string; data: Uint8Array<ArrayBuffer> }> = [], cookie = travelerCookie) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
      for (const photo of photos) body.append("photos", new Blob([photo.data], { type: "image/jpeg" }), photo.name);
      return callRoute(claimRoute.action, new Request(new URL(`/reservation-details/${reservation.id}/claim`, ORIGIN), { method: "POST", body, headers: { Cookie: cookie } }), {
        params: { id: String(reservation.id) },
      });
    };
    // Field errors come back with the form, translated keys by field.
    const bad = await post({ kind: "amenity", text: "short" });
    expect(bad.status).toBe(400);
    expect((bad.data as { fieldErrors: Record<string, string[]> }).fieldErrors).toMatchObject({ amenity: ["claims:errors.amenity"], affectedNights: ["claims:errors.nights"], text: ["claims:errors.textMin"] });
    const photo = { name: "clim.jpg", data: new Uint8Array(await testPhoto(7)) };
    const tooMany = await post({ kind: "cleanliness", text: "Dirty sheets and floors." }, Array.from({ length: 6 }, () => photo));
    expect((tooMany.data as { fieldErrors: Record<string, string[]> }).fieldErrors.photos).toEqual(["claims:errors.tooManyPhotos"]);
    // A stranger and the host: 403.
    expect((await post({ kind: "cleanliness", text: "Dirty sheets and floors." }, [], await cookieOf(host))).status).toBe(403);
    expect((await post({ kind: "cleanliness", text: "Dirty sheets and floors." }, [], await cookieOf(await createBookingUser()))).status).toBe(403);

    const opened = await post({ kind: "amenity", amenity: "pool", affectedNights: [reservation.checkIn], text: "The pool was empty the whole day." }, [photo]);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/reservation-details/${reservation.id}`);
    const claim = (await Claim.findOne({ where: { reservationId: reservation.id } }))!;
    expect(claim).toMatchObject({ kind: "amenity", amenity: "pool", status: "open" });
    expect(await ClaimPhoto.count({ where: { claimId: claim.id } })).toBe(1);

    const hostCookie = await cookieOf(host);
    const answer = (text: string, cookie = hostCookie) =>
      callRoute(hostReservationRoute.action, makeRequest(`/host/reservation-details/${reservation.id}`, { form: { intent: "claim-answer", claimId: String(claim.id), answer: text }, headers: { Cookie: cookie } }), {
        params: { id: String(reservation.id) },
      });
    expect((await answer("  ")).status).toBe(400);
    expect((await answer("The pool is cleaned on Mondays.")).status).toBe(302);
    expect((await Claim.findByPk(claim.id))!.hostAnswer).toBe("The pool is cleaned on Mondays.");
    // The traveler cannot answer in the host's name.
    const travelerAnswer = await callRoute(
      reservationRoute.action,
      makeRequest(`/reservation-details/${reservation.id}`, { form: { intent: "claim-answer", claimId: String(claim.id), answer: "Me" }, headers: { Cookie: travelerCookie } }),
      { params: { id: String(reservation.id) } },
    );
    expect(travelerAnswer.status).toBe(403);
    // The claim page for a stranger: 403.
    const strangerPage = await callRoute(claimRoute.loader, makeRequest(`/reservation-details/${reservation.id}/claim`, { headers: { Cookie: await cookieOf(await createBookingUser()) } }), {
      params: { id: String(reservation.id) },
    });
    expect(strangerPage.status).toBe(403);
  });

  it("/admin/claims and /admin/refunds: operators decide, withhold and pay; anyone else gets 403", async () => {
    const { host, traveler, reservation } = await stay();
    const claim = await openClaim(traveler, reservation.id, amenityClaim(reservation), [], now);
    const operatorCookie = await cookieOf(operator);
    for (const cookie of [await cookieOf(traveler), await cookieOf(host)]) {
      expect((await callRoute(adminClaimsRoute.loader, makeRequest("/admin/claims", { headers: { Cookie: cookie } }))).status).toBe(403);
      expect((await callRoute(adminRefundsRoute.loader, makeRequest("/admin/refunds", { headers: { Cookie: cookie } }))).status).toBe(403);
      expect((await callRoute(adminClaimsRoute.action, makeRequest("/admin/claims", { form: { claimId: String(claim.id), decision: "accept", note: "x" }, headers: { Cookie: cookie } }))).status).toBe(403);
      expect((await callRoute(adminRefundsRoute.action, makeRequest("/admin/refunds", { form: { refundId: "1", reference: "x" }, headers: { Cookie: cookie } }))).status).toBe(403);
    }
    const list = await callRoute(adminClaimsRoute.loader, makeRequest("/admin/claims", { headers: { Cookie: operatorCookie } }));
    const row = (list.data as Awaited<ReturnType<typeof adminClaimsRoute.loader>>).claims.find((candidate) => candidate.id === claim.id)!;
    expect(row.cap).toBe(25_000);
    const decide = (form: Record<string, string>) => callRoute(adminClaimsRoute.action, makeRequest("/admin/claims", { form, headers: { Cookie: operatorCookie } }));
    const missing = await decide({ claimId: String(claim.id), decision: "partial", amount: "", note: "In part" });
    expect(missing.status).toBe(400);
    expect((missing.data as { fieldErrors: Record<string, string[]> }).fieldErrors.amount).toEqual(["claims:errors.amountRequired"]);
    expect((await decide({ claimId: String(claim.id), decision: "partial", amount: "12.5", note: "In part" })).status).toBe(302);
    expect((await Claim.findByPk(claim.id))!.decidedAmount).toBe(12_500);

    // A dispute hold by reference, then its release.
    const hold = (intent: string, reason: string) => callRoute(adminClaimsRoute.action, makeRequest("/admin/claims", { form: { intent, reference: reservation.reference, reason }, headers: { Cookie: operatorCookie } }));
    expect((await hold("withhold", "")).status).toBe(400);
    expect((await hold("withhold", "Dispute about the keys")).status).toBe(302);
    expect((await hostBalancesOf(host.id, now)).withheld).toBe(reservation.hostPayout - 12_500);
    expect((await hold("release", "Settled")).status).toBe(302);
    expect((await hostBalancesOf(host.id, now)).withheld).toBe(0);

    // The refund owed, then paid; the traveler's page shows its state.
    const refunds = await callRoute(adminRefundsRoute.loader, makeRequest("/admin/refunds", { headers: { Cookie: operatorCookie } }));
    const owed = (refunds.data as Awaited<ReturnType<typeof adminRefundsRoute.loader>>).refunds.find((candidate) => candidate.reservationId === reservation.id)!;
    expect(owed).toMatchObject({ reason: "claim", grossAmount: 12_500, status: "pending", overdue: false });
    const pay = (form: Record<string, string>) => callRoute(adminRefundsRoute.action, makeRequest("/admin/refunds", { form, headers: { Cookie: operatorCookie } }));
    expect((await pay({ refundId: String(owed.id), reference: "", bankFee: "1" })).status).toBe(400);
    expect((await pay({ refundId: String(owed.id), reference: "VIR-77", bankFee: "1.000" })).status).toBe(302);
    const page = await callRoute(reservationRoute.loader, makeRequest(`/reservation-details/${reservation.id}`, { headers: { Cookie: await cookieOf(traveler) } }), { params: { id: String(reservation.id) } });
    const shown = (page.data as { details: { refunds: Array<{ status: string; paidReference: string | null; amount: number }> } }).details.refunds;
    expect(shown).toEqual([expect.objectContaining({ status: "paid", paidReference: "VIR-77", amount: 11_500 })]);
    // Overdue once the 15 days are over.
    const later = new Date(now.getTime() + 20 * DAY);
    vi.setSystemTime(later);
    const claim2 = await stay();
    const opened = await openClaim(claim2.traveler, claim2.reservation.id, amenityClaim(claim2.reservation), [], now);
    await decideClaim(operator, opened.id, { decision: "accept", note: "Fine" }, now);
    const overdue = await callRoute(adminRefundsRoute.loader, makeRequest("/admin/refunds", { headers: { Cookie: operatorCookie } }));
    expect((overdue.data as Awaited<ReturnType<typeof adminRefundsRoute.loader>>).refunds.find((candidate) => candidate.reservationId === claim2.reservation.id)?.overdue).toBe(true);
    vi.setSystemTime(now);
  });
});

describe("claims API", () => {
  it("POST 201 (documented), 403 host and stranger, 409 duplicate and window closed, 422 field errors; GET for the parties, 403 strangers", async () => {
    const { host, traveler, reservation } = await stay();
    const [travelerToken, hostToken, strangerToken] = await Promise.all([tokenOf(traveler), tokenOf(host), tokenOf(await createBookingUser())]);
    const path = `/api/v1/reservations/${reservation.id}/claims`;
    const post = (token: string, body: unknown) => claimsApi.action({ request: api(path, token, body), params: { id: String(reservation.id) }, context: {} }) as Promise<Response>;
    const get = (token: string) => claimsApi.loader({ request: api(path, token), params: { id: String(reservation.id) }, context: {} }) as Promise<Response>;

    expect((await post(hostToken, amenityClaim(reservation))).status).toBe(403);
    expect((await post(strangerToken, amenityClaim(reservation))).status).toBe(403);
    const invalid = await post(travelerToken, { kind: "amenity", text: "short" });
    expect(invalid.status).toBe(422);
    const invalidBody = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/claims", invalid)) as { error: { fields: Record<string, string> } };
    expect(Object.keys(invalidBody.error.fields).sort()).toEqual(["affectedNights", "amenity", "text"]);
    expect((await post(travelerToken, { ...amenityClaim(reservation), affectedNights: ["2031-01-01"] })).status).toBe(422);

    const created = await post(travelerToken, amenityClaim(reservation));
    expect(created.status).toBe(201);
    const claim = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations/{id}/claims", created)) as { id: number; status: string };
    expect(claim.status).toBe("open");
    expect((await post(travelerToken, { kind: "cleanliness", text: "Dirty sheets and floors." })).status).toBe(409);

    for (const token of [travelerToken, hostToken]) {
      const listed = await get(token);
      expect(listed.status).toBe(200);
      const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/reservations/{id}/claims", listed)) as { claims: Array<{ id: number }> };
      expect(body.claims.map((one) => one.id)).toEqual([claim.id]);
    }
    expect((await get(strangerToken)).status).toBe(403);

    // After the 24 hours: 409.
    const other = await stay();
    vi.setSystemTime(new Date(now.getTime() + DAY));
    const late = await claimsApi.action({ request: api(`/api/v1/reservations/${other.reservation.id}/claims`, await tokenOf(other.traveler), amenityClaim(other.reservation)), params: { id: String(other.reservation.id) }, context: {} }) as Response;
    expect(late.status).toBe(409);
    vi.setSystemTime(now);
  });
});
