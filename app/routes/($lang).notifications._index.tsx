import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/submit-button";
import { NotificationListQuerySchema } from "~/schemas/notifications";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "~/services/notifications/notification-kinds";
import { emailSettings, listNotifications, markRead, saveEmailSettings } from "~/services/notifications/notification-reads.server";
import notificationsStyles from "~/styles/notifications.css?url";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { readFormData } from "~/utils/form-data.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

// /notifications (user menu "Notification", ADR 146): the signed-in user's notifications, newest
// first and paginated, unread ones marked; opening one goes through /notifications/{id}, which
// marks it read. "Mark all as read" and the e-mail settings are plain forms (intent).

export const handle = { i18n: ["notifications"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: notificationsStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Darna" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "notifications");
  const query = NotificationListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, settings] = await Promise.all([listNotifications(user.id, language, { ...query, pageSize: undefined }), emailSettings(user.id)]);
  return { ...list, onlyUnread: query.unread, settings, categories: [...NOTIFICATION_CATEGORIES], title: String(t("meta.title")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const back = localizedPath(request, "/notifications");
  if (intent === "markAllRead") {
    await markRead(user.id);
    return redirectWithToast(back, { type: "success", message: "notifications:markedAllRead" });
  }
  if (intent === "saveSettings") {
    const chosen = new Set(form.getAll("email").map(String));
    const settings = Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, chosen.has(category)])) as Record<NotificationCategory, boolean>;
    await saveEmailSettings(user.id, settings);
    return redirectWithToast(back, { type: "success", message: "notifications:settings.saved" });
  }
  return data({ error: "badIntent" }, { status: 400 });
}

export default function NotificationsPage() {
  const { items, unread, page, pageSize, total, onlyUnread, settings, categories } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("notifications");
  const lp = useLocalizedPath();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageHref = (target: number) => lp(`/notifications?${new URLSearchParams({ ...(onlyUnread ? { unread: "1" } : {}), ...(target > 1 ? { page: String(target) } : {}) }).toString()}`).replace(/\?$/, "");
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Tunis" });
  return (
    <section className="notifications" aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t("heading")}</h1>
      <div className="notifications__bar">
        <p data-testid="notifications-unread" data-count={unread}>
          {t("unreadSummary", { count: unread })}
        </p>
        <nav className="notifications__filters" aria-label={t("heading")}>
          <Link to={lp("/notifications")} aria-current={onlyUnread ? undefined : "page"}>
            {t("filters.all")}
          </Link>
          <Link to={lp("/notifications?unread=1")} aria-current={onlyUnread ? "page" : undefined}>
            {t("filters.unread")}
          </Link>
        </nav>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="markAllRead" />
            <SubmitButton className="button button--ghost">{t("markAllRead")}</SubmitButton>
          </Form>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="empty-state">{t("empty")}</p>
      ) : (
        <ul className="notifications__list" data-testid="notifications">
          {items.map((item) => (
            <li key={item.id} className={item.readAt ? "notifications__item" : "notifications__item notifications__item--unread"} data-kind={item.kind} data-unread={item.readAt ? undefined : "true"}>
              {/* A plain link: opening marks it read on the server, then leads to the event's page. */}
              <Link to={lp(`/notifications/${item.id}`)} prefetch="none" reloadDocument>
                {item.readAt ? null : <span className="visually-hidden">{t("unreadLabel")}: </span>}
                <span>{item.title}</span>
                <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="notifications__pages" aria-label={t("pagination.label")}>
          {page > 1 ? (
            <Link to={pageHref(page - 1)} rel="prev">
              {t("pagination.previous")}
            </Link>
          ) : null}
          <span>{t("pagination.page", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageHref(page + 1)} rel="next">
              {t("pagination.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <section className="notifications__settings" aria-labelledby="notification-settings-title">
        <h2 id="notification-settings-title">{t("settings.heading")}</h2>
        <p>{t("settings.intro")}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="saveSettings" />
          <fieldset>
            <legend className="visually-hidden">{t("settings.heading")}</legend>
            {categories.map((category) => (
              <label key={category}>
                <input type="checkbox" name="email" value={category} defaultChecked={settings[category]} />
                <span>{t(`settings.categories.${category}`)}</span>
              </label>
            ))}
          </fieldset>
          <SubmitButton>{t("settings.save")}</SubmitButton>
        </Form>
      </section>
    </section>
  );
}
