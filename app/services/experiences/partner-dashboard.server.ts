import { Op } from "sequelize";
import { Experience, ExperienceBooking, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { User } from "~/db/models/user.server";
import { textIn } from "~/domain/experiences";

// Partner mode (issue 21; ADR 182): the account a partner's `user_id` names sees its experiences
// and the bookings of them at /dashboard/experiences. Anyone else has no partner (null: a 403).

export interface PartnerDashboard {
  partner: { id: number; name: string };
  experiences: Array<{ id: number; title: string; city: string; status: Experience["status"]; futureSlots: number }>;
  bookings: Array<{
    id: number;
    reference: string;
    experienceTitle: string;
    startsAt: string;
    people: number;
    total: number;
    partnerEarning: number;
    status: ExperienceBooking["status"];
    travelerName: string;
  }>;
}

export async function partnerDashboard(userId: number, language: string, now: Date): Promise<PartnerDashboard | null> {
  const partner = await Partner.findOne({ where: { userId } });
  if (!partner) return null;
  const experiences = await Experience.findAll({ where: { partnerId: partner.id }, order: [["id", "DESC"]] });
  const titles = new Map(experiences.map((experience) => [experience.id, textIn(experience.title, language)]));
  const slotCounts = (await ExperienceSlot.count({
    where: { experienceId: { [Op.in]: experiences.map((experience) => experience.id) }, startsAt: { [Op.gt]: now } },
    group: ["experienceId"],
  })) as unknown as Array<{ experienceId: number; count: number }>;
  const futureSlots = new Map(slotCounts.map((row) => [Number(row.experienceId), Number(row.count)]));
  const bookings = await ExperienceBooking.findAll({ where: { partnerId: partner.id }, order: [["id", "DESC"]], limit: 100 });
  const slots = new Map(
    (await ExperienceSlot.findAll({ where: { id: { [Op.in]: [...new Set(bookings.map((booking) => booking.slotId))] } } })).map((slot) => [slot.id, slot]),
  );
  const travelers = new Map(
    (await User.findAll({ attributes: ["id", "firstName", "lastName"], where: { id: { [Op.in]: [...new Set(bookings.map((booking) => booking.travelerId))] } } })).map(
      (user) => [user.id, `${user.firstName} ${user.lastName.slice(0, 1)}.`],
    ),
  );
  return {
    partner: { id: partner.id, name: partner.name },
    experiences: experiences.map((experience) => ({
      id: experience.id,
      title: titles.get(experience.id)!,
      city: experience.city,
      status: experience.status,
      futureSlots: futureSlots.get(experience.id) ?? 0,
    })),
    bookings: bookings.map((booking) => ({
      id: booking.id,
      reference: booking.reference,
      experienceTitle: titles.get(booking.experienceId) ?? "",
      startsAt: slots.get(booking.slotId)!.startsAt.toISOString(),
      people: booking.people,
      total: booking.total,
      partnerEarning: booking.partnerEarning,
      status: booking.status,
      travelerName: travelers.get(booking.travelerId) ?? "",
    })),
  };
}
