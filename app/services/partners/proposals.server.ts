// Partner proposals (issue 21 point 2; ADR 181): anyone proposes, the team (support or operator,
// "moderate" in ADR 170) approves (a partner with a public page) or refuses with a reason, each an
// audit row in the decision's transaction; the proposer is e-mailed in their language.
// Approving links the partner to an account: the proposer's if they were signed in, else the
// account that holds the proposal's e-mail address, else none (the e-mail asks them to sign up
// with that address). An account manages one partner at most (partners.user_id is unique).
import { Op, type Transaction } from "sequelize";
import { Partner } from "~/db/models/partner.server";
import { PartnerProposal } from "~/db/models/partner-proposal.server";
import { User } from "~/db/models/user.server";
import { getSequelize } from "~/db/sequelize.server";
import type { AvailabilitySlot, PartnerProposalInput, PriceRange } from "~/schemas/partner-proposal";
import { audit } from "~/services/admin/audit.server";
import { AppError } from "~/utils/app-error";
import { sendProposalApproved, sendProposalReceived, sendProposalRefused } from "./partner-emails.server";

export interface ProposalView {
  id: number;
  name: string;
  description: string;
  priceRanges: PriceRange[];
  availability: AvailabilitySlot[];
  languages: string[];
  email: string;
  phone: string;
  website: string | null;
  language: string;
  status: PartnerProposal["status"];
  refusalReason: string | null;
  partnerId: number | null;
  signedIn: boolean;
  createdAt: string;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function view(proposal: PartnerProposal): ProposalView {
  return {
    id: proposal.id,
    name: proposal.name,
    description: proposal.description,
    priceRanges: parseJson<PriceRange[]>(proposal.priceRanges, []),
    availability: parseJson<AvailabilitySlot[]>(proposal.availability, []),
    languages: parseJson<string[]>(proposal.languages, []),
    email: proposal.email,
    phone: proposal.phone,
    website: proposal.website,
    language: proposal.language,
    status: proposal.status,
    refusalReason: proposal.refusalReason,
    partnerId: proposal.partnerId,
    signedIn: proposal.userId !== null,
    createdAt: proposal.createdAt.toISOString(),
  };
}

/** Saves a proposal (status pending) and e-mails the proposer and the team. */
export async function submitPartnerProposal(
  input: PartnerProposalInput,
  from: { userId: number | null; language: string },
): Promise<{ id: number; status: "pending" }> {
  const proposal = await PartnerProposal.create({
    userId: from.userId,
    name: input.name,
    description: input.description,
    priceRanges: JSON.stringify(input.priceRanges),
    availability: JSON.stringify(input.availability),
    languages: JSON.stringify([...new Set(input.languages)]),
    email: input.email,
    phone: input.phone,
    website: input.website,
    language: from.language,
  });
  await sendProposalReceived(proposal);
  return { id: proposal.id, status: "pending" };
}

/** The proposals waiting for an operator, oldest first. */
export async function listPendingProposals(): Promise<ProposalView[]> {
  const rows = await PartnerProposal.findAll({ where: { status: "pending" }, order: [["id", "ASC"]], limit: 200 });
  return rows.map(view);
}

export async function proposalForOperators(id: number): Promise<ProposalView | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const proposal = await PartnerProposal.findByPk(id);
  return proposal ? view(proposal) : null;
}

/** Marks a pending proposal decided; a second decision (two operators at once) is a 409. */
async function claimPending(id: number, changes: Partial<PartnerProposal>, transaction: Transaction) {
  const [count] = await PartnerProposal.update(changes, { where: { id, status: "pending" }, transaction });
  if (count !== 1) {
    const exists = await PartnerProposal.findByPk(id, { transaction });
    if (!exists) throw new AppError(404, "partners:errors.notFound");
    throw new AppError(409, "partners:errors.alreadyDecided", { code: "already_decided" });
  }
}

async function accountFor(proposal: PartnerProposal, transaction: Transaction): Promise<number | null> {
  const candidate =
    proposal.userId ?? (await User.findOne({ where: { email: { [Op.eq]: proposal.email.toLowerCase() } }, attributes: ["id"], transaction }))?.id ?? null;
  if (candidate === null) return null;
  // One partner per account: an account that already manages one does not get a second.
  const already = await Partner.findOne({ where: { userId: candidate }, attributes: ["id"], transaction });
  return already ? null : candidate;
}

/** Approves: creates the partner (active, public page) with its description per language. */
export async function approveProposal(
  operatorId: number,
  id: number,
  details: { descriptionEn: string; descriptionFr: string; descriptionEs: string; city?: string },
  now: Date = new Date(),
): Promise<{ partnerId: number }> {
  const { partner, proposal } = await getSequelize().transaction(async (transaction) => {
    await claimPending(id, { status: "approved", decidedBy: operatorId, decidedAt: now }, transaction);
    const proposal = (await PartnerProposal.findByPk(id, { transaction }))!;
    const userId = await accountFor(proposal, transaction);
    const partner = await Partner.create(
      {
        userId,
        name: proposal.name,
        description: JSON.stringify({ en: details.descriptionEn, fr: details.descriptionFr, es: details.descriptionEs }),
        languages: proposal.languages,
        email: proposal.email,
        phone: proposal.phone,
        website: proposal.website,
        city: details.city || null,
        status: "active",
      },
      { transaction },
    );
    await proposal.update({ partnerId: partner.id }, { transaction });
    await audit(transaction, { operatorId, kind: "partner_proposal.approve", recordId: id, details: { partnerId: partner.id }, now });
    return { partner, proposal };
  });
  await sendProposalApproved(proposal, partner.id, partner.userId !== null);
  return { partnerId: partner.id };
}

/** Refuses with the operator's reason (sent to the proposer). */
export async function refuseProposal(operatorId: number, id: number, reason: string, now: Date = new Date()): Promise<void> {
  const proposal = await getSequelize().transaction(async (transaction) => {
    await claimPending(id, { status: "refused", refusalReason: reason, decidedBy: operatorId, decidedAt: now }, transaction);
    await audit(transaction, { operatorId, kind: "partner_proposal.refuse", recordId: id, reason, now });
    return (await PartnerProposal.findByPk(id, { transaction }))!;
  });
  await sendProposalRefused(proposal);
}
