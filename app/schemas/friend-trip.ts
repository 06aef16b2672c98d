import { z } from "~/schemas/zod";
import { PACK_CODES, REQUEST_STATUSES, TRIP_INTERESTS, TRIP_PURPOSES } from "~/domain/friend-trip";
import { isIsoDate } from "~/domain/stay-dates";
import { emailField, phoneField, requiredText } from "./account-fields";

const errors = {
  date: "friend-trip:errors.date",
  startPast: "friend-trip:errors.startPast",
  endBeforeStart: "friend-trip:errors.endBeforeStart",
  purpose: "friend-trip:errors.purpose",
  pack: "friend-trip:errors.pack",
  interest: "friend-trip:errors.interest",
  consent: "friend-trip:errors.consent",
  price: "friend-trip:errors.price",
  status: "friend-trip:errors.status",
  notes: "friend-trip:errors.notes",
} as const;

const isoDate = z.string({ error: errors.date }).trim().refine(isIsoDate, { error: errors.date });

/**
 * A Friend Trip request (SPEC.md §3), the page's form and POST /api/v1/friend-trip/requests alike.
 * `today` (Tunis, YYYY-MM-DD): the trip cannot start in the past.
 */
export function createFriendTripRequestSchema(today: string) {
  return z
    .object({
      firstName: requiredText(80),
      lastName: requiredText(80),
      nationality: requiredText(80),
      startDate: isoDate.refine((value) => value >= today, { error: errors.startPast }),
      endDate: isoDate,
      purpose: z.enum(TRIP_PURPOSES, { error: errors.purpose }),
      email: emailField,
      phone: phoneField,
      pack: z.enum(PACK_CODES, { error: errors.pack }),
      interests: z.array(z.enum(TRIP_INTERESTS, { error: errors.interest }), { error: errors.interest }).max(TRIP_INTERESTS.length).default([]),
      consent: z.literal(true, { error: errors.consent }),
    })
    // Checked even while other fields are wrong (every mistake at once), on whatever did parse.
    // `when` runs it even on a body that is not an object (null, a list): nothing to compare then.
    .refine((value: { startDate?: unknown; endDate?: unknown } | null) => typeof value !== "object" || value === null || !isIsoDate(value.startDate) || !isIsoDate(value.endDate) || value.endDate >= value.startDate, {
      when: () => true,
      path: ["endDate"],
      error: errors.endBeforeStart,
    });
}

export type FriendTripRequestInput = z.output<ReturnType<typeof createFriendTripRequestSchema>>;

/** Dinars with up to 3 decimals, as typed by operators → millimes. */
const dinars = z
  .string({ error: errors.price })
  .trim()
  .regex(/^\d{1,6}([.,]\d{1,3})?$/, { error: errors.price })
  .transform((value) => Math.round(Number(value.replace(",", ".")) * 1000));

/** /admin/friend-trip/packs: the three prices and the promotion's dates (both empty = none). */
export const FriendTripPacksSchema = z
  .object({
    basic: dinars,
    custom: dinars,
    premium: dinars,
    freeUntil: isoDate.optional(),
    offerEndsOn: isoDate.optional(),
  })
  .refine((value) => (value.freeUntil === undefined) === (value.offerEndsOn === undefined), {
    path: ["offerEndsOn"],
    error: "friend-trip:errors.promotionBoth",
  });

/** /admin/friend-trip/{id}: a new state and/or a note. */
export const FriendTripStatusSchema = z.object({
  status: z.enum(REQUEST_STATUSES, { error: errors.status }),
  notes: z.string().trim().max(4000, { error: errors.notes }).optional(),
});
