// Issue 21 (ADR 184): experience photos through the listings' photo pipeline, reviews of
// experience bookings through the reviews service, the partner page (experiences, rating, contact
// after a confirmed booking), and a partner linked to the account that later proves its e-mail.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ExperienceBooking } from "~/db/models/experience.server";
import { ExperiencePhoto } from "~/db/models/experience-photo.server";
import { Experience } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { Review } from "~/db/models/review.server";
import { createLinkToken } from "~/services/accounts/auth-tokens.server";
import { verifyEmail } from "~/services/accounts/user.server";
import { bestExperiences, experienceDetails, experienceTrips, searchExperiences } from "~/services/experiences/experience-reads.server";
import { partnerDashboard } from "~/services/experiences/partner-dashboard.server";
import { publicPartner } from "~/services/partners/partner-page.server";
import { addExperiencePhotos, deleteExperiencePhoto, experiencePhotos, moveExperiencePhoto, setExperienceCover } from "~/services/photos/experience-photos.server";
import { experienceBookingReviewPart } from "~/services/reviews/review-pages.server";
import { experienceReviews, openReports } from "~/services/reviews/review-reads.server";
import { decideReport, deleteReview, replyToReview, reportReview, saveExperienceReview } from "~/services/reviews/review-writes.server";
import { AppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";
import * as experiencesApi from "~/routes/api.v1.experiences._index";
import * as experienceReviewApi from "~/routes/api.v1.experience-bookings.$id_.review";
import * as photosApi from "~/routes/api.v1.partner.experiences.$id_.photos";
import * as photoApi from "~/routes/api.v1.partner.experiences.$id_.photos.$photoId";
import * as coverApi from "~/routes/api.v1.partner.experiences.$id_.photos.$photoId_.cover";
import * as moveApi from "~/routes/api.v1.partner.experiences.$id_.photos.$photoId_.move";
import { createSession } from "~/utils/auth-sessions.server";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";
import { createBookingUser } from "../factories/booking-factories";
import { createExperience, createPartner } from "../factories/experience-factories";
import { testPhoto } from "../factories/listing-factories";

const DAY = 86_400_000;
const actor = (user: { id: number; role: "user" | "support" | "operator" }) => ({ id: user.id, role: user.role });
const ratings = (n: number) => ({ amenities: n, services: n, price: n, tours: n, location: n });

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

/** A booking straight in the database (payment is built elsewhere): confirmed unless told. */
async function bookingOf(experience: Experience, slotId: number, travelerId: number, status: ExperienceBooking["status"] = "confirmed") {
  return ExperienceBooking.create({
    reference: `DX${crypto.randomBytes(4).toString("hex").toUpperCase()}`,
    slotId,
    experienceId: experience.id,
    partnerId: experience.partnerId,
    travelerId,
    people: 2,
    pricePerPerson: experience.pricePerPerson,
    total: experience.pricePerPerson * 2,
    commission: experience.pricePerPerson / 5,
    partnerEarning: experience.pricePerPerson * 2 - experience.pricePerPerson / 5,
    status,
    holdExpiresAt: null,
  });
}

describe("experience photos (the listings' pipeline)", () => {
  it("the partner uploads, orders, picks the cover and deletes; the cover shows on cards, the page, the home, the partner page and the API", async () => {
    const { user, partner } = await createPartner();
    const { experience } = await createExperience({ partnerId: partner.id, city: `Photoville ${crypto.randomBytes(2).toString("hex")}` });
    const added = await addExperiencePhotos(user.id, experience.id, [
      { name: "a.jpg", data: await testPhoto(1) },
      { name: "b.png", data: await testPhoto(2, "png") },
      { name: "c.webp", data: await testPhoto(3, "webp") },
    ]);
    expect(added).toHaveLength(3);
    const rows = await ExperiencePhoto.findAll({ where: { experienceId: experience.id }, order: [["position", "ASC"]] });
    expect(rows.map((row) => row.isCover)).toEqual([true, false, false]);
    // Re-encoded into the same WebP variants as listings, in the same storage.
    for (const width of [320, 640, 1280]) expect(fs.existsSync(path.join(env.uploadDir, `${rows[0]!.storageKey}-${width}.webp`))).toBe(true);

    // Same validation: a file that is not an image refuses the whole post.
    expect(await outcome(addExperiencePhotos(user.id, experience.id, [{ name: "notes.jpg", data: Buffer.from("not a picture") }]))).toBe("400 listing:photos.errors.notAnImage");
    // Someone else's experience: 404.
    const stranger = await createBookingUser();
    expect(await outcome(addExperiencePhotos(stranger.id, experience.id, [{ name: "a.jpg", data: await testPhoto(4) }]))).toBe("404 experiences:errors.notFound");
    expect(await outcome(setExperienceCover(stranger.id, experience.id, rows[1]!.id))).toBe("404 experiences:errors.notFound");

    await moveExperiencePhoto(user.id, experience.id, rows[2]!.id, "up");
    expect((await experiencePhotos(experience.id)).map((photo) => photo.id)).toEqual([rows[0]!.id, rows[2]!.id, rows[1]!.id]);
    await setExperienceCover(user.id, experience.id, rows[1]!.id);
    const cover = (await experiencePhotos(experience.id)).find((photo) => photo.isCover)!;
    expect(cover.id).toBe(rows[1]!.id);

    const search = await searchExperiences({ city: experience.city, people: 1, page: 1 } as never, "en", new Date());
    expect(search.items[0]!.photo).toBe(cover.url);
    const details = (await experienceDetails(experience.id, "en", new Date()))!;
    expect(details.photos.map((photo) => photo.id)).toEqual([rows[1]!.id, rows[0]!.id, rows[2]!.id]);
    expect((await bestExperiences("en", new Date(), 1000)).find((card) => card.id === experience.id)!.photo).toBe(cover.url);
    const api = (await experiencesApi.loader({ request: new Request(`http://localhost/api/v1/experiences?city=${encodeURIComponent(experience.city)}`), params: {}, context: {} })) as Response;
    expect(((await api.json()) as { items: Array<{ photo: string | null }> }).items[0]!.photo).toBe(cover.url);

    // Deleting the cover makes the first remaining photo the cover; its files are removed.
    await deleteExperiencePhoto(user.id, experience.id, rows[1]!.id);
    expect(fs.existsSync(path.join(env.uploadDir, `${rows[1]!.storageKey}-640.webp`))).toBe(false);
    const left = await experiencePhotos(experience.id);
    expect(left.map((photo) => [photo.id, photo.isCover])).toEqual([
      [rows[0]!.id, true],
      [rows[2]!.id, false],
    ]);
  });
});

describe("reviews of experiences (the reviews service)", () => {
  it("a traveler reviews a confirmed booking once its slot has ended, within 30 days; ratings follow on the experience, its cards and its partner", async () => {
    const { user: partnerUser, partner } = await createPartner();
    const start = new Date(Date.now() - 3 * DAY);
    const { experience, slots } = await createExperience({ partnerId: partner.id, slotStarts: [start, new Date(Date.now() + 5 * DAY)], city: `Reviewtown ${crypto.randomBytes(2).toString("hex")}` });
    const traveler = await createBookingUser();
    const booking = await bookingOf(experience, slots[0]!.id, traveler.id);
    const input = { text: "A wonderful morning at the potter's wheel.", ratings: ratings(5) };

    // Before the slot ended (start + 120 minutes): not completed.
    expect(await outcome(saveExperienceReview(actor(traveler), booking.id, input, { now: new Date(start.getTime() + 60 * 60_000) }))).toBe("409 reviews:errors.notCompleted");
    // After the window: closed.
    expect(await outcome(saveExperienceReview(actor(traveler), booking.id, input, { now: new Date(start.getTime() + 32 * DAY) }))).toBe("409 reviews:errors.windowClosed");
    // Somebody else: refused.
    const other = await createBookingUser();
    expect(await outcome(saveExperienceReview(actor(other), booking.id, input))).toBe("403 reviews:errors.notYourStay");
    // An unpaid hold is not reviewable.
    const pending = await bookingOf(experience, slots[0]!.id, other.id, "pending_payment");
    expect(await outcome(saveExperienceReview(actor(other), pending.id, input))).toBe("409 reviews:errors.notCompleted");

    expect((await experienceTrips(traveler.id, "en"))[0]!.reviewable).toBe(true);
    const { id } = await saveExperienceReview(actor(traveler), booking.id, input);
    expect(await outcome(saveExperienceReview(actor(traveler), booking.id, input))).toBe("409 reviews:errors.alreadyReviewed");
    expect((await experienceTrips(traveler.id, "en"))[0]!.reviewable).toBe(false);

    const second = await createBookingUser();
    const secondBooking = await bookingOf(experience, slots[0]!.id, second.id);
    await saveExperienceReview(actor(second), secondBooking.id, { text: "Good, a little long for the kids.", ratings: ratings(3) });

    expect(await Experience.findByPk(experience.id)).toMatchObject({ rating: 4, reviewCount: 2 });
    const page = await experienceReviews(experience.id);
    expect(page).toMatchObject({ rating: 4, count: 2 });
    const search = await searchExperiences({ city: experience.city, people: 1, page: 1 } as never, "en", new Date());
    expect(search.items[0]).toMatchObject({ rating: 4, reviewCount: 2 });
    expect((await publicPartner(partner.id, "en", null))!.rating).toEqual({ average: 4, count: 2 });

    // The partner's account replies (once shown), as a host does; another account cannot.
    expect(await outcome(replyToReview(actor(other), id, "Thanks!"))).toBe("403 reviews:errors.notYourListing");
    await replyToReview(actor(partnerUser), id, "Thank you, come back soon!");
    const part = (await experienceBookingReviewPart(booking.id))!;
    expect(part.data.review).toMatchObject({ id, reply: { text: "Thank you, come back soon!" } });
    expect(part.data.canReview).toBe(false);

    // Moderation as for stays: the partner reports, an operator hides; the rating follows.
    const secondReview = (await Review.findOne({ where: { experienceBookingId: secondBooking.id } }))!;
    const report = await reportReview(actor(partnerUser), secondReview.id, "This traveler never came.");
    expect((await openReports()).find((row) => row.id === report.id)!.review.subjectPath).toBe(`/experiences/${experience.id}`);
    const operator = await createBookingUser({ role: "operator" });
    await decideReport(actor(operator), report.id, "hide", "Not a real visit.");
    expect(await Experience.findByPk(experience.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await publicPartner(partner.id, "en", null))!.rating).toEqual({ average: 5, count: 1 });

    // The author deletes theirs: no rating left.
    await deleteReview(actor(traveler), id);
    expect(await Experience.findByPk(experience.id)).toMatchObject({ rating: null, reviewCount: 0 });
  });
});

describe("experience photos through the API (the photos page's service calls)", () => {
  it("upload (multipart), cover, move and delete as the partner; 404 for another account; 415 without multipart", async () => {
    const { user, partner } = await createPartner();
    const stranger = await createBookingUser();
    const { experience } = await createExperience({ partnerId: partner.id, slotStarts: [new Date(Date.now() + 5 * DAY)], city: `Phototown ${crypto.randomBytes(2).toString("hex")}` });
    type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response>;
    const base = `http://localhost/api/v1/partner/experiences/${experience.id}/photos`;
    const call = async (handler: unknown, userId: number, path: string, init: RequestInit, params: Record<string, string> = {}) => {
      const token = (await createSession(userId, "api")).id;
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${token}`);
      return (handler as Handler)({ request: new Request(path, { ...init, headers }), params: { id: String(experience.id), ...params }, context: {} });
    };
    const form = async () => {
      const body = new FormData();
      for (const seed of [1, 2]) body.append("photos", new Blob([new Uint8Array(await testPhoto(seed))], { type: "image/jpeg" }), `p${seed}.jpg`);
      return body;
    };
    expect((await call(photosApi.action, user.id, base, { method: "POST", body: JSON.stringify({}), headers: { "Content-Type": "application/json" } })).status).toBe(415);
    expect((await call(photosApi.action, stranger.id, base, { method: "POST", body: await form() })).status).toBe(404);
    const uploaded = await call(photosApi.action, user.id, base, { method: "POST", body: await form() });
    const added = (await expectApiResponseMatchesOpenApi("post", "/api/v1/partner/experiences/{id}/photos", uploaded)) as { photos: Array<{ id: number; isCover: boolean }> };
    expect(added.photos).toHaveLength(2);
    const [first, second] = added.photos as unknown as [{ id: number }, { id: number }];
    const covered = await call(coverApi.action, user.id, `${base}/${second.id}/cover`, { method: "POST" }, { photoId: String(second.id) });
    expect(((await expectApiResponseMatchesOpenApi("post", "/api/v1/partner/experiences/{id}/photos/{photoId}/cover", covered)) as { photos: Array<{ id: number; isCover: boolean }> }).photos.find((p) => p.isCover)!.id).toBe(second.id);
    const moved = await call(moveApi.action, user.id, `${base}/${second.id}/move`, { method: "POST", body: JSON.stringify({ direction: "up" }), headers: { "Content-Type": "application/json" } }, { photoId: String(second.id) });
    expect(((await expectApiResponseMatchesOpenApi("post", "/api/v1/partner/experiences/{id}/photos/{photoId}/move", moved)) as { photos: Array<{ id: number }> }).photos.map((p) => p.id)).toEqual([second.id, first.id]);
    expect((await call(photoApi.action, stranger.id, `${base}/${first.id}`, { method: "DELETE" }, { photoId: String(first.id) })).status).toBe(404);
    const deleted = await call(photoApi.action, user.id, `${base}/${first.id}`, { method: "DELETE" }, { photoId: String(first.id) });
    expect(((await expectApiResponseMatchesOpenApi("delete", "/api/v1/partner/experiences/{id}/photos/{photoId}", deleted)) as { photos: Array<{ id: number }> }).photos.map((p) => p.id)).toEqual([second.id]);
    expect(await ExperiencePhoto.count({ where: { experienceId: experience.id } })).toBe(1);
    const listed = await call(photosApi.loader, user.id, base, { method: "GET" });
    expect(((await expectApiResponseMatchesOpenApi("get", "/api/v1/partner/experiences/{id}/photos", listed)) as { photos: unknown[] }).photos).toHaveLength(1);
  });
});

describe("reviewing an experience through the API (the same saveExperienceReview)", () => {
  it("POST /api/v1/experience-bookings/{id}/review: 201 for the traveler of an ended booking, 403 for someone else, 409 the second time, 400 with field errors", async () => {
    const { partner } = await createPartner();
    const { experience, slots } = await createExperience({ partnerId: partner.id, slotStarts: [new Date(Date.now() - 2 * DAY)], city: `Apitown ${crypto.randomBytes(2).toString("hex")}` });
    const traveler = await createBookingUser();
    const other = await createBookingUser();
    const booking = await bookingOf(experience, slots[0]!.id, traveler.id);
    type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response>;
    const post = async (userId: number, body: unknown) => {
      const token = (await createSession(userId, "api")).id;
      const request = new Request(`http://localhost/api/v1/experience-bookings/${booking.id}/review`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return (experienceReviewApi.action as unknown as Handler)({ request, params: { id: String(booking.id) }, context: {} });
    };
    const input = { text: "Lovely dunes at sunset, a patient guide.", ratings: ratings(4) };
    const invalid = await post(traveler.id, { text: "short", ratings: ratings(9) });
    expect(invalid.status).toBe(400);
    expect(Object.keys(((await invalid.json()) as { error: { fields: Record<string, string> } }).error.fields)).toEqual(expect.arrayContaining(["text"]));
    expect((await post(other.id, input)).status).toBe(403);
    const created = await post(traveler.id, input);
    const body = (await expectApiResponseMatchesOpenApi("post", "/api/v1/experience-bookings/{id}/review", created)) as { id: number };
    expect((await Review.findByPk(body.id))!.experienceBookingId).toBe(booking.id);
    expect((await post(traveler.id, input)).status).toBe(409);
  });
});

describe("the partner page", () => {
  it("lists the partner's approved experiences and shows the contact only to a traveler with a confirmed booking", async () => {
    const { partner } = await createPartner();
    const { experience, slots } = await createExperience({ partnerId: partner.id });
    await createExperience({ partnerId: partner.id, status: "pending" });
    const dashboard = await partnerDashboard(partner.userId!, "en", new Date());
    expect(dashboard!.experiences).toHaveLength(2);

    const traveler = await createBookingUser();
    expect((await publicPartner(partner.id, "en", null))!.contact).toBeNull();
    expect((await publicPartner(partner.id, "en", traveler.id))!.contact).toBeNull();
    const hold = await bookingOf(experience, slots[0]!.id, traveler.id, "pending_payment");
    expect((await publicPartner(partner.id, "en", traveler.id))!.contact).toBeNull();
    await hold.update({ status: "cancelled" });
    expect((await publicPartner(partner.id, "en", traveler.id))!.contact).toBeNull();
    await bookingOf(experience, slots[0]!.id, traveler.id, "confirmed");
    expect((await publicPartner(partner.id, "en", traveler.id))!.contact).toMatchObject({ email: partner.email, phone: partner.phone });
    // A booking with another partner does not open this one's contact.
    const { partner: otherPartner } = await createPartner();
    expect((await publicPartner(otherPartner.id, "en", traveler.id))!.contact).toBeNull();
  });

  it("lists approved experiences only (the page's loader)", async () => {
    const { partner } = await createPartner();
    const { experience } = await createExperience({ partnerId: partner.id });
    const { experience: pending } = await createExperience({ partnerId: partner.id, status: "pending" });
    const { partnerExperienceCards } = await import("~/services/experiences/experience-reads.server");
    const cards = await partnerExperienceCards(partner.id, "en", new Date());
    expect(cards.map((card) => card.id)).toEqual([experience.id]);
    expect(cards.map((card) => card.id)).not.toContain(pending.id);
  });
});

describe("a partner approved without an account", () => {
  it("is linked to the account that signs up with its e-mail once that e-mail is verified", async () => {
    const email = `later-${crypto.randomBytes(4).toString("hex")}@test.darna.tn`;
    const partner = await Partner.create({
      userId: null,
      name: "Later Partner",
      description: JSON.stringify({ en: "Guides." }),
      languages: JSON.stringify(["fr"]),
      email: email.toUpperCase(),
      phone: "+21620000009",
      website: null,
      city: null,
    });
    const user = await createBookingUser({ verified: false });
    await user.update({ email });
    expect(await partnerDashboard(user.id, "en", new Date())).toBeNull();
    const link = await createLinkToken(user.id, "verify_email");
    await verifyEmail(link);
    expect((await Partner.findByPk(partner.id))!.userId).toBe(user.id);
    expect((await partnerDashboard(user.id, "en", new Date()))!.partner.id).toBe(partner.id);

    // An account that already manages a partner is not given a second one.
    const again = await Partner.create({ userId: null, name: "Second", description: "{}", languages: "[]", email, phone: "+21620000010", website: null, city: null });
    const link2 = await createLinkToken(user.id, "verify_email");
    await verifyEmail(link2);
    expect((await Partner.findByPk(again.id))!.userId).toBeNull();
  });
});

describe("demo data (seeder 64)", () => {
  it("gives every demo experience scene photos with a cover and a few reviews made through the reviews service; seeding twice adds nothing", async () => {
    const { getSequelize } = await import("~/db/sequelize.server");
    const { DataTypes } = await import("sequelize");
    const sequelize = getSequelize();
    const context = { sequelize, queryInterface: sequelize.getQueryInterface(), DataTypes };
    const accounts = await import("../../migrations/seeders/02-demo-accounts");
    const partners = await import("../../migrations/seeders/60-demo-partners");
    const photosAndReviews = await import("../../migrations/seeders/64-demo-experience-photos-reviews");
    await accounts.seed({ context });
    await partners.seed({ context });
    await photosAndReviews.seed({ context });
    await photosAndReviews.seed({ context });
    const managers = await Partner.findAll({ include: [], where: {} });
    const demoPartners = [];
    for (const partner of managers) if (partner.email.endsWith("@demo.darna.tn")) demoPartners.push(partner);
    expect(demoPartners).toHaveLength(3);
    const experiences = await Experience.findAll({ where: { partnerId: demoPartners.map((p) => p.id) } });
    expect(experiences).toHaveLength(6);
    for (const experience of experiences) {
      const photos = await ExperiencePhoto.findAll({ where: { experienceId: experience.id } });
      expect(photos.length).toBe(3);
      expect(photos.filter((photo) => photo.isCover)).toHaveLength(1);
      expect(fs.existsSync(path.join(env.uploadDir, `${photos[0]!.storageKey}-640.webp`))).toBe(true);
    }
    const reviews = await Review.findAll({ where: { experienceId: experiences.map((e) => e.id) } });
    expect(reviews).toHaveLength(4);
    const rated = await Experience.findAll({ where: { id: [...new Set(reviews.map((r) => r.experienceId!))] } });
    for (const experience of rated) expect(experience.reviewCount).toBeGreaterThan(0);
    for (const partner of demoPartners) expect((await publicPartner(partner.id, "en", null))!.rating).not.toBeNull();
  });
});
