// /experiences, /experiences/{id} and /experience-bookings/{id}: loaders and the booking form's
// action called with real Requests, as browsers post them with JavaScript off (ADR 182).
import { describe, expect, it } from "vitest";
import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import * as bookingRoute from "~/routes/($lang).experience-bookings.$id";
import * as adminRoute from "~/routes/($lang).admin.experiences";
import * as dashboardRoute from "~/routes/($lang).dashboard.experiences";
import * as detailRoute from "~/routes/($lang).experiences.$id";
import * as listRoute from "~/routes/($lang).experiences._index";
import * as newRoute from "~/routes/($lang).dashboard.experiences_.new";
import * as tripsRoute from "~/routes/($lang).profile.trips";
import { createSession } from "~/utils/auth-sessions.server";
import { tokenCookie } from "~/utils/auth.server";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";
import { createBookingUser } from "../factories/booking-factories";
import { createExperience, createPartner } from "../factories/experience-factories";

async function signedInJar(userId: number): Promise<CookieJar> {
  const jar = new CookieJar();
  const session = await createSession(userId, "web");
  jar.store(new Headers({ "Set-Cookie": await tokenCookie.serialize(session.id) }));
  return jar;
}

const inDays = (days: number, hour = 9) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at;
};

type ListData = { items: Array<{ id: number; totalForPeople: number }>; total: number };

describe("/experiences", () => {
  it("lists approved experiences with an open future slot, filtered by city, date, people, price and language, with the total for N people", async () => {
    const city = `Ville${Date.now()}`;
    const open = await createExperience({ city, pricePerPerson: 40_000, capacity: 4, slotStarts: [inDays(5), inDays(9)] });
    await createExperience({ city, status: "pending" });
    await createExperience({ city, slotStarts: [inDays(-2)] });
    const expensive = await createExperience({ city, pricePerPerson: 150_000 });
    const list = async (query: string) => (await callRoute(listRoute.loader, makeRequest(`/experiences?${query}`))).data as ListData;

    const all = await list(`city=${city}&people=3`);
    expect(all.items.map((item) => item.id).sort()).toEqual([open.experience.id, expensive.experience.id].sort());
    expect(all.items.find((item) => item.id === open.experience.id)!.totalForPeople).toBe(120_000);
    expect((await list(`city=${city}&maxPrice=100`)).items.map((item) => item.id)).toEqual([open.experience.id]);
    expect((await list(`city=${city}&people=5`)).items.map((item) => item.id)).toEqual([expensive.experience.id]);
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Tunis" }).format(inDays(9));
    expect((await list(`city=${city}&date=${day}&maxPrice=100`)).items.map((item) => item.id)).toEqual([open.experience.id]);
    expect((await list(`city=${city}&language=de`)).total).toBe(0);
    expect((await list(`city=${city}&language=fr&people=abc&maxPrice=-3`)).total).toBe(2);
  });
});

