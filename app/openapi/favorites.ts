// Favorites (issue 22, ADR 225): the heart on cards and pages, and the profile's favorites list.
import { z } from "~/schemas/zod";
import { operation } from "~/openapi/operation";
import { FavoriteListQuerySchema, FavoriteListSchema, FavoritePathSchema, FavoriteStateSchema } from "~/schemas/favorites-api";

export const tags = [{ name: "Favorites", description: "Saved properties, establishments and partners." }];

const notFound = "404 (`not_found`) when the listing is not public or not of that kind, or the partner is not active.";

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/favorites",
    operationId: "listFavorites",
    summary: "The bearer's favorites visible today, properties then establishments then partners, newest saved first",
    description: "A favorite whose listing stops being public (or partner is suspended) stays saved but is not listed. Paginated: `page` (from 1) and `pageSize` (1–100, default 20).",
    tag: "Favorites",
    auth: "bearer",
    scope: "read",
    query: FavoriteListQuerySchema,
    responses: { 200: { description: "One page of favorites (amounts in millimes).", schema: FavoriteListSchema } },
    errors: [400, 401, 405],
  }),
  operation({
    method: "post",
    path: "/api/v1/favorites/{kind}/{id}",
    operationId: "addFavorite",
    summary: "Save a property, establishment or partner (saving it twice keeps one)",
    description: notFound,
    tag: "Favorites",
    auth: "bearer",
    scope: "favorites:write",
    params: FavoritePathSchema,
    responses: { 200: { description: "Now a favorite.", schema: FavoriteStateSchema } },
    errors: [401, 404, 405],
  }),
  operation({
    method: "delete",
    path: "/api/v1/favorites/{kind}/{id}",
    operationId: "removeFavorite",
    summary: "Remove a favorite (removing one that is not there is not an error)",
    tag: "Favorites",
    auth: "bearer",
    scope: "favorites:write",
    params: z.object({ kind: FavoritePathSchema.shape.kind, id: FavoritePathSchema.shape.id }),
    responses: { 200: { description: "No longer a favorite.", schema: FavoriteStateSchema } },
    errors: [401, 404, 405],
  }),
];
