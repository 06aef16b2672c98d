// The e-mails of a claim, in the recipient's language: the host is told a claim was opened on
// their stay; both sides are told the operator's decision. A mail failure never undoes the step.
// Each step is also a notification (ADR 146, recorded with `email: "caller"`): these e-mails are
// its e-mail, sent only to whoever wants claim e-mails (on by default).
import type { Claim } from "~/db/models/claim.server";
import { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { formatMoney, TND } from "~/domain/money";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { sendEmailSafely, type OutgoingEmail } from "~/services/email/email.server";
import { noticeEmailBodies } from "~/services/email/notice-email.server";
import { wantsEmail } from "~/services/notifications/notify.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, withLanguage, type Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

export type ClaimEmailStep = "opened" | "decided";

export async function claimEmail(
  recipient: Pick<User, "email" | "firstName" | "language">,
  side: "traveler" | "host",
  claim: Pick<Claim, "id" | "kind" | "status" | "decidedAmount" | "decisionNote">,
  reservation: Pick<Reservation, "id" | "reference" | "roomTypeId" | "guesthouseRoomId">,
  step: ClaimEmailStep,
): Promise<OutgoingEmail> {
  const language: Language = isLanguage(recipient.language) ? recipient.language : fallbackLanguage;
  const t = await getFixedT(language, "claims");
  const url = new URL(withLanguage(reservationPagePath(reservation, side), language), env.appUrl).toString();
  const values = {
    reference: reservation.reference,
    kind: String(t(`kinds.${claim.kind}`)),
    status: String(t(`statuses.${claim.status}`)),
    amount: formatMoney(claim.decidedAmount ?? 0, TND, language),
    note: claim.decisionNote ?? "",
  };
  const key = step === "opened" ? "email.opened" : `email.decided.${side}`;
  const subject = String(t(`${key}.subject`, values));
  const body = String(t(`${key}.body`, values));
  const { text, html } = noticeEmailBodies({
    language,
    subject,
    greeting: String(t("email.greeting", { name: recipient.firstName })),
    body,
    action: String(t("email.action")),
    url,
  });
  return { to: recipient.email, subject, text, html, template: `claim-${step}`, language };
}

async function send(userId: number, side: "traveler" | "host", claim: Claim, reservation: Reservation, step: ClaimEmailStep) {
  if (!(await wantsEmail(userId, "claims"))) return;
  const user = await User.findByPk(userId, { attributes: ["email", "firstName", "language"] });
  if (user) await sendEmailSafely(await claimEmail(user, side, claim, reservation, step));
}

/** A claim was opened: the host is told. */
export async function notifyClaimOpened(claim: Claim): Promise<void> {
  const reservation = await Reservation.findByPk(claim.reservationId);
  if (reservation) await send(claim.hostId, "host", claim, reservation, "opened");
}

/** A claim was decided: the traveler and the host are told. */
export async function notifyClaimDecided(claim: Claim): Promise<void> {
  const reservation = await Reservation.findByPk(claim.reservationId);
  if (!reservation) return;
  await send(claim.travelerId, "traveler", claim, reservation, "decided");
  await send(claim.hostId, "host", claim, reservation, "decided");
}
