// Answers of the notification /api/v1 routes (app/openapi/notifications.ts documents them).
import { z } from "~/schemas/zod";
import { DateTime, named } from "~/openapi/components";

export const NotificationItemSchema = named(
  "Notification",
  z.object({
    id: z.int(),
    kind: z.string().describe('What happened: "reservation.requested", "message.received", "listing.approved", "payout.confirmed"…'),
    title: z.string().describe("The title in the request's language (Accept-Language)."),
    link: z.string().describe("Where it leads on the site: a local path, without language prefix."),
    createdAt: DateTime.describe("When it happened (for a group of messages, the newest one)."),
    readAt: DateTime.nullable(),
  }),
);

export const NotificationListSchema = named(
  "NotificationList",
  z.object({
    items: z.array(NotificationItemSchema).describe("Newest first."),
    unread: z.int().min(0).describe("The bearer's unread notifications, all pages together."),
    page: z.int().min(1),
    pageSize: z.int().min(1),
    total: z.int().min(0).describe("How many notifications the filter matches."),
  }),
);

export const MarkedReadSchema = named(
  "NotificationsMarkedRead",
  z.object({
    marked: z.int().min(0).describe("How many notifications changed from unread to read."),
    unread: z.int().min(0),
  }),
);
