// Notifications (issue 16, ADR 146): the bearer's notification centre.
import { named } from "~/openapi/components";
import { operation } from "~/openapi/operation";
import { MarkNotificationsReadBodySchema, NotificationListQuerySchema } from "~/schemas/notifications";
import { MarkedReadSchema, NotificationListSchema } from "~/schemas/notifications-api";

export const tags = [{ name: "Notifications", description: "Every event that concerns the bearer: reservation steps, messages, moderation, reviews, payouts." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/notifications",
    operationId: "listNotifications",
    scope: "read",
    summary: "The bearer's notifications, newest first",
    description:
      "Titles are translated in the request's language. `unread=1` keeps the unread ones only. New messages of one " +
      "conversation share one notification while it is unread. Paginated: `page` (from 1) and `pageSize` (1–100, default 20).",
    tag: "Notifications",
    auth: "bearer",
    query: NotificationListQuerySchema,
    responses: { 200: { description: "One page of notifications and the unread count.", schema: NotificationListSchema } },
    errors: [401, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/notifications/read",
    operationId: "markNotificationsRead",
    scope: "notifications:write",
    summary: "Mark notifications read (all of them when `ids` is absent)",
    description: "Ids of notifications that are not the bearer's change nothing.",
    tag: "Notifications",
    auth: "bearer",
    body: named("MarkNotificationsReadRequest", MarkNotificationsReadBodySchema),
    responses: { 200: { description: "How many changed, and the unread count after.", schema: MarkedReadSchema } },
    errors: [400, 401, 405, 415],
  }),
];
