import { Experience } from "~/db/models/experience.server";
import { getSequelize } from "~/db/sequelize.server";
import { audit } from "~/services/admin/audit.server";
import { Partner } from "~/db/models/partner.server";
import { textIn } from "~/domain/experiences";
import { AppError } from "~/utils/app-error";

// Operators moderate experiences like listings (issue 21; ADR 182): a pending experience is
// approved (public from then on) or rejected with a reason. Only a pending one can be decided,
// by a conditional UPDATE, so two operators deciding at once record one decision.

export interface PendingExperience {
  id: number;
  title: string;
  city: string;
  partnerName: string;
  pricePerPerson: number;
}

export async function pendingExperiences(language: string): Promise<PendingExperience[]> {
  const experiences = await Experience.findAll({ where: { status: "pending" }, order: [["id", "ASC"]], limit: 100 });
  const partners = new Map((await Partner.findAll({ where: { id: experiences.map((e) => e.partnerId) } })).map((p) => [p.id, p.name]));
  return experiences.map((experience) => ({
    id: experience.id,
    title: textIn(experience.title, language),
    city: experience.city,
    partnerName: partners.get(experience.partnerId) ?? "",
    pricePerPerson: experience.pricePerPerson,
  }));
}

export async function decideExperience(operatorId: number, id: number, decision: { approve: true } | { approve: false; reason: string }, now: Date = new Date()): Promise<void> {
  await getSequelize().transaction(async (transaction) => {
    const [updated] = await Experience.update(
      decision.approve ? { status: "approved", rejectionReason: null } : { status: "rejected", rejectionReason: decision.reason },
      { where: { id, status: "pending" }, transaction },
    );
    if (updated !== 1) throw new AppError(409, "experiences:moderation.notPending");
    // The audit row in the decision's transaction (ADR 170).
    await audit(transaction, decision.approve
      ? { operatorId, kind: "experience.approve", recordId: id, now }
      : { operatorId, kind: "experience.reject", recordId: id, reason: decision.reason, now });
  });
}
