// Test data for experiences: a partner with its managing account, an experience and its slots.
import crypto from "node:crypto";
import { Experience, ExperienceSlot, type ExperienceStatus } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { createBookingUser } from "./booking-factories";

export async function createPartner() {
  const user = await createBookingUser();
  const partner = await Partner.create({
    userId: user.id,
    name: `Partner ${crypto.randomBytes(3).toString("hex")}`,
    description: JSON.stringify({ en: "Local guides.", fr: "Guides locaux.", es: "Guías locales." }),
    languages: JSON.stringify(["fr", "en"]),
    email: `partner-${crypto.randomBytes(4).toString("hex")}@test.darna.tn`,
    phone: "+21620000001",
    website: null,
    city: "Tunis",
  });
  return { user, partner };
}

export async function createExperience(
  options: { partnerId?: number; status?: ExperienceStatus; city?: string; pricePerPerson?: number; capacity?: number; slotStarts?: Date[] } = {},
) {
  const partnerId = options.partnerId ?? (await createPartner()).partner.id;
  const capacity = options.capacity ?? 8;
  const experience = await Experience.create({
    partnerId,
    title: JSON.stringify({ en: "Pottery in Nabeul", fr: "Poterie à Nabeul", es: "Cerámica en Nabeul" }),
    description: JSON.stringify({ en: "Shape a bowl.", fr: "Façonnez un bol.", es: "Modela un cuenco." }),
    city: options.city ?? "Nabeul",
    governorate: "Nabeul",
    durationMinutes: 120,
    languages: JSON.stringify(["fr", "en"]),
    pricePerPerson: options.pricePerPerson ?? 45_000,
    capacity,
    status: options.status ?? "approved",
  });
  const starts = options.slotStarts ?? [new Date(Date.now() + 10 * 86_400_000)];
  const slots = [];
  for (const startsAt of starts) slots.push(await ExperienceSlot.create({ experienceId: experience.id, startsAt, capacity }));
  return { experience, slots };
}
