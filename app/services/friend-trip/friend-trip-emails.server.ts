import type { FriendTripRequest } from "~/db/models/friend-trip.server";
import { sendEmailSafely } from "~/services/email/email.server";
import { env } from "~/utils/env.server";
import { getFixedT } from "~/utils/i18n.server";
import { escapeHtml } from "~/utils/escape-html";
import { isLanguage } from "~/utils/i18n";

// The two e-mails of a Friend Trip request once it is sent (free) or paid: to the requester, in
// the page's language, and to the team (TEAM_EMAIL), in English.

function paragraphs(lines: string[]): { text: string; html: string } {
  return { text: lines.join("\n\n"), html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("") };
}

export async function sendFriendTripRequestEmails(request: FriendTripRequest): Promise<void> {
  const t = await getFixedT(isLanguage(request.language) ? request.language : "en", "friend-trip");
  const pack = String(t(`packs.${request.pack}.name`));
  const toRequester = paragraphs([
    String(t("email.requester.greeting", { name: request.firstName })),
    String(t("email.requester.body", { pack, start: request.startDate, end: request.endDate, reference: request.reference })),
  ]);
  await sendEmailSafely({
    to: request.email,
    subject: String(t("email.requester.subject")),
    ...toRequester,
    template: "friend-trip-request",
    language: request.language,
  });
  const en = await getFixedT("en", "friend-trip");
  const interests = (JSON.parse(request.interests) as string[]).join(", ");
  const toTeam = paragraphs([
    `${request.reference} · ${request.firstName} ${request.lastName} (${request.nationality})`,
    `${String(en(`packs.${request.pack}.name`))} · ${request.startDate} → ${request.endDate} · ${request.purpose}`,
    `${request.email} · WhatsApp ${request.phone}`,
    interests ? `${String(en("form.interests"))}: ${interests}` : "",
    `${env.appUrl}/admin/friend-trip/${request.id}`,
  ].filter(Boolean));
  await sendEmailSafely({
    to: env.teamEmail,
    subject: String(en("email.team.subject", { reference: request.reference })),
    ...toTeam,
    template: "friend-trip-team",
    language: "en",
  });
}
