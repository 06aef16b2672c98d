// GET /api/v1/host/revenues, GET/POST /api/v1/host/payouts (issue 14 point 8), held against the
// OpenAPI document. The clock is set with fake Dates (the routes read the system clock).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Reservation } from "~/db/models/reservation.server";
import * as payoutsRoute from "~/routes/api.v1.host.payouts";
import * as revenuesRoute from "~/routes/api.v1.host.revenues";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { paidStay } from "../factories/money-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const DAY = 86_400_000;
const payday = new Date(Date.UTC(2031, 4, 25, 11, 0, 0));
const bank = { bankName: "Banque de Tunisie", bankAddress: "2 rue de Turquie, Tunis", accountHolder: "Test Host", iban: "10006035183598478831" };
let token: string;
let otherToken: string;
let travelerToken: string;
let reservation: Reservation;

function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  return new Request(new URL(path, "http://localhost:4321"), {
    method: init.method ?? "GET",
    headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), "Accept-Language": "en", ...(init.body ? { "Content-Type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: payday });
  const host = await createBookingUser();
  token = (await createSession(host.id, "api", { userAgent: "test", ip: null })).id;
  otherToken = (await createSession((await createBookingUser()).id, "api", { userAgent: "test", ip: null })).id;
  const listing = await createPublicListing({ hostId: host.id });
  const traveler = await createBookingUser();
  travelerToken = (await createSession(traveler.id, "api", { userAgent: "test", ip: null })).id;
  const when = new Date(payday.getTime() - 50 * DAY);
  reservation = await paidStay(traveler, listing.id, when);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("host money API", () => {
  it("GET /api/v1/host/revenues?year= answers the documented shape with the stay's net in its month", async () => {
    const year = reservation.checkIn.slice(0, 4);
    const response = (await revenuesRoute.loader({ request: call(`/api/v1/host/revenues?year=${year}`, { token }), params: {}, context: {} })) as Response;
    expect(response.status).toBe(200);
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/host/revenues", response)) as { totals: Record<string, number>; months: Array<{ month: string; net: number }> };
    expect(body.totals).toMatchObject({ net: reservation.hostPayout, available: reservation.hostPayout });
    expect(body.months).toHaveLength(12);
    expect(body.months.find((month) => month.month === reservation.checkIn.slice(0, 7))?.net).toBe(reservation.hostPayout);
    // A bad year is a 400; no token 401 (who is not a host: 403, below).
    expect(((await revenuesRoute.loader({ request: call("/api/v1/host/revenues?year=abc", { token }), params: {}, context: {} })) as Response).status).toBe(400);
    expect(((await revenuesRoute.loader({ request: call("/api/v1/host/revenues"), params: {}, context: {} })) as Response).status).toBe(401);
  });

  it("POST /api/v1/host/payouts: 422 over the balance, a bad RIB 400, 201 pending, then 409 while open; GET lists it", async () => {
    const post = (body: unknown) => payoutsRoute.action({ request: call("/api/v1/host/payouts", { method: "POST", token, body }), params: {}, context: {} }) as Promise<Response>;
    expect((await post({ ...bank, amount: reservation.hostPayout + 1 })).status).toBe(422);
    expect((await post({ ...bank, amount: 1_000, iban: "10006035183598478832" })).status).toBe(400);
    const created = await post({ ...bank, amount: 50_000 });
    expect(created.status).toBe(201);
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/host/payouts", created)) as { id: number; status: string };
    expect(body.status).toBe("requested");
    expect((await post({ ...bank, amount: 1_000 })).status).toBe(409);
    const list = (await payoutsRoute.loader({ request: call("/api/v1/host/payouts", { token }), params: {}, context: {} })) as Response;
    const listed = (await expectApiResponseMatchesOpenApi("get", "/api/v1/host/payouts", list)) as { payouts: Array<{ id: number; amount: number }> };
    expect(listed.payouts).toEqual([expect.objectContaining({ id: body.id, amount: 50_000, status: "requested" })]);
  });

  it("outside the window: 409", async () => {
    vi.setSystemTime(new Date(Date.UTC(2031, 4, 24, 22, 59, 0)));
    const response = (await payoutsRoute.action({ request: call("/api/v1/host/payouts", { method: "POST", token, body: { ...bank, amount: 1_000 } }), params: {}, context: {} })) as Response;
    expect(response.status).toBe(409);
    expect(JSON.stringify(await response.json())).toContain("payout_window_closed");
    vi.setSystemTime(payday);
  });

  it("a traveler (who paid a stay) and a user with no listing get 403 on every host money route, not zeros", async () => {
    for (const who of [travelerToken, otherToken]) {
      const revenues = (await revenuesRoute.loader({ request: call("/api/v1/host/revenues", { token: who }), params: {}, context: {} })) as Response;
      expect(revenues.status).toBe(403);
      await expectApiResponseMatchesOpenApi("get", "/api/v1/host/revenues", revenues);
      const list = (await payoutsRoute.loader({ request: call("/api/v1/host/payouts", { token: who }), params: {}, context: {} })) as Response;
      expect(list.status).toBe(403);
      const post = (await payoutsRoute.action({ request: call("/api/v1/host/payouts", { method: "POST", token: who, body: { ...bank, amount: 1_000 } }), params: {}, context: {} })) as Response;
      expect(post.status).toBe(403);
      expect(JSON.stringify(await post.json())).toContain("not_a_host");
    }
    // A user who has listed a property (even with no stay yet) is a host: zeros, not 403.
    const newHost = await createBookingUser();
    await createPublicListing({ hostId: newHost.id });
    const newHostToken = (await createSession(newHost.id, "api", { userAgent: "test", ip: null })).id;
    const revenues = (await revenuesRoute.loader({ request: call("/api/v1/host/revenues", { token: newHostToken }), params: {}, context: {} })) as Response;
    expect(revenues.status).toBe(200);
    expect(((await revenues.json()) as { totals: { net: number } }).totals.net).toBe(0);
  });
});
