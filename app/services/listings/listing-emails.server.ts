// The e-mail a host receives when an operator decides on their listing, in the host's language.
import type { Listing } from "~/db/models/listing.server";
import type { User } from "~/db/models/user.server";
import type { ModerationAction } from "~/domain/listing";
import { sendEmailSafely, type OutgoingEmail } from "~/services/email/email.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, withLanguage, type Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";
import { escapeHtml } from "~/utils/escape-html";

const TEMPLATES: Partial<Record<ModerationAction, "approved" | "corrections" | "rejected">> = {
  approve: "approved",
  request_corrections: "corrections",
  reject: "rejected",
};

export async function moderationEmail(
  host: Pick<User, "email" | "firstName" | "language">,
  listing: Pick<Listing, "id" | "title" | "moderationNote">,
  action: ModerationAction,
  baseUrl: string,
): Promise<OutgoingEmail | null> {
  const template = TEMPLATES[action];
  if (!template) return null;
  const language: Language = isLanguage(host.language) ? host.language : fallbackLanguage;
  const t = await getFixedT(language, "listing");
  const title = listing.title ?? `#${listing.id}`;
  const path = template === "approved" ? `/property-details/${listing.id}` : "/dashboard/listings";
  const url = new URL(withLanguage(path, language), baseUrl).toString();
  const subject = t(`email.${template}.subject`, { title });
  const paragraphs = [t(`email.${template}.body`, { title })];
  if (listing.moderationNote) paragraphs.push(`${t(`email.${template}.noteLabel`)} ${listing.moderationNote}`);
  const action_ = t(`email.${template}.action`);
  const greeting = t("email.greeting", { name: host.firstName });
  const text = [greeting, "", ...paragraphs.flatMap((p) => [p, ""]), `${action_}: ${url}`, "", "Darna"].join("\n");
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action_)}</a></p>
<p>Darna</p></body></html>`;
  return { to: host.email, subject, text, html, template: `listing-${template}`, language };
}

/** Tells the host about a moderation decision; a mail failure never undoes the decision. */
export async function notifyHostOfModeration(
  host: Pick<User, "email" | "firstName" | "language">,
  listing: Pick<Listing, "id" | "title" | "moderationNote">,
  action: ModerationAction,
  baseUrl: string = env.appUrl,
): Promise<void> {
  const email = await moderationEmail(host, listing, action, baseUrl);
  if (email) await sendEmailSafely(email);
}
