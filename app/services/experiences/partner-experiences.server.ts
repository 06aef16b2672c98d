import { Experience, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { writeTransaction } from "~/db/write-transaction.server";
import type { PartnerExperienceInput } from "~/schemas/partner-experience";
import { AppError } from "~/utils/app-error";

// Partner mode (issue 21 point 6; ADR 182): the account managing an active partner creates an
// experience with its dated slots; it waits for moderation (pending) like a listing.

const WEEK_MS = 7 * 86_400_000;
/** At most this many slots per creation (a year of weekly dates). */
const MAX_SLOTS = 53;

/** A Tunis wall-clock time ("2026-12-01T10:00") as an instant (Tunisia is UTC+1 all year). */
function tunisInstant(local: string): Date {
  return new Date(`${local}:00+01:00`);
}

/** The starts: one, or the same weekday and hour every week until the end date (inclusive, Tunis). */
export function slotStarts(firstStart: string, repeatWeeklyUntil: string | undefined): Date[] {
  const first = tunisInstant(firstStart);
  if (!repeatWeeklyUntil) return [first];
  const end = new Date(`${repeatWeeklyUntil}T23:59:59+01:00`).getTime();
  const starts: Date[] = [];
  for (let at = first.getTime(); at <= end && starts.length < MAX_SLOTS; at += WEEK_MS) starts.push(new Date(at));
  return starts;
}

export async function createPartnerExperience(userId: number, input: PartnerExperienceInput, now: Date = new Date()): Promise<number> {
  const partner = await Partner.findOne({ where: { userId } });
  if (!partner || partner.status !== "active") throw new AppError(403, "experiences:create.errors.notPartner");
  const starts = slotStarts(input.firstStart, input.repeatWeeklyUntil);
  if (starts[0]!.getTime() <= now.getTime()) {
    throw new AppError(400, "experiences:create.errors.start", { fields: { firstStart: "experiences:create.errors.start" } });
  }
  if (input.repeatWeeklyUntil && starts.length < 2) {
    throw new AppError(400, "experiences:create.errors.until", { fields: { repeatWeeklyUntil: "experiences:create.errors.until" } });
  }
  return writeTransaction(async (transaction) => {
    const experience = await Experience.create(
      {
        partnerId: partner.id,
        title: JSON.stringify({ en: input.titleEn, fr: input.titleFr, es: input.titleEs }),
        description: JSON.stringify({ en: input.descriptionEn, fr: input.descriptionFr, es: input.descriptionEs }),
        city: input.city,
        governorate: input.governorate,
        durationMinutes: input.durationMinutes,
        languages: JSON.stringify(input.languages),
        pricePerPerson: input.price * 1000,
        capacity: input.capacity,
        status: "pending",
      },
      { transaction },
    );
    await ExperienceSlot.bulkCreate(
      starts.map((startsAt) => ({ experienceId: experience.id, startsAt, capacity: input.capacity })),
      { transaction },
    );
    return experience.id;
  });
}