describe("/experiences/{id}", () => {
  it("shows the partner and the slots with places left; 404 for a pending experience to strangers, not to its partner", async () => {
    const { experience, slots } = await createExperience({ capacity: 6 });
    await ExperienceSlot.update({ placesTaken: 2 }, { where: { id: slots[0]!.id } });
    const shown = await callRoute(detailRoute.loader, makeRequest(`/experiences/${experience.id}`), { params: { id: String(experience.id) } });
    expect(shown.status).toBe(200);
    const data = shown.data as { experience: { partner: { id: number }; slots: Array<{ placesLeft: number }> }; signedIn: boolean };
    expect(data.experience.partner.id).toBe(experience.partnerId);
    expect(data.experience.slots.map((slot) => slot.placesLeft)).toEqual([4]);
    expect(data.signedIn).toBe(false);

    const { user, partner } = await createPartner();
    const pending = await createExperience({ partnerId: partner.id, status: "pending" });
    const params = { params: { id: String(pending.experience.id) } };
    expect((await callRoute(detailRoute.loader, makeRequest(`/experiences/${pending.experience.id}`), params)).status).toBe(404);
    const jar = await signedInJar(user.id);
    expect((await callRoute(detailRoute.loader, makeRequest(`/experiences/${pending.experience.id}`, { jar }), params)).status).toBe(200);
  });

  it("books with a plain form post and redirects to the booking; errors come back next to the fields; visitors go to sign in", async () => {
    const { experience, slots } = await createExperience({ capacity: 3, pricePerPerson: 30_000 });
    const params = { params: { id: String(experience.id) } };
    const path = `/fr/experiences/${experience.id}`;
    const visitor = await callRoute(detailRoute.action, makeRequest(path, { form: { slotId: String(slots[0]!.id), people: "1", acceptTerms: "on" } }), params);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/fr/auth?redirectTo=");

    const traveler = await createBookingUser();
    const jar = await signedInJar(traveler.id);
    const tooMany = await callRoute(detailRoute.action, makeRequest(path, { jar, form: { slotId: String(slots[0]!.id), people: "4", acceptTerms: "on" } }), params);
    expect(tooMany.status).toBe(409);
    expect(JSON.stringify(tooMany.data)).toContain("experiences:errors.notEnoughPlaces");
    const noTerms = await callRoute(detailRoute.action, makeRequest(path, { jar, form: { slotId: String(slots[0]!.id), people: "1" } }), params);
    expect(noTerms.status).toBe(400);
    expect(JSON.stringify(noTerms.data)).toContain("experiences:errors.acceptTerms");

    const booked = await callRoute(detailRoute.action, makeRequest(path, { jar, form: { slotId: String(slots[0]!.id), people: "2", acceptTerms: "on" } }), params);
    expect(booked.status).toBe(302);
    const booking = (await ExperienceBooking.findOne({ where: { travelerId: traveler.id } }))!;
    expect(booked.location).toBe(`/fr/experience-bookings/${booking.id}`);
    expect(booking).toMatchObject({ people: 2, total: 60_000, status: "pending_payment" });

    const page = await callRoute(bookingRoute.loader, makeRequest(`/experience-bookings/${booking.id}`, { jar }), { params: { id: String(booking.id) } });
    expect(page.status).toBe(200);
    const trips = await callRoute(tripsRoute.loader, makeRequest("/profile/trips", { jar }));
    expect((trips.data as { experiences: Array<{ id: number; status: string }> }).experiences).toEqual([expect.objectContaining({ id: booking.id, status: "pending_payment" })]);
    const stranger = await signedInJar((await createBookingUser()).id);
    expect((await callRoute(bookingRoute.loader, makeRequest(`/experience-bookings/${booking.id}`, { jar: stranger }), { params: { id: String(booking.id) } })).status).toBe(404);
    const bookingParams = { params: { id: String(booking.id) } };
    expect((await callRoute(bookingRoute.action, makeRequest(`/experience-bookings/${booking.id}`, { jar: stranger, form: { intent: "cancel" } }), bookingParams)).status).toBe(404);
    const cancelled = await callRoute(bookingRoute.action, makeRequest(`/fr/experience-bookings/${booking.id}`, { jar, form: { intent: "cancel" } }), bookingParams);
    expect(cancelled.location).toBe(`/fr/experience-bookings/${booking.id}`);
    expect((await booking.reload()).status).toBe("cancelled");
    expect((await ExperienceSlot.findByPk(slots[0]!.id))!.placesTaken).toBe(0);
  });
});

describe("/dashboard/experiences (partner mode)", () => {
  it("shows the partner's experiences and the bookings of them; 403 for an account that manages no partner", async () => {
    const { user, partner } = await createPartner();
    const { experience, slots } = await createExperience({ partnerId: partner.id, pricePerPerson: 50_000 });
    await createExperience({ partnerId: partner.id, status: "pending" });
    const traveler = await createBookingUser();
    const travelerJar = await signedInJar(traveler.id);
    await callRoute(
      detailRoute.action,
      makeRequest(`/experiences/${experience.id}`, { jar: travelerJar, form: { slotId: String(slots[0]!.id), people: "2", acceptTerms: "on" } }),
      { params: { id: String(experience.id) } },
    );
    const jar = await signedInJar(user.id);
    const page = await callRoute(dashboardRoute.loader, makeRequest("/dashboard/experiences", { jar }));
    expect(page.status).toBe(200);
    const { dashboard } = page.data as { dashboard: { experiences: Array<{ status: string }>; bookings: Array<{ people: number; partnerEarning: number; status: string }> } };
    expect(dashboard.experiences.map((item) => item.status).sort()).toEqual(["approved", "pending"]);
    expect(dashboard.bookings).toEqual([expect.objectContaining({ people: 2, partnerEarning: 90_000, status: "pending_payment" })]);
    const booking = (await ExperienceBooking.findOne({ where: { travelerId: traveler.id } }))!;
    expect((await callRoute(bookingRoute.loader, makeRequest(`/experience-bookings/${booking.id}`, { jar }), { params: { id: String(booking.id) } })).status).toBe(200);
    expect((await callRoute(dashboardRoute.loader, makeRequest("/dashboard/experiences", { jar: travelerJar }))).status).toBe(403);
  });
});

