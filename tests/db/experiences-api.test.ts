// The /api/v1 experiences routes, called through their handlers and held against the OpenAPI
// document: list with filters, details with partner and slots (404 for a pending one), booking
// (201, 409 "not enough places", 400, 401) — ADR 182.
import { describe, expect, it } from "vitest";
import { ExperienceSlot } from "~/db/models/experience.server";
import * as bookingsRoute from "~/routes/api.v1.experience-bookings";
import * as detailRoute from "~/routes/api.v1.experiences.$id";
import * as listRoute from "~/routes/api.v1.experiences._index";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser } from "../factories/booking-factories";
import { createExperience } from "../factories/experience-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const ORIGIN = "http://localhost:4321";

function request(path: string, token: string | null, json?: unknown) {
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), { method: json !== undefined ? "POST" : "GET", headers, body: json !== undefined ? JSON.stringify(json) : undefined });
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;
const call = (handler: unknown, req: Request, params: Record<string, string> = {}) => (handler as Handler)({ request: req, params, context: {} });

describe("GET /api/v1/experiences and /api/v1/experiences/{id}", () => {
  it("lists approved experiences with the page's filters and shows one with its partner and slots", async () => {
    const city = `Api${Date.now()}`;
    const { experience, slots } = await createExperience({ city, pricePerPerson: 20_000, capacity: 5 });
    await createExperience({ city, status: "pending" });
    const list = await call(listRoute.loader, request(`/api/v1/experiences?city=${city}&people=2`, null));
    expect(list.status).toBe(200);
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/experiences", list)) as { items: Array<{ id: number; totalForPeople: number }>; total: number; page: number };
    expect(body).toMatchObject({ total: 1, page: 1 });
    expect(body.items[0]).toMatchObject({ id: experience.id, totalForPeople: 40_000 });

    const detail = await call(detailRoute.loader, request(`/api/v1/experiences/${experience.id}`, null), { id: String(experience.id) });
    const shown = (await expectApiResponseMatchesOpenApi("get", "/api/v1/experiences/{id}", detail)) as { partner: { id: number }; slots: Array<{ id: number; placesLeft: number }> };
    expect(shown.partner.id).toBe(experience.partnerId);
    expect(shown.slots).toEqual([expect.objectContaining({ id: slots[0]!.id, placesLeft: 5 })]);

    const pending = await createExperience({ status: "pending" });
    const hidden = await call(detailRoute.loader, request(`/api/v1/experiences/${pending.experience.id}`, null), { id: String(pending.experience.id) });
    expect(hidden.status).toBe(404);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/experiences/{id}", hidden);
  });
});

describe("POST /api/v1/experience-bookings", () => {
  it("answers 201 with the booking, 409 when not enough places are left, 400 and 401 as documented", async () => {
    const { slots } = await createExperience({ capacity: 3, pricePerPerson: 10_000 });
    const slotId = slots[0]!.id;
    const token = (await createSession((await createBookingUser()).id, "api")).id;

    const created = await call(bookingsRoute.action, request("/api/v1/experience-bookings", token, { slotId, people: 2, acceptTerms: true }));
    expect(created.status).toBe(201);
    const booking = (await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings", created)) as { reference: string; status: string; total: number };
    expect(booking).toMatchObject({ status: "pending_payment", total: 20_000 });

    const full = await call(bookingsRoute.action, request("/api/v1/experience-bookings", token, { slotId, people: 2, acceptTerms: true }));
    expect(full.status).toBe(409);
    const error = (await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings", full)) as { error: { message: string } };
    expect(error.error.message).toBe("Not enough places left on this date.");

    const noTerms = await call(bookingsRoute.action, request("/api/v1/experience-bookings", token, { slotId, people: 1, acceptTerms: false }));
    expect(noTerms.status).toBe(400);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings", noTerms);
    const anonymous = await call(bookingsRoute.action, request("/api/v1/experience-bookings", null, { slotId, people: 1, acceptTerms: true }));
    expect(anonymous.status).toBe(401);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings", anonymous);
    expect((await ExperienceSlot.findByPk(slotId))!.placesTaken).toBe(2);
  });
});
