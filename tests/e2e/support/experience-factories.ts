// Test data for the experience pages (issue 21): a partner with its managing account, an approved
// experience with a photo and a slot, and a traveler's booking of it — awaiting a bank transfer, or
// paid by card. The rows are the ones bookExperience, openPayment and the payment's settlement
// write (the booking services load the i18n bundle, which a test process cannot import), amounts
// from the domain's quoteExperience and the ledger lines from the app's own ledger, as
// receipt-factories.ts does for stays. Writes into the e2e server's database.
import "./app-database";
import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { ExperiencePhoto } from "~/db/models/experience-photo.server";
import { Partner } from "~/db/models/partner.server";
import { Payment } from "~/db/models/payment.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { experienceHoldDeadline, quoteExperience } from "~/domain/experiences";
import { recordExperienceConfirmed } from "~/services/money/ledger.server";
import { demoScenePhotoRows, ensureDemoScenes } from "~/services/photos/demo-scenes.server";
import { getStorage } from "~/services/storage/storage.server";
import { createUser, uniqueTag, type TestUser } from "./factories";

const DAY = 86_400_000;
const PRICE_PER_PERSON = 55_000;

export interface TestExperience {
  partnerUser: TestUser;
  partnerId: number;
  experienceId: number;
  slotId: number;
  title: string;
}

/** A partner's approved experience in a town of its own, with one photo and one slot in 10 days. */
export async function createPartnerExperience(options: { photos?: number; capacity?: number } = {}): Promise<TestExperience> {
  const tag = uniqueTag();
  const city = `Douz${tag}`;
  const partnerUser = await createUser({ firstName: "Salma" });
  const partner = await Partner.create({
    userId: partnerUser.id,
    name: `Dune Guides ${tag}`,
    description: JSON.stringify({ en: "Camel rides and nights under the stars.", fr: "Balades à dos de chameau.", es: "Paseos en camello." }),
    languages: JSON.stringify(["fr", "en"]),
    email: `dunes-${tag}@test.darna.tn`,
    phone: "+21675000000",
    website: null,
    city,
  });
  const title = `Sunset in the dunes ${tag}`;
  const capacity = options.capacity ?? 8;
  const experience = await Experience.create({
    partnerId: partner.id,
    title: JSON.stringify({ en: title, fr: `Coucher de soleil dans les dunes ${tag}`, es: `Atardecer en las dunas ${tag}` }),
    description: JSON.stringify({ en: "Ride out at five, tea on the crest.", fr: "Départ à 17 h, thé sur la crête.", es: "Salida a las cinco, té en la cresta." }),
    city,
    governorate: "Kebili",
    durationMinutes: 150,
    languages: JSON.stringify(["fr", "en"]),
    pricePerPerson: PRICE_PER_PERSON,
    capacity,
    status: "approved",
  });
  const scenes = ["terrace", "sea-view"].slice(0, options.photos ?? 1);
  if (scenes.length > 0) {
    await ensureDemoScenes(getStorage(), scenes);
    await ExperiencePhoto.bulkCreate(demoScenePhotoRows(scenes).map((row) => ({ ...row, experienceId: experience.id })));
  }
  const slot = await ExperienceSlot.create({ experienceId: experience.id, startsAt: new Date(Date.now() + 10 * DAY), capacity });
  return { partnerUser, partnerId: partner.id, experienceId: experience.id, slotId: slot.id, title };
}

/**
 * A traveler's booking of the experience's slot for two: "transfer" holds its places and awaits a
 * bank transfer (the reference and bank details shown), "paid" is confirmed by a card payment.
 */
export async function createExperienceBooking(experience: TestExperience, traveler: TestUser, state: "transfer" | "paid"): Promise<{ bookingId: number; reference: string }> {
  const now = new Date();
  const tag = uniqueTag().toUpperCase();
  const quote = quoteExperience(PRICE_PER_PERSON, 2);
  const booking = await ExperienceBooking.create({
    reference: `DX${tag}`,
    slotId: experience.slotId,
    experienceId: experience.experienceId,
    partnerId: experience.partnerId,
    travelerId: traveler.id,
    people: quote.people,
    pricePerPerson: quote.pricePerPerson,
    total: quote.total,
    commission: quote.commission,
    partnerEarning: quote.partnerEarning,
    status: state === "paid" ? "confirmed" : "pending_payment",
    holdExpiresAt: state === "paid" ? null : experienceHoldDeadline(now),
    confirmedAt: state === "paid" ? now : null,
    language: "en",
  });
  await ExperienceSlot.increment({ placesTaken: quote.people }, { where: { id: experience.slotId } });
  const payment = {
    reservationId: null,
    experienceBookingId: booking.id,
    travelerId: traveler.id,
    amount: quote.total,
    createdAt: now,
    updatedAt: now,
  };
  if (state === "transfer") {
    await Payment.create({ ...payment, method: "bank_transfer", provider: "bank", reference: `BNK${tag}`, status: "processing" });
  } else {
    await Payment.create({
      ...payment,
      method: "card",
      provider: "sandbox",
      reference: `PAY${tag}`,
      status: "success",
      settlesExperienceBookingId: booking.id,
      outcome: "confirmed",
      verifiedAt: now,
    });
    const slot = (await ExperienceSlot.findByPk(experience.slotId))!;
    await writeTransaction((transaction) => recordExperienceConfirmed(booking, experience.partnerUser.id, quote.total, slot.startsAt, now, transaction));
  }
  return { bookingId: booking.id, reference: booking.reference };
}
