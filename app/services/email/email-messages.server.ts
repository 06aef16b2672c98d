import { type Language, withLanguage } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";
import type { OutgoingEmail } from "./email.server";
import { escapeHtml } from "~/utils/escape-html";

// The account e-mails, written in the recipient's language (namespace `email`).

export interface Recipient {
  email: string;
  firstName: string;
  language: Language;
}

interface Parts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

function render(parts: Parts, language: Language): Pick<OutgoingEmail, "subject" | "text" | "html"> {
  const text = [
    parts.greeting,
    "",
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ""] : []),
    parts.footer,
    "",
    "Darna",
  ].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
${
  parts.action
    ? `<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(parts.action.url)}</p>`
    : ""
}
<p style="font-size:13px;color:#52606d">${escapeHtml(parts.footer)}</p>
<p>Darna</p>
</body></html>`;
  return { subject: parts.subject, text, html };
}

function link(baseUrl: string, path: string, language: Language): string {
  return new URL(withLanguage(path, language), baseUrl).toString();
}

export async function verificationEmail(to: Recipient, linkId: string, baseUrl: string): Promise<OutgoingEmail> {
  const t = await getFixedT(to.language, "email");
  const body = render(
    {
      subject: t("verify.subject"),
      greeting: t("greeting", { name: to.firstName }),
      paragraphs: [t("verify.intro"), t("verify.validity")],
      action: { label: t("verify.action"), url: link(baseUrl, `/verify/${linkId}`, to.language) },
      footer: t("verify.footer"),
    },
    to.language,
  );
  return { ...body, to: to.email, template: "verify-email", language: to.language };
}

/** To an account's owner when someone signs up with their address (no account enumeration, ADR 030). */
export async function signupAttemptEmail(to: Recipient, baseUrl: string): Promise<OutgoingEmail> {
  const t = await getFixedT(to.language, "email");
  const body = render(
    {
      subject: t("signupAttempt.subject"),
      greeting: t("greeting", { name: to.firstName }),
      paragraphs: [t("signupAttempt.intro"), t("signupAttempt.ignore")],
      action: { label: t("signupAttempt.action"), url: link(baseUrl, "/auth", to.language) },
      footer: t("signupAttempt.footer"),
    },
    to.language,
  );
  return { ...body, to: to.email, template: "signup-attempt", language: to.language };
}

export async function passwordResetEmail(to: Recipient, linkId: string, baseUrl: string): Promise<OutgoingEmail> {
  const t = await getFixedT(to.language, "email");
  const body = render(
    {
      subject: t("reset.subject"),
      greeting: t("greeting", { name: to.firstName }),
      paragraphs: [t("reset.intro"), t("reset.validity")],
      action: { label: t("reset.action"), url: link(baseUrl, `/auth/reset-password/${linkId}`, to.language) },
      footer: t("reset.footer"),
    },
    to.language,
  );
  return { ...body, to: to.email, template: "reset-password", language: to.language };
}

export async function passwordChangedEmail(to: Recipient, baseUrl: string): Promise<OutgoingEmail> {
  const t = await getFixedT(to.language, "email");
  const body = render(
    {
      subject: t("passwordChanged.subject"),
      greeting: t("greeting", { name: to.firstName }),
      paragraphs: [t("passwordChanged.intro"), t("passwordChanged.sessions")],
      action: { label: t("passwordChanged.action"), url: link(baseUrl, "/auth/forgot-password", to.language) },
      footer: t("passwordChanged.footer"),
    },
    to.language,
  );
  return { ...body, to: to.email, template: "password-changed", language: to.language };
}
