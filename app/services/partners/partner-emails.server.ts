// The e-mails of a partner proposal, in the proposer's language (the one they wrote in): received
// (to the proposer, and to every team member who may decide it, in theirs), approved (with the partner page, and how to
// manage it) and refused (with the reason). A mail failure never undoes the step.
import { Op } from "sequelize";
import type { PartnerProposal } from "~/db/models/partner-proposal.server";
import { User } from "~/db/models/user.server";
import { can, STAFF_ROLES } from "~/domain/staff-roles";
import { sendEmailSafely } from "~/services/email/email.server";
import { noticeEmailBodies } from "~/services/email/notice-email.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, withLanguage, type Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

type Step = "received" | "team" | "approved" | "approvedSignUp" | "refused";

async function send(to: string, languageHint: string | null, step: Step, path: string, values: Record<string, string>) {
  const language: Language = isLanguage(languageHint) ? languageHint : fallbackLanguage;
  const t = await getFixedT(language, "partners");
  const subject = String(t(`email.${step}.subject`, values));
  const url = new URL(withLanguage(path, language), env.appUrl).toString();
  const { text, html } = noticeEmailBodies({
    language,
    subject,
    greeting: String(t("email.greeting", values)),
    body: String(t(`email.${step}.body`, values)),
    action: String(t(`email.${step}.action`)),
    url,
  });
  await sendEmailSafely({ to, subject, text, html, template: `partner-proposal-${step}`, language });
}

/** A proposal arrived: the proposer gets a receipt, every team member who may decide it (ADR 170) a note to review it. */
export async function sendProposalReceived(proposal: PartnerProposal): Promise<void> {
  const values = { name: proposal.name };
  await send(proposal.email, proposal.language, "received", "/partner-proposal", values);
  const deciders = STAFF_ROLES.filter((role) => can(role, "moderate"));
  const team = await User.findAll({ where: { role: { [Op.in]: deciders } }, attributes: ["email", "language"] });
  for (const member of team) {
    await send(member.email, member.language, "team", `/admin/partners/${proposal.id}`, values);
  }
}

/** Approved: the page's address; without a linked account, how to get one. */
export async function sendProposalApproved(proposal: PartnerProposal, partnerId: number, linkedToAccount: boolean): Promise<void> {
  const values = { name: proposal.name, email: proposal.email };
  if (linkedToAccount) await send(proposal.email, proposal.language, "approved", `/partner-details/${partnerId}`, values);
  else await send(proposal.email, proposal.language, "approvedSignUp", "/auth/signup", values);
}

/** Refused, with the operator's reason. */
export async function sendProposalRefused(proposal: PartnerProposal): Promise<void> {
  await send(proposal.email, proposal.language, "refused", "/partner-proposal", { name: proposal.name, reason: proposal.refusalReason ?? "" });
}
