// Reading the notification centre (ADR 146): the user's list, newest first, with titles translated
// in the reader's language; the unread count; marking read (one, some, all); the e-mail settings.
// Every call is scoped to the asking user: another user's ids are never read nor marked.
import { Op, type WhereOptions } from "sequelize";
import { Notification, NotificationPreference } from "~/db/models/notification.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { getRealtimeBus } from "~/realtime/bus.server";
import { formatMoney, TND } from "~/domain/money";
import { DEFAULT_EMAIL, NOTIFICATION_CATEGORIES, titleKey, type NotificationCategory, type NotificationParams } from "~/services/notifications/notification-kinds";
import { AppError } from "~/utils/app-error";
import type { Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

export interface NotificationView {
  id: number;
  kind: string;
  title: string;
  /** A local path without language prefix. */
  link: string;
  createdAt: string;
  readAt: string | null;
}

function parseParams(raw: string): NotificationParams {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? (value as NotificationParams) : {};
  } catch {
    return {};
  }
}

/** A notification's title in `language` (kind + stored values; never stored as text). */
export async function notificationTitle(language: Language, kind: string, rawParams: string): Promise<string> {
  const t = await getFixedT(language, "notifications");
  const params = parseParams(rawParams);
  const values: NotificationParams = { ...params };
  // Amounts are stored in millimes and read in the reader's own format.
  if (typeof params.amount === "number") values.amount = formatMoney(params.amount, TND, language);
  return String(t(titleKey(kind, params), { ...values, defaultValue: String(t("titles.fallback")) }));
}

export async function unreadCount(userId: number): Promise<number> {
  return Notification.count({ where: { userId, readAt: null } });
}

/** Sends the user's unread count to their sockets; best effort (pages show it on the next load). */
export async function publishUnread(userId: number): Promise<void> {
  try {
    await getRealtimeBus().publish([userId], { event: "notifications", unread: await unreadCount(userId) });
  } catch (error) {
    console.error("notifications: realtime publish failed", error instanceof Error ? error.message : error);
  }
}

export async function listNotifications(
  userId: number,
  language: Language,
  options: { unread?: boolean; page?: number; pageSize?: number } = {},
): Promise<{ items: NotificationView[]; unread: number; page: number; pageSize: number; total: number }> {
  const pageSize = Math.min(NOTIFICATIONS_MAX_PAGE_SIZE, Math.max(1, Math.floor(options.pageSize ?? NOTIFICATIONS_PAGE_SIZE)));
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const where: WhereOptions<Notification> = options.unread ? { userId, readAt: null } : { userId };
  const [{ rows, count }, unread] = await Promise.all([
    Notification.findAndCountAll({ where, order: [["updatedAt", "DESC"], ["id", "DESC"]], limit: pageSize, offset: (page - 1) * pageSize }),
    unreadCount(userId),
  ]);
  const items = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      kind: row.kind,
      title: await notificationTitle(language, row.kind, row.params),
      link: row.link,
      // A grouped notification moves up with its newest event.
      createdAt: row.updatedAt.toISOString(),
      readAt: row.readAt ? row.readAt.toISOString() : null,
    })),
  );
  return { items, unread, page, pageSize, total: count };
}

/** Marks the user's notifications read: these ids (others' ids are ignored), or all when absent. Returns how many changed. */
export async function markRead(userId: number, ids?: number[], now: Date = new Date()): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const where: WhereOptions<Notification> = ids ? { userId, readAt: null, id: { [Op.in]: ids } } : { userId, readAt: null };
  const [changed] = await Notification.update({ readAt: now, openGroupKey: null }, { where });
  // The user's other tabs and devices follow.
  if (changed > 0) await publishUnread(userId);
  return changed;
}

/** Marks the unread notification of a group read (the conversation was opened). */
export async function markGroupRead(userId: number, groupKey: string, now: Date = new Date()): Promise<number> {
  // Opening a conversation is frequent and usually has nothing to mark: read before writing.
  if ((await Notification.count({ where: { userId, openGroupKey: groupKey } })) === 0) return 0;
  const [changed] = await Notification.update({ readAt: now, openGroupKey: null }, { where: { userId, openGroupKey: groupKey } });
  if (changed > 0) await publishUnread(userId);
  return changed;
}

/** Opens one of the user's notifications: marks it read and returns where it leads; 404 for anyone else's. */
export async function openNotification(userId: number, id: unknown, now: Date = new Date()): Promise<string> {
  const notificationId = Number(id);
  if (!Number.isSafeInteger(notificationId) || notificationId < 1) throw new AppError(404, "notifications:errors.notFound");
  const notification = await Notification.findOne({ where: { id: notificationId, userId } });
  if (!notification) throw new AppError(404, "notifications:errors.notFound");
  if (!notification.readAt) await markRead(userId, [notification.id], now);
  return notification.link;
}

export type EmailSettings = Record<NotificationCategory, boolean>;

export async function emailSettings(userId: number): Promise<EmailSettings> {
  const saved = await NotificationPreference.findAll({ where: { userId } });
  const settings = { ...DEFAULT_EMAIL };
  for (const row of saved) {
    if ((NOTIFICATION_CATEGORIES as readonly string[]).includes(row.category)) settings[row.category as NotificationCategory] = Boolean(row.email);
  }
  return settings;
}

/** Saves the user's e-mail choices; a choice equal to the default keeps no row. */
export async function saveEmailSettings(userId: number, settings: EmailSettings): Promise<void> {
  await writeTransaction(async (transaction) => {
    for (const category of NOTIFICATION_CATEGORIES) {
      const email = settings[category];
      if (email === DEFAULT_EMAIL[category]) {
        await NotificationPreference.destroy({ where: { userId, category }, transaction });
        continue;
      }
      const existing = await NotificationPreference.findOne({ where: { userId, category }, transaction });
      if (existing) await existing.update({ email }, { transaction });
      else await NotificationPreference.create({ userId, category, email }, { transaction });
    }
  });
}
