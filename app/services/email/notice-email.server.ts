import { User } from "~/db/models/user.server";
import { env } from "~/utils/env.server";
import { escapeHtml } from "~/utils/escape-html";
import { fallbackLanguage, isLanguage, withLanguage } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

/** A short notice e-mail (greeting, one paragraph, one link): its text and HTML bodies. */
export function noticeEmailBodies(parts: { language: string; subject: string; greeting: string; body: string; action: string; url: string }): { text: string; html: string } {
  const { language, subject, greeting, body, action, url } = parts;
  const text = [greeting, "", body, "", `${action}: ${url}`, "", "Darna"].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>
<p>Darna</p>
</body></html>`;
  return { text, html };
}

type Translate = Awaited<ReturnType<typeof getFixedT>>;

/**
 * A notice e-mail to an account holder, in their language, written from the keys of `namespace`:
 * `email.<kind>.subject` and `email.<kind>.body`, `email.greeting` and `email.action`, the
 * account's first name as `name`, the link `path` on the site in that language. Null when the
 * account is gone. `translatedValues` adds values that are themselves translated (a role's name).
 */
export async function renderAccountNotice(notice: {
  userId: number;
  namespace: string;
  kind: string;
  path: string;
  values?: Record<string, string | number>;
  template: string;
  translatedValues?: (t: Translate) => Record<string, string>;
}) {
  const user = await User.findByPk(notice.userId);
  if (!user) return null;
  const language = isLanguage(user.language) ? user.language : fallbackLanguage;
  const t = await getFixedT(language, notice.namespace);
  const values = { name: user.firstName, ...notice.values, ...notice.translatedValues?.(t) };
  const subject = String(t(`email.${notice.kind}.subject`, values));
  const body = String(t(`email.${notice.kind}.body`, values));
  const greeting = String(t("email.greeting", values));
  const action = String(t("email.action"));
  const url = new URL(withLanguage(notice.path, language), env.appUrl).toString();
  const { text, html } = noticeEmailBodies({ language, subject, greeting, body, action, url });
  return { to: user.email, subject, text, html, template: notice.template, language };
}
