import type { Migration } from "~/db/migrator.server";
import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { ExperiencePhoto } from "~/db/models/experience-photo.server";
import { Partner } from "~/db/models/partner.server";
import { Review } from "~/db/models/review.server";
import { User } from "~/db/models/user.server";
import { quoteExperience } from "~/domain/experiences";
import { demoScenePhotoRows, ensureDemoScenes } from "~/services/photos/demo-scenes.server";
import { saveExperienceReview } from "~/services/reviews/review-writes.server";
import { getStorage } from "~/services/storage/storage.server";

// Photos and reviews of the demo experiences (seeder 60; ADR 184). Photos: the demo scenes the
// demo listings show (rendered once into the same WebP variants as uploads, files shared), picked
// by the experience's setting, the first one the cover. Reviews: the demo traveler and two of the
// demo partners' accounts each had a confirmed booking on a departure that ended a few days ago,
// and reviewed it through the reviews service (saveExperienceReview: same rules and ratings as
// stays). The bookings are written as confirmed directly: paying for experiences lands apart.
// Idempotent: an experience with photos keeps them; a booking already reviewed is not redone.

const SCENES_BY_CITY: Record<string, string[]> = {
  Nabeul: ["blue-door", "terrace", "medina"],
  Hammamet: ["medina", "sea-view", "blue-door"],
  Douz: ["desert", "oasis", "terrace"],
  Tozeur: ["oasis", "desert", "medina"],
  Tunis: ["medina", "blue-door", "terrace"],
  "Sidi Bou Saïd": ["blue-door", "sea-view", "kitchen"],
};

const REVIEWS: Array<{ reviewer: string; partner: string; daysAgo: number; text: string; stars: [number, number, number, number, number] }> = [
  { reviewer: "traveler@demo.darna.tn", partner: "partner1@demo.darna.tn", daysAgo: 6, text: "Our bowls came out lovely and Hedi was so patient with us.", stars: [5, 5, 4, 5, 5] },
  { reviewer: "traveler@demo.darna.tn", partner: "partner3@demo.darna.tn", daysAgo: 12, text: "Delicious stops in the souks and great stories about each dish.", stars: [5, 4, 4, 5, 5] },
  { reviewer: "partner1@demo.darna.tn", partner: "partner2@demo.darna.tn", daysAgo: 9, text: "A magical sunset in the dunes; the tea by the fire was the best part.", stars: [5, 5, 4, 5, 4] },
  { reviewer: "partner2@demo.darna.tn", partner: "partner3@demo.darna.tn", daysAgo: 4, text: "Good food and a friendly guide, a bit rushed at the end.", stars: [4, 4, 4, 4, 4] },
];

const DAY_MS = 86_400_000;

export const seed: Migration = async () => {
  const scenes = [...new Set(Object.values(SCENES_BY_CITY).flat())];
  await ensureDemoScenes(getStorage(), scenes);
  const experiences = await Experience.findAll({ order: [["id", "ASC"]] });
  for (const experience of experiences) {
    if ((await ExperiencePhoto.count({ where: { experienceId: experience.id } })) > 0) continue;
    const names = SCENES_BY_CITY[experience.city];
    if (!names) continue;
    await ExperiencePhoto.bulkCreate(demoScenePhotoRows(names).map((row) => ({ ...row, experienceId: experience.id })));
  }

  const now = new Date();
  for (const demo of REVIEWS) {
    const [reviewer, manager] = await Promise.all([User.findOne({ where: { email: demo.reviewer } }), User.findOne({ where: { email: demo.partner } })]);
    const partner = manager ? await Partner.findOne({ where: { userId: manager.id } }) : null;
    const experience = partner ? await Experience.findOne({ where: { partnerId: partner.id, status: "approved" }, order: [["id", "ASC"]] }) : null;
    if (!reviewer || !experience) continue;
    if ((await Review.count({ where: { authorId: reviewer.id, experienceId: experience.id } })) > 0) continue;
    // A departure that ended `daysAgo` days ago, at the experience's usual hour.
    const startsAt = new Date(Math.floor((now.getTime() - demo.daysAgo * DAY_MS) / 3_600_000) * 3_600_000 - experience.durationMinutes * 60_000);
    const [slot] = await ExperienceSlot.findOrCreate({
      where: { experienceId: experience.id, startsAt },
      defaults: { experienceId: experience.id, startsAt, capacity: experience.capacity, placesTaken: 0 },
    });
    let booking = await ExperienceBooking.findOne({ where: { slotId: slot.id, travelerId: reviewer.id } });
    if (!booking) {
      const quote = quoteExperience(experience.pricePerPerson, 2);
      booking = await ExperienceBooking.create({
        reference: `DXDEMO${slot.id}U${reviewer.id}`.slice(0, 16),
        slotId: slot.id,
        experienceId: experience.id,
        partnerId: experience.partnerId,
        travelerId: reviewer.id,
        people: 2,
        pricePerPerson: experience.pricePerPerson,
        total: quote.total,
        commission: quote.commission,
        partnerEarning: quote.partnerEarning,
        status: "confirmed",
        holdExpiresAt: null,
        confirmedAt: startsAt,
        language: reviewer.language,
      });
      await slot.increment("placesTaken", { by: 2 });
    }
    if ((await Review.count({ where: { experienceBookingId: booking.id } })) > 0) continue;
    const [amenities, services, price, tours, location] = demo.stars;
    await saveExperienceReview(
      { id: reviewer.id, role: reviewer.role, language: reviewer.language ?? undefined },
      booking.id,
      { text: demo.text, ratings: { amenities, services, price, tours, location } },
      { now },
    );
  }
};
