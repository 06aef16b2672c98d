// The e-mail a host receives when an imported calendar lists nights a Darna reservation holds
// (the reservation stays; the host sorts it out with the other platform), in the host's language.
import type { Listing } from "~/db/models/listing.server";
import type { User } from "~/db/models/user.server";
import type { FeedSource } from "~/domain/calendar-sync";
import type { IsoDate } from "~/domain/stay-dates";
import { sendEmailSafely, type OutgoingEmail } from "~/services/email/email.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, withLanguage, type Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

export async function conflictEmail(
  host: Pick<User, "email" | "firstName" | "language">,
  listing: Pick<Listing, "id" | "title">,
  source: FeedSource,
  nights: IsoDate[],
  baseUrl: string,
): Promise<OutgoingEmail> {
  const language: Language = isLanguage(host.language) ? host.language : fallbackLanguage;
  const t = await getFixedT(language, "calendar-sync");
  const title = listing.title ?? `#${listing.id}`;
  const url = new URL(withLanguage(`/dashboard/calendrier/${listing.id}`, language), baseUrl).toString();
  const values = { title, source: t(`sources.${source}`), nights: nights.join(", "), count: nights.length };
  const subject = t("email.conflict.subject", values);
  const paragraphs = [t("email.conflict.greeting", { name: host.firstName }), t("email.conflict.body", values), t("email.conflict.keep")];
  const action = t("email.conflict.action");
  const text = [...paragraphs.flatMap((p) => [p, ""]), `${action}: ${url}`, "", "Darna"].join("\n");
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>
<p>Darna</p></body></html>`;
  return { to: host.email, subject, text, html, template: "calendar-conflict", language };
}

/** Tells the host; a mail failure never undoes the sync. */
export async function sendConflictEmail(
  host: Pick<User, "email" | "firstName" | "language">,
  listing: Pick<Listing, "id" | "title">,
  source: FeedSource,
  nights: IsoDate[],
): Promise<void> {
  await sendEmailSafely(await conflictEmail(host, listing, source, nights, env.appUrl));
}