describe("/admin/experiences", () => {
  it("lets an operator approve a pending experience or reject it with a reason; others are refused", async () => {
    const operator = await createBookingUser({ role: "operator" });
    const jar = await signedInJar(operator.id);
    const first = await createExperience({ status: "pending" });
    const second = await createExperience({ status: "pending" });
    const listed = await callRoute(adminRoute.loader, makeRequest("/admin/experiences", { jar }));
    const ids = (listed.data as { pending: Array<{ id: number }> }).pending.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([first.experience.id, second.experience.id]));

    const approved = await callRoute(adminRoute.action, makeRequest("/admin/experiences", { jar, form: { intent: "approve", id: String(first.experience.id) } }));
    expect(approved.status).toBe(302);
    expect((await first.experience.reload()).status).toBe("approved");
    const again = await callRoute(adminRoute.action, makeRequest("/admin/experiences", { jar, form: { intent: "approve", id: String(first.experience.id) } }));
    expect(again.status).toBe(409);

    const noReason = await callRoute(adminRoute.action, makeRequest("/admin/experiences", { jar, form: { intent: "reject", id: String(second.experience.id), reason: "" } }));
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.data)).toContain("experiences:moderation.reasonRequired");
    await callRoute(adminRoute.action, makeRequest("/admin/experiences", { jar, form: { intent: "reject", id: String(second.experience.id), reason: "Photos missing" } }));
    expect(await second.experience.reload()).toMatchObject({ status: "rejected", rejectionReason: "Photos missing" });

    const traveler = await signedInJar((await createBookingUser()).id);
    expect((await callRoute(adminRoute.loader, makeRequest("/admin/experiences", { jar: traveler }))).status).toBe(403);
  });
});

describe("/dashboard/experiences/new (partner mode)", () => {
  const form = (overrides: Record<string, string> = {}) => ({
    titleEn: "Olive harvest", titleFr: "Cueillette des olives", titleEs: "Cosecha de aceitunas",
    descriptionEn: "Pick olives and press them.", descriptionFr: "Cueillez et pressez les olives.", descriptionEs: "Recoge y prensa aceitunas.",
    city: "Sfax", governorate: "Sfax", durationMinutes: "240", languages: "fr", price: "70", capacity: "9",
    firstStart: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) + "T09:30",
    ...overrides,
  });

  it("creates a pending experience with weekly slots until the end date; errors next to fields; others are refused", async () => {
    const { user, partner } = await createPartner();
    const jar = await signedInJar(user.id);
    const until = new Date(Date.now() + 27 * 86_400_000).toISOString().slice(0, 10);
    const created = await callRoute(newRoute.action, makeRequest("/dashboard/experiences/new", { jar, form: form({ repeatWeeklyUntil: until }) }));
    expect(created.status).toBe(302);
    const experience = (await Experience.findOne({ where: { partnerId: partner.id } }))!;
    expect(experience).toMatchObject({ status: "pending", pricePerPerson: 70_000, capacity: 9, city: "Sfax" });
    const slots = await ExperienceSlot.findAll({ where: { experienceId: experience.id }, order: [["startsAt", "ASC"]] });
    expect(slots).toHaveLength(4);
    expect(slots[1]!.startsAt.getTime() - slots[0]!.startsAt.getTime()).toBe(7 * 86_400_000);
    expect(slots[0]!.startsAt.toISOString().slice(11, 16)).toBe("08:30");

    const bad = await callRoute(newRoute.action, makeRequest("/dashboard/experiences/new", { jar, form: form({ price: "0", firstStart: "2020-01-01T10:00" }) }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("experiences:create.errors.price");
    const past = await callRoute(newRoute.action, makeRequest("/dashboard/experiences/new", { jar, form: form({ firstStart: "2020-01-01T10:00" }) }));
    expect(JSON.stringify(past.data)).toContain("experiences:create.errors.start");

    const traveler = await signedInJar((await createBookingUser()).id);
    expect((await callRoute(newRoute.action, makeRequest("/dashboard/experiences/new", { jar: traveler, form: form() }))).status).toBe(403);
    expect((await callRoute(newRoute.loader, makeRequest("/dashboard/experiences/new", { jar: traveler }))).status).toBe(403);
  });
});
