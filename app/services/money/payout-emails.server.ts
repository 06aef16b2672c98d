// The e-mail a host receives at each step of a payout request, in the host's language.
import type { PayoutRequest } from "~/db/models/payout-request.server";
import { User } from "~/db/models/user.server";
import { formatMoney, TND } from "~/domain/money";
import { sendEmailSafely, type OutgoingEmail } from "~/services/email/email.server";
import { env } from "~/utils/env.server";
import { escapeHtml } from "~/utils/escape-html";
import { fallbackLanguage, isLanguage, withLanguage, type Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

export type PayoutEmailStep = "requested" | "confirmed" | "refused" | "pinned";

export async function payoutEmail(
  host: Pick<User, "email" | "firstName" | "language">,
  request: Pick<PayoutRequest, "id" | "amount" | "transferReference" | "operatorNote">,
  step: PayoutEmailStep,
  baseUrl: string,
): Promise<OutgoingEmail> {
  const language: Language = isLanguage(host.language) ? host.language : fallbackLanguage;
  const t = await getFixedT(language, "money");
  const url = new URL(withLanguage("/dashboard/revenues", language), baseUrl).toString();
  const values = { amount: formatMoney(request.amount, TND, language), reference: request.transferReference ?? "", note: request.operatorNote ?? "" };
  const subject = t(`payout.email.${step}.subject`, values);
  const paragraphs = [t(`payout.email.${step}.body`, values)];
  if (request.operatorNote && step !== "confirmed") paragraphs.push(t("payout.email.note", values));
  const greeting = t("payout.email.greeting", { name: host.firstName });
  const action = t("payout.email.action");
  const text = [greeting, "", ...paragraphs.flatMap((p) => [p, ""]), `${action}: ${url}`, "", "Darna"].join("\n");
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>
<p>Darna</p></body></html>`;
  return { to: host.email, subject, text, html, template: `payout-${step}`, language };
}

/** Tells the host; a mail failure never undoes the step. */
export async function notifyHostOfPayout(request: PayoutRequest, step: PayoutEmailStep): Promise<void> {
  const host = await User.findByPk(request.hostId, { attributes: ["email", "firstName", "language"] });
  if (!host) return;
  await sendEmailSafely(await payoutEmail(host, request, step, env.appUrl));
}
