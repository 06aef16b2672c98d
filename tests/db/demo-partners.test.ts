// The demo partners (seeder 60, ADR 182): three active partners managed by partner1..3@demo.darna.tn,
// six approved experiences in six cities with slots over the three months after seeding, listed on
// /experiences; seeding twice adds nothing.
import { describe, expect, it } from "vitest";
import { Op } from "sequelize";
import { seed } from "~/db/migrator.server";
import { Experience, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { User } from "~/db/models/user.server";
import { searchExperiences } from "~/services/experiences/experience-reads.server";
import { verifyPassword } from "~/utils/password.server";

describe("demo partners and experiences", () => {
  it("seeds three partner accounts, six approved experiences in six cities and slots over the coming three months", async () => {
    await seed();
    const now = new Date();
    const accounts = await User.findAll({ where: { email: { [Op.like]: "partner_@demo.darna.tn" } }, order: [["email", "ASC"]] });
    expect(accounts.map((user) => user.email)).toEqual(["partner1@demo.darna.tn", "partner2@demo.darna.tn", "partner3@demo.darna.tn"]);
    expect(await verifyPassword(accounts[0]!.passwordHash, "darna-demo-2025")).toBe(true);
    const partners = await Partner.findAll({ where: { userId: accounts.map((user) => user.id) } });
    expect(partners.map((partner) => partner.status)).toEqual(["active", "active", "active"]);
    const experiences = await Experience.findAll({ where: { partnerId: partners.map((partner) => partner.id) } });
    expect(experiences).toHaveLength(6);
    expect(new Set(experiences.map((experience) => experience.city)).size).toBe(6);
    expect(experiences.every((experience) => experience.status === "approved")).toBe(true);
    for (const experience of experiences) {
      // Seeder 64 adds past slots for the reviewed demo bookings (ADR 184): the bookable ones are ahead.
      const slots = (await ExperienceSlot.findAll({ where: { experienceId: experience.id } })).filter((slot) => slot.startsAt > now);
      expect(slots.length).toBeGreaterThan(5);
      expect(slots.every((slot) => slot.startsAt > now && slot.startsAt.getTime() < now.getTime() + 91 * 86_400_000)).toBe(true);
      expect(Math.max(...slots.map((slot) => slot.startsAt.getTime()))).toBeGreaterThan(now.getTime() + 75 * 86_400_000);
    }
    expect((await searchExperiences({ city: undefined, date: undefined, language: undefined, people: 1, page: 1 }, "fr", now)).total).toBe(6);

    await seed();
    expect(await Partner.count({ where: { userId: accounts.map((user) => user.id) } })).toBe(3);
    expect(await Experience.count()).toBe(6);
  });
});
