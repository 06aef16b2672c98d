import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readOutboxMessage } from "~/services/email/email.server";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { env } from "~/utils/env.server";
import { useLocalizedPath } from "~/utils/localized-path";

// /outbox/{id}: one e-mail of the outbox, as text, with its links (see /outbox).

export const handle = { i18n: ["email"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.message.subject} · Outbox` : "Outbox" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (env.isProduction) await requireAdmin(request, "read");
  const message = await readOutboxMessage(params.id ?? "");
  if (!message) throw new Response("Not Found", { status: 404 });
  const { html: _html, ...rest } = message;
  return { message: rest };
}

export default function OutboxMessagePage() {
  const { message } = useLoaderData<typeof loader>();
  const { t } = useTranslation("email");
  const lp = useLocalizedPath();
  return (
    <main className="outbox-page">
      <p>
        <Link to={lp("/outbox")}>{t("outbox.back")}</Link>
      </p>
      <h1>{message.subject}</h1>
      <dl className="outbox-headers">
        <dt>{t("outbox.from")}</dt>
        <dd>{message.from}</dd>
        <dt>{t("outbox.to")}</dt>
        <dd>{message.to}</dd>
        <dt>{t("outbox.date")}</dt>
        <dd>{message.createdAt}</dd>
      </dl>
      <pre className="outbox-body">{message.text}</pre>
      {message.links.length > 0 ? (
        <>
          <h2>{t("outbox.links")}</h2>
          <ul>
            {message.links.map((link) => (
              <li key={link}>
                <a href={link}>{link}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </main>
  );
}
