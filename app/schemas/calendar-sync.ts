// The calendar-sync and channel-manager forms and API bodies: one zod schema each, shared by the
// pages' actions, the /api/v1 routes and the OpenAPI document (z.toJSONSchema).
import { z } from "~/schemas/zod";
import { FEED_SOURCES } from "~/domain/calendar-sync";
import { calendarUrl } from "~/schemas/listing-wizard";

export const calendarSyncMessages = {
  tokenRequired: "calendar-sync:errors.tokenRequired",
  propertyKey: "calendar-sync:errors.propertyKey",
  source: "calendar-sync:errors.source",
  listing: "calendar-sync:errors.listing",
} as const;

/** An import URL: required here (the wizard's step, where it may stay empty, has its own schema). */
const requiredCalendarUrl = z.preprocess((value) => value ?? "", calendarUrl.unwrap());

export const AddFeedSchema = z.object({
  source: z.enum(FEED_SOURCES, { error: calendarSyncMessages.source }),
  url: requiredCalendarUrl,
});
export type AddFeedInput = z.output<typeof AddFeedSchema>;

export const ChannelTokenSchema = z.object({
  token: z
    .string({ error: calendarSyncMessages.tokenRequired })
    .trim()
    .min(8, { error: calendarSyncMessages.tokenRequired })
    .max(255, { error: calendarSyncMessages.tokenRequired })
    .regex(/^[\w.~+/=-]+$/, { error: calendarSyncMessages.tokenRequired }),
});

export const ChannelLinkSchema = z.object({
  listingId: z.coerce.number({ error: calendarSyncMessages.listing }).int({ error: calendarSyncMessages.listing }).positive({ error: calendarSyncMessages.listing }),
  propertyKey: z
    .string({ error: calendarSyncMessages.propertyKey })
    .trim()
    .min(1, { error: calendarSyncMessages.propertyKey })
    .max(128, { error: calendarSyncMessages.propertyKey }),
});

/** The answer to a link: what was linked. */
export const ChannelLinkCreatedSchema = z.object({ listingId: z.number().int(), propertyKey: z.string() });

const dateTime = z.iso.datetime().nullable();

export const FeedStateSchema = z.object({
  id: z.number().int(),
  source: z.enum([...FEED_SOURCES, "channel-manager"]),
  url: z.string().nullable(),
  lastSuccessAt: dateTime,
  lastAttemptAt: dateTime,
  /** A translated message, or null after a good fetch. */
  error: z.string().nullable(),
  blockedNights: z.number().int().min(0),
  stale: z.boolean(),
});

export const CalendarsResponseSchema = z.object({
  exportUrl: z.string(),
  feeds: z.array(FeedStateSchema),
});

export const CreatedFeedSchema = z.object({ id: z.number().int() });

export const ChannelManagerStateSchema = z.object({
  linked: z.boolean(),
  links: z.array(
    z.object({
      listingId: z.number().int(),
      propertyKey: z.string(),
      lastExchangeAt: dateTime,
      error: z.string().nullable(),
    }),
  ),
});
