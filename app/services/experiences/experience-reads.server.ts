import { Op, fn, col, literal, type WhereOptions } from "sequelize";
import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { languageList, quoteExperience, textIn } from "~/domain/experiences";
import { experienceReviewWindow, roundRating } from "~/domain/reviews";
import { Review } from "~/db/models/review.server";
import type { ExperienceFilters } from "~/schemas/experiences";
import { experienceCovers, experiencePhotos } from "~/services/photos/experience-photos.server";
import type { PhotoView } from "~/services/photos/photo-set.server";

function coverFirst(photos: PhotoView[]): PhotoView[] {
  return [...photos.filter((photo) => photo.isCover), ...photos.filter((photo) => !photo.isCover)];
}

// What travelers see of experiences: the public list with its filters (/experiences and
// GET /api/v1/experiences), one experience with its bookable slots, and the home page's best.
// Public means approved, with a future slot that still has room for the people asked for.

export const EXPERIENCES_PAGE_SIZE = 12;

export interface ExperienceCard {
  id: number;
  title: string;
  city: string;
  durationMinutes: number;
  pricePerPerson: number;
  /** The price for the people of the filters. */
  totalForPeople: number;
  languages: string[];
  nextStartsAt: string;
  /** The average of its visible reviews (ADR 184), null before the first. */
  rating: number | null;
  reviewCount: number;
  /** The cover photo (640 px variant), null while it has none. */
  photo: string | null;
}

