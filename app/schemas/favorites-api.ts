// The favorites API (issue 22, ADR 225): POST/DELETE /api/v1/favorites/{kind}/{id} and
// GET /api/v1/favorites — the heart of the cards and pages, and the profile's favorites page.
import { z } from "~/schemas/zod";
import { Millimes, named } from "~/openapi/components";
import type { FavoriteKind } from "~/services/favorites/favorite.server";

/** The API's kinds (plural, as paths are) → the stored kinds. */
export const FAVORITE_API_KINDS = { properties: "property", establishments: "establishment", partners: "provider" } as const satisfies Record<string, FavoriteKind>;
export type FavoriteApiKind = keyof typeof FAVORITE_API_KINDS;
const kinds = Object.keys(FAVORITE_API_KINDS) as [FavoriteApiKind, ...FavoriteApiKind[]];

export const FavoritePathSchema = z.object({
  kind: z.enum(kinds).describe("properties, establishments (hotels and guesthouses) or partners."),
  id: z.int().min(1).describe("The listing's or partner's id."),
});

const pageField = z.coerce.number({ error: "api:fields.invalid" }).int({ error: "api:fields.invalid" }).min(1, { error: "api:fields.invalid" }).max(10_000, { error: "api:fields.invalid" });

export const FavoriteListQuerySchema = z.object({
  kind: z.enum(kinds, { error: "api:fields.invalid" }).optional().describe("Only this kind."),
  page: pageField.optional().describe("From 1 (default 1)."),
  pageSize: pageField.max(100, { error: "api:fields.invalid" }).optional().describe("1–100 (default 20)."),
});

export const FavoriteStateSchema = named(
  "FavoriteState",
  z.object({
    kind: z.enum(kinds),
    id: z.int(),
    favorite: z.boolean().describe("Whether it is a favorite now."),
  }),
);

export const FavoriteItemSchema = named(
  "FavoriteItem",
  z.object({
    kind: z.enum(kinds),
    id: z.int(),
    title: z.string().describe("The listing's title, or the partner's name."),
    city: z.string().nullable(),
    photo: z.string().nullable().describe("The cover photo's address (listings; null for partners)."),
    nightlyPrice: Millimes.nullable().describe("A night's base price in millimes (listings; null for partners)."),
    currency: z.literal("TND"),
  }),
);

export const FavoriteListSchema = named(
  "FavoriteList",
  z.object({
    items: z.array(FavoriteItemSchema).describe("Saved and visible today (public listings, active partners), newest saved first."),
    page: z.int().min(1),
    pageSize: z.int().min(1).max(100),
    total: z.int().min(0),
  }),
);
