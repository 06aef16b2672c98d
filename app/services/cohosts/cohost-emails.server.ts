// The e-mail that tells someone a host invites them to co-host (ADR 147): in their language when
// they hold an account, else in the host's; without an account it asks them to sign up with
// this address first (the invitation waits for them). For a verified account holder it is the
// "cohost.invited" notification's e-mail (ADR 146): sent only when they want listing e-mails.
import { User } from "~/db/models/user.server";
import { sendEmailSafely } from "~/services/email/email.server";
import { noticeEmailBodies } from "~/services/email/notice-email.server";
import { wantsEmail } from "~/services/notifications/notify.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, withLanguage, type Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

export async function sendCohostInvitationEmail(hostId: number, email: string): Promise<void> {
  const [host, invitee] = await Promise.all([User.findByPk(hostId), User.findOne({ where: { email } })]);
  if (!host) return;
  if (invitee?.emailVerifiedAt && !(await wantsEmail(invitee.id, "listings"))) return;
  const chosen = invitee?.language ?? host.language;
  const language: Language = isLanguage(chosen) ? chosen : fallbackLanguage;
  const t = await getFixedT(language, "cohosts");
  const hostName = `${host.firstName} ${host.lastName}`.trim();
  const subject = String(t("email.subject", { host: hostName }));
  const greeting = invitee ? String(t("email.greeting", { name: invitee.firstName })) : String(t("email.greetingAnonymous"));
  const body = String(t(invitee ? "email.body" : "email.bodySignUp", { host: hostName, email }));
  const path = invitee ? "/dashboard/cohosts" : "/auth/signup";
  const url = new URL(withLanguage(path, language), env.appUrl).toString();
  const action = String(t(invitee ? "email.action" : "email.actionSignUp"));
  const { text, html } = noticeEmailBodies({ language, subject, greeting, body, action, url });
  await sendEmailSafely({ to: email, subject, text, html, template: "cohost-invitation", language });
}
