import { z } from "~/schemas/zod";

// The notification centre's inputs (ADR 146): the list's query (page and API) and the API's
// "mark read" body.

/** ?page=&pageSize=&unread= of /notifications and GET /api/v1/notifications. */
export const NotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  unread: z
    .enum(["1", "0", "true", "false"])
    .optional()
    .catch(undefined)
    .transform((value) => value === "1" || value === "true"),
});

/** POST /api/v1/notifications/read: these ids, or every notification when `ids` is absent. */
export const MarkNotificationsReadBodySchema = z.object({
  ids: z.array(z.number().int().positive("api:fields.invalid"), "api:fields.invalid").max(500, "api:fields.invalid").optional(),
});
