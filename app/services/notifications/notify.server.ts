// The one function that records a notification (ADR 146). Callers pass their transaction: the
// notification, and the e-mail job when the user's settings want one, commit or roll back with the
// event itself. Once the transaction commits, the user's sockets get the new unread count over the
// realtime bus (Redis fan-out when REDIS_URL is set).
import { UniqueConstraintError, type Transaction } from "sequelize";
import { Notification, NotificationPreference } from "~/db/models/notification.server";
import { User } from "~/db/models/user.server";
import { sendEmail } from "~/services/email/email.server";
import { noticeEmailBodies } from "~/services/email/notice-email.server";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";
import { categoryOf, DEFAULT_EMAIL, type NotificationCategory, type NotificationParams } from "~/services/notifications/notification-kinds";
import { notificationTitle, publishUnread } from "~/services/notifications/notification-reads.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, withLanguage } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

export const NOTIFICATION_EMAIL_JOB = "notifications:email";

/** An e-mail of the caller's own (a richer template) queued instead of the generic notification e-mail. */
export interface OwnEmail {
  job: string;
  payload: unknown;
  uniqueKey: string;
}

export interface NotifyInput {
  userId: number;
  /** "reservation.accepted", "message.received"… (notification-kinds.ts). */
  kind: string;
  /** The title's values (translated at display time); `side` picks the traveler's or host's wording. */
  params?: NotificationParams;
  /** Where opening it leads: a local path without language prefix. */
  link: string;
  /**
   * Events of one group (the messages of one conversation) share one unread notification: the next
   * event updates it (params.count grows) instead of adding a row. Once read, a new one starts.
   */
  groupKey?: string;
  /** The user's own action (the host's acceptance, for the host): recorded already read; only `email` (their copy) is queued. */
  ownAction?: boolean;
  /**
   * The e-mail to queue when the user's settings want one; default: the generic notification
   * e-mail. "caller": the caller sends its own e-mail after commit, when wantsEmail() says so.
   */
  email?: OwnEmail | "caller";
  now?: Date;
}

/** The e-mail choice of a user for a category: their saved one, else the default. */
export async function wantsEmail(userId: number, category: NotificationCategory, transaction?: Transaction): Promise<boolean> {
  const saved = await NotificationPreference.findOne({ where: { userId, category }, transaction });
  return saved ? Boolean(saved.email) : DEFAULT_EMAIL[category];
}

const publishAfterCommit = new WeakMap<Transaction, Set<number>>();

/** Records one notification in the caller's transaction (see the module comment). */
export async function notify(transaction: Transaction, input: NotifyInput): Promise<Notification> {
  const now = input.now ?? new Date();
  const params = { ...(input.params ?? {}) };
  const readAt = input.ownAction ? now : null;
  let notification: Notification | null = null;
  let grouped = false;
  if (input.groupKey && !readAt) {
    notification = await addToGroup(transaction, input.userId, input.groupKey, params, now);
    grouped = notification !== null;
    if (!notification) {
      try {
        notification = await Notification.create(
          { userId: input.userId, kind: input.kind, params: JSON.stringify({ ...params, count: 1 }), link: input.link, groupKey: input.groupKey, openGroupKey: input.groupKey, readAt: null, createdAt: now, updatedAt: now },
          { transaction },
        );
      } catch (error) {
        // Another transaction opened the group at the same instant (MariaDB): join it.
        if (!(error instanceof UniqueConstraintError)) throw error;
        notification = await addToGroup(transaction, input.userId, input.groupKey, params, now);
        grouped = true;
        if (!notification) throw error;
      }
    }
  } else {
    notification = await Notification.create(
      { userId: input.userId, kind: input.kind, params: JSON.stringify(params), link: input.link, groupKey: input.groupKey ?? null, openGroupKey: null, readAt, createdAt: now, updatedAt: now },
      { transaction },
    );
  }

  const category = categoryOf(input.kind);
  // One e-mail per notification: a group e-mails on its first event, not on every message.
  if (!grouped && category && input.email !== "caller" && (await wantsEmail(input.userId, category, transaction))) {
    if (input.email) {
      await enqueueJob(input.email.job, input.email.payload, { uniqueKey: input.email.uniqueKey, runAt: now, transaction });
    } else if (!readAt) {
      await enqueueJob(NOTIFICATION_EMAIL_JOB, { notificationId: notification.id }, { uniqueKey: `notification-email:${notification.id}`, runAt: now, transaction });
    }
  }

  if (!readAt) schedulePublish(transaction, input.userId);
  return notification;
}

async function addToGroup(transaction: Transaction, userId: number, groupKey: string, params: NotificationParams, now: Date): Promise<Notification | null> {
  const open = await Notification.findOne({ where: { userId, openGroupKey: groupKey }, transaction, lock: transaction.LOCK.UPDATE });
  if (!open) return null;
  const previous = JSON.parse(open.params) as NotificationParams;
  const count = (typeof previous.count === "number" ? previous.count : 1) + 1;
  await open.update({ params: JSON.stringify({ ...previous, ...params, count }), updatedAt: now }, { transaction });
  return open;
}

function schedulePublish(transaction: Transaction, userId: number) {
  let users = publishAfterCommit.get(transaction);
  if (!users) {
    const pending = new Set<number>();
    users = pending;
    publishAfterCommit.set(transaction, pending);
    transaction.afterCommit(async () => {
      for (const id of pending) await publishUnread(id);
    });
  }
  users.add(userId);
}

/** The generic notification e-mail: its title and a link to it, in the recipient's language (exported for tests). */
export async function renderNotificationEmail(notificationId: number) {
  const notification = await Notification.findByPk(notificationId);
  if (!notification) return null;
  const user = await User.findByPk(notification.userId);
  if (!user) return null;
  const language = isLanguage(user.language) ? user.language : fallbackLanguage;
  const t = await getFixedT(language, "notifications");
  const subject = await notificationTitle(language, notification.kind, notification.params);
  const url = new URL(withLanguage(`/notifications/${notification.id}`, language), env.appUrl).toString();
  const { text, html } = noticeEmailBodies({
    language,
    subject,
    greeting: String(t("email.greeting", { name: user.firstName })),
    body: subject,
    action: String(t("email.action")),
    url,
  });
  return { to: user.email, subject, text, html, template: `notification-${notification.kind}`, language };
}

registerJobHandler(NOTIFICATION_EMAIL_JOB, async (payload, { now }) => {
  const email = await renderNotificationEmail((payload as { notificationId: number }).notificationId);
  if (email) await sendEmail(email, now);
});
