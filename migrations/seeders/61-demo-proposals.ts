import type { Migration } from "~/db/migrator.server";
import { PartnerProposal } from "~/db/models/partner-proposal.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";

// Demo partner proposal (issue 21 point 6, ADR 181): one proposal waiting at /admin/partners, sent
// without an account (so approving it creates a partner with no manager until someone signs up
// with its address), availability in the coming weeks relative to the day of seeding. No e-mail
// is sent. Idempotent: nothing is done when a proposal with this address exists.

const EMAIL = "hello@sahara-stargazing.demo.darna.tn";

export const seed: Migration = async () => {
  if ((await PartnerProposal.count({ where: { email: EMAIL } })) > 0) return;
  const today = dateInTunis(new Date());
  await PartnerProposal.create({
    userId: null,
    name: "Sahara Stargazing Douz",
    description:
      "Night walks in the dunes south of Douz with a local astronomy guide: the constellations, a telescope, mint tea around the fire and a " +
      "Bedouin dinner. Groups of up to 8, pick-up from hotels in Douz.",
    priceRanges: JSON.stringify([
      { min: 60_000, max: 90_000 },
      { min: 150_000, max: 220_000 },
    ]),
    availability: JSON.stringify([
      { date: addDays(today, 10), from: "19:00", to: "23:00" },
      { date: addDays(today, 17), from: "19:00", to: "23:00" },
      { date: addDays(today, 24), from: "18:30", to: "22:30" },
    ]),
    languages: JSON.stringify(["ar", "fr", "en"]),
    email: EMAIL,
    phone: "+216 75 470 123",
    website: "https://sahara-stargazing.example.com",
    language: "fr",
  });
};
