import { escapeHtml } from "~/utils/escape-html";

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