/** Tunisia is UTC+1 all year: the UTC bounds of a Tunis calendar day. */
function tunisDayBounds(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00+01:00`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

function openSlotsWhere(people: number, now: Date, day?: string): WhereOptions {
  const bounds = day ? tunisDayBounds(day) : null;
  const from = bounds && bounds.from > now ? bounds.from : now;
  return {
    startsAt: bounds ? { [Op.gt]: from, [Op.lt]: bounds.to } : { [Op.gt]: from },
    [Op.and]: [literal(`capacity - places_taken >= ${Math.max(1, Math.trunc(people))}`)],
  };
}

export async function searchExperiences(
  filters: ExperienceFilters,
  language: string,
  now: Date,
  pageSize: number = EXPERIENCES_PAGE_SIZE,
): Promise<{ items: ExperienceCard[]; total: number; page: number; pageCount: number }> {
  const where: WhereOptions<Experience> = { status: "approved" };
  const and: WhereOptions<Experience>[] = [];
  if (filters.city) and.push({ city: { [Op.like]: `%${filters.city.replace(/[%_\\]/g, "")}%` } });
  if (filters.maxPrice) and.push({ pricePerPerson: { [Op.lte]: filters.maxPrice * 1000 } });
  if (filters.language) and.push({ languages: { [Op.like]: `%"${filters.language}"%` } });
  // Experiences with an open slot matching the date and the people, each with its next start.
  const open = (await ExperienceSlot.findAll({
    attributes: ["experienceId", [fn("MIN", col("starts_at")), "nextStartsAt"]],
    where: openSlotsWhere(filters.people, now, filters.date),
    group: ["experienceId"],
    raw: true,
  })) as unknown as Array<{ experienceId: number; nextStartsAt: string | Date }>;
  const next = new Map(open.map((row) => [Number(row.experienceId), new Date(row.nextStartsAt)]));
  if (next.size === 0) return { items: [], total: 0, page: filters.page, pageCount: 1 };
  and.push({ id: { [Op.in]: [...next.keys()] } });
  const { rows, count } = await Experience.findAndCountAll({
    where: { ...where, [Op.and]: and },
    order: [["id", "DESC"]],
    limit: pageSize,
    offset: (filters.page - 1) * pageSize,
  });
  const covers = await experienceCovers(rows.map((experience) => experience.id));
  return {
    items: rows.map((experience) => toCard(experience, language, filters.people, next.get(experience.id)!, covers)),
    total: count,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(count / pageSize)),
  };
}

function toCard(experience: Experience, language: string, people: number, nextStartsAt: Date, covers: Map<number, string>): ExperienceCard {
  return {
    id: experience.id,
    title: textIn(experience.title, language),
    city: experience.city,
    durationMinutes: experience.durationMinutes,
    pricePerPerson: experience.pricePerPerson,
    totalForPeople: quoteExperience(experience.pricePerPerson, people).total,
    languages: languageList(experience.languages),
    nextStartsAt: nextStartsAt.toISOString(),
    rating: experience.rating === null ? null : roundRating(experience.rating),
    reviewCount: experience.reviewCount,
    photo: covers.get(experience.id) ?? null,
  };
}

export interface ExperienceDetails {
  id: number;
  title: string;
  description: string;
  city: string;
  governorate: string;
  durationMinutes: number;
  languages: string[];
  pricePerPerson: number;
  status: Experience["status"];
  partner: { id: number; name: string };
  slots: Array<{ id: number; startsAt: string; placesLeft: number }>;
  /** In the partner's order, the cover first. */
  photos: PhotoView[];
  rating: number | null;
  reviewCount: number;
}

/** One experience with its future slots that have places left; null unless approved (or `viewer` is its partner's account). */
export async function experienceDetails(id: number, language: string, now: Date, viewerId: number | null = null): Promise<ExperienceDetails | null> {
  const experience = await Experience.findByPk(id);
  if (!experience) return null;
  const partner = await Partner.findByPk(experience.partnerId);
  if (!partner) return null;
  const ownPartner = viewerId !== null && partner.userId === viewerId;
  if (experience.status !== "approved" && !ownPartner) return null;
  const slots = await ExperienceSlot.findAll({
    where: { experienceId: id, ...openSlotsWhere(1, now) },
    order: [["startsAt", "ASC"]],
    limit: 60,
  });
  return {
    id: experience.id,
    title: textIn(experience.title, language),
    description: textIn(experience.description, language),
    city: experience.city,
    governorate: experience.governorate,
    durationMinutes: experience.durationMinutes,
    languages: languageList(experience.languages),
    pricePerPerson: experience.pricePerPerson,
    status: experience.status,
    partner: { id: partner.id, name: partner.name },
    slots: slots.map((slot) => ({ id: slot.id, startsAt: slot.startsAt.toISOString(), placesLeft: slot.capacity - slot.placesTaken })),
    photos: coverFirst(await experiencePhotos(experience.id)),
    rating: experience.rating === null ? null : roundRating(experience.rating),
    reviewCount: experience.reviewCount,
  };
}

/** The home page's best experiences: most booked (confirmed places), then newest, among public ones. */
export async function bestExperiences(language: string, now: Date, limit = 4): Promise<ExperienceCard[]> {
  const open = (await ExperienceSlot.findAll({
    attributes: ["experienceId", [fn("MIN", col("starts_at")), "nextStartsAt"]],
    where: openSlotsWhere(1, now),
    group: ["experienceId"],
    raw: true,
  })) as unknown as Array<{ experienceId: number; nextStartsAt: string | Date }>;
  const next = new Map(open.map((row) => [Number(row.experienceId), new Date(row.nextStartsAt)]));
  if (next.size === 0) return [];
  const experiences = await Experience.findAll({ where: { status: "approved", id: { [Op.in]: [...next.keys()] } } });
  const booked = (await ExperienceBooking.findAll({
    attributes: ["experienceId", [fn("SUM", col("people")), "places"]],
    where: { status: "confirmed", experienceId: { [Op.in]: experiences.map((e) => e.id) } },
    group: ["experienceId"],
    raw: true,
  })) as unknown as Array<{ experienceId: number; places: number | string }>;
  const places = new Map(booked.map((row) => [Number(row.experienceId), Number(row.places)]));
  const best = experiences.sort((a, b) => (places.get(b.id) ?? 0) - (places.get(a.id) ?? 0) || b.id - a.id).slice(0, limit);
  const covers = await experienceCovers(best.map((experience) => experience.id));
  return best.map((experience) => toCard(experience, language, 1, next.get(experience.id)!, covers));
}

/** A partner's approved experiences for its public page, newest first, each with its next open date if any. */
export async function partnerExperienceCards(partnerId: number, language: string, now: Date): Promise<Array<Omit<ExperienceCard, "nextStartsAt"> & { nextStartsAt: string | null }>> {
  const experiences = await Experience.findAll({ where: { partnerId, status: "approved" }, order: [["id", "DESC"]], limit: 50 });
  if (experiences.length === 0) return [];
  const open = (await ExperienceSlot.findAll({
    attributes: ["experienceId", [fn("MIN", col("starts_at")), "nextStartsAt"]],
    where: { experienceId: { [Op.in]: experiences.map((e) => e.id) }, ...openSlotsWhere(1, now) },
    group: ["experienceId"],
    raw: true,
  })) as unknown as Array<{ experienceId: number; nextStartsAt: string | Date }>;
  const next = new Map(open.map((row) => [Number(row.experienceId), new Date(row.nextStartsAt)]));
  const covers = await experienceCovers(experiences.map((experience) => experience.id));
  return experiences.map((experience) => {
    const nextStart = next.get(experience.id);
    return { ...toCard(experience, language, 1, nextStart ?? now, covers), nextStartsAt: nextStart ? nextStart.toISOString() : null };
  });
}

export interface ExperienceBookingView {
  id: number;
  reference: string;
  status: ExperienceBooking["status"];
  people: number;
  total: number;
  holdExpiresAt: string | null;
  startsAt: string;
  experience: { id: number; title: string; city: string };
  /** "traveler" or "partner": who is looking. */
  viewer: "traveler" | "partner";
}

/** A booking as its traveler or its partner's account sees it; null for anyone else (a 404). */
export async function experienceBookingFor(id: number, viewerId: number, language: string): Promise<ExperienceBookingView | null> {
  const booking = await ExperienceBooking.findByPk(id);
  if (!booking) return null;
  let viewer: ExperienceBookingView["viewer"] | null = booking.travelerId === viewerId ? "traveler" : null;
  if (!viewer) {
    const partner = await Partner.findByPk(booking.partnerId);
    if (partner?.userId === viewerId) viewer = "partner";
  }
  if (!viewer) return null;
  const [experience, slot] = await Promise.all([Experience.findByPk(booking.experienceId), ExperienceSlot.findByPk(booking.slotId)]);
  if (!experience || !slot) return null;
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    people: booking.people,
    total: booking.total,
    holdExpiresAt: booking.holdExpiresAt ? booking.holdExpiresAt.toISOString() : null,
    startsAt: slot.startsAt.toISOString(),
    experience: { id: experience.id, title: textIn(experience.title, language), city: experience.city },
    viewer,
  };
}

export interface ExperienceTrip {
  id: number;
  reference: string;
  title: string;
  city: string;
  startsAt: string;
  people: number;
  total: number;
  status: ExperienceBooking["status"];
  /** The slot has ended, the booking was confirmed, the window is open and no review exists yet (ADR 184). */
  reviewable: boolean;
}

/** A traveler's experience bookings for the trips list, latest first. */
export async function experienceTrips(travelerId: number, language: string): Promise<ExperienceTrip[]> {
  const bookings = await ExperienceBooking.findAll({ where: { travelerId }, order: [["id", "DESC"]], limit: 100 });
  if (bookings.length === 0) return [];
  const [experiences, slots] = await Promise.all([
    Experience.findAll({ where: { id: { [Op.in]: [...new Set(bookings.map((b) => b.experienceId))] } } }),
    ExperienceSlot.findAll({ where: { id: { [Op.in]: [...new Set(bookings.map((b) => b.slotId))] } } }),
  ]);
  const byId = new Map(experiences.map((e) => [e.id, e]));
  const slotById = new Map(slots.map((s) => [s.id, s]));
  const reviewed = new Set(
    (await Review.findAll({ where: { experienceBookingId: { [Op.in]: bookings.map((b) => b.id) } }, attributes: ["experienceBookingId"] })).map((r) => r.experienceBookingId),
  );
  const now = new Date();
  const endsAt = (booking: ExperienceBooking) => new Date(slotById.get(booking.slotId)!.startsAt.getTime() + (byId.get(booking.experienceId)?.durationMinutes ?? 0) * 60_000);
  return bookings.map((booking) => ({
    id: booking.id,
    reference: booking.reference,
    title: textIn(byId.get(booking.experienceId)?.title ?? "{}", language),
    city: byId.get(booking.experienceId)?.city ?? "",
    startsAt: slotById.get(booking.slotId)!.startsAt.toISOString(),
    people: booking.people,
    total: booking.total,
    status: booking.status,
    reviewable: !reviewed.has(booking.id) && experienceReviewWindow({ status: booking.status, endsAt: endsAt(booking) }, now) === "open",
  }));
}
