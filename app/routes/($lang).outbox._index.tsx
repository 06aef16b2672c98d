import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listOutbox } from "~/services/email/email.server";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { env } from "~/utils/env.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";

// /outbox: the e-mails written to ${DATA_DIR}/outbox when no SMTP_URL is set. Open to anyone in
// development (to follow links while building), operators only in production.

export const handle = { i18n: ["email"] };
export const meta: MetaFunction = () => [{ title: "Outbox · Darna" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (env.isProduction) await requireAdmin(request, "read");
  const messages = await listOutbox(200);
  return {
    smtp: Boolean(env.smtpUrl),
    messages: messages.map(({ id, to, subject, template, language, createdAt }) => ({ id, to, subject, template, language, createdAt })),
  };
}

export default function OutboxPage() {
  const { smtp, messages } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("email");
  const lp = useLocalizedPath();
  const dateTime = useUserTime(i18n.language, { dateStyle: "short", timeStyle: "medium" });
  return (
    <main className="outbox-page">
      <h1>{t("outbox.title")}</h1>
      <p>{smtp ? t("outbox.smtpNotice") : t("outbox.intro")}</p>
      {messages.length === 0 ? (
        <p className="empty-state">{t("outbox.empty")}</p>
      ) : (
        <table className="outbox-table">
          <thead>
            <tr>
              <th scope="col">{t("outbox.date")}</th>
              <th scope="col">{t("outbox.to")}</th>
              <th scope="col">{t("outbox.subject")}</th>
              <th scope="col">{t("outbox.language")}</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <td>{dateTime(message.createdAt)}</td>
                <td>{message.to}</td>
                <td>
                  <Link to={lp(`/outbox/${message.id}`)}>{message.subject}</Link>
                </td>
                <td>{message.language}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
