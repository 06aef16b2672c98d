// Favorites (SPEC.md §3, §6, §7): a signed-in traveler saves properties, establishments and,
// providers (partners, ADR 181). Only public listings and active partners can be added; a favorite
// whose listing stops being public (or partner is suspended) stays saved but is not shown until
// it is public again.
import { UniqueConstraintError } from "sequelize";
import { Favorite, type FavoriteKind } from "~/db/models/favorite.server";
import { isEstablishmentType } from "~/domain/listing";
import { findPublicListingSummaries, type ListingSummary } from "~/services/search/listing-cards.server";
import { activePartnerSummaries, findActivePartner } from "~/services/partners/partner-page.server";
import { isPublicListing } from "~/services/listings/public-listings.server";
import { AppError } from "~/utils/app-error";

export type { FavoriteKind };

const FAILED = "favorites:errors.failed";

/** A listing's favorite kind: hotels and guesthouses are establishments, the rest properties. */
export function favoriteKindOfListing(type: string | null): FavoriteKind {
  return isEstablishmentType(type as never) ? "establishment" : "property";
}

async function assertTargetExists(kind: FavoriteKind, targetId: number): Promise<void> {
  if (kind === "provider") {
    if (!(await findActivePartner(targetId))) throw new AppError(404, FAILED, { code: "not_found" });
    return;
  }
  const listing = await isPublicListing(targetId);
  if (!listing || favoriteKindOfListing(listing.propertyType) !== kind) throw new AppError(404, FAILED, { code: "not_found" });
}

/** Saves a favorite (saving it twice keeps one). */
export async function addFavorite(userId: number, kind: FavoriteKind, targetId: number): Promise<void> {
  await assertTargetExists(kind, targetId);
  const existing = await Favorite.findOne({ where: { userId, kind, targetId } });
  if (existing) return;
  try {
    await Favorite.create({ userId, kind, targetId });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
  }
}

/** Removes a favorite (removing one that is not there is not an error). */
export async function removeFavorite(userId: number, kind: FavoriteKind, targetId: number): Promise<void> {
  await Favorite.destroy({ where: { userId, kind, targetId } });
}

/** Adds or removes, as the heart's form says; returns whether it is now a favorite. */
export async function setFavorite(userId: number, kind: FavoriteKind, targetId: number, favorite: boolean): Promise<boolean> {
  if (favorite) await addFavorite(userId, kind, targetId);
  else await removeFavorite(userId, kind, targetId);
  return favorite;
}

/** `kind:id` keys of everything the user saved, to draw full hearts. */
export async function favoriteKeys(userId: number | null | undefined): Promise<Set<string>> {
  if (!userId) return new Set();
  const rows = await Favorite.findAll({ where: { userId }, attributes: ["kind", "targetId"] });
  return new Set(rows.map((row) => favoriteKey(row.kind, row.targetId)));
}

export function favoriteKey(kind: FavoriteKind, targetId: number): string {
  return `${kind}:${targetId}`;
}

async function idsOf(userId: number, kind: FavoriteKind): Promise<number[]> {
  const rows = await Favorite.findAll({
    where: { userId, kind },
    attributes: ["targetId"],
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
  });
  return rows.map((row) => row.targetId);
}

export interface FavoriteLists {
  properties: ListingSummary[];
  establishments: ListingSummary[];
  /** Saved partners that are active, newest saved first. */
  providers: Array<{ id: number; name: string; city: string | null }>;
}

/**
 * What the profile's favorites page shows: the user's saved listings that are public today,
 * newest saved first, as cards (title, city, type, cover photo, nightly price in millimes).
 */
export async function listFavorites(userId: number): Promise<FavoriteLists> {
  const [propertyIds, establishmentIds, providerIds] = await Promise.all([
    idsOf(userId, "property"),
    idsOf(userId, "establishment"),
    idsOf(userId, "provider"),
  ]);
  const summaries = await findPublicListingSummaries([...propertyIds, ...establishmentIds]);
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  const pick = (ids: number[]) => ids.map((id) => byId.get(id)).filter((summary): summary is ListingSummary => Boolean(summary));
  return {
    properties: pick(propertyIds),
    establishments: pick(establishmentIds),
    providers: await activePartnerSummaries(providerIds),
  };
}

/** SPEC.md §7 `POST /api/v1/AdminPartenaire/selectFavouriteByIDUser`: the saved properties. */
export async function favoritePropertyIds(userId: number): Promise<number[]> {
  const ids = await idsOf(userId, "property");
  const visible = new Set((await findPublicListingSummaries(ids)).map((summary) => summary.id));
  return ids.filter((id) => visible.has(id));
}

/** SPEC.md §7 `GET /api/v1/etablissements/favourite`: the saved establishments. */
export async function favoriteEstablishments(userId: number): Promise<ListingSummary[]> {
  return (await listFavorites(userId)).establishments;
}

/** SPEC.md §7 `POST /api/v1/GestionPartenaire/selectFavouriteByIDUser`: the saved providers. */
export async function favoriteProviderIds(userId: number): Promise<number[]> {
  return (await activePartnerSummaries(await idsOf(userId, "provider"))).map((partner) => partner.id);
}

export interface FavoriteItem {
  kind: FavoriteKind;
  id: number;
  title: string;
  city: string | null;
  photo: string | null;
  nightlyPrice: number | null;
}

/** GET /api/v1/favorites: the profile favorites page's lists as one list (properties, then
 * establishments, then partners; each newest saved first), optionally of one kind. */
export async function favoriteItems(userId: number, kind?: FavoriteKind): Promise<FavoriteItem[]> {
  const lists = await listFavorites(userId);
  const listing = (item: ListingSummary): FavoriteItem => ({
    kind: item.kind,
    id: item.id,
    title: item.title,
    city: item.city,
    photo: item.photo?.src ?? null,
    nightlyPrice: item.nightlyPrice,
  });
  const items = [
    ...lists.properties.map(listing),
    ...lists.establishments.map(listing),
    ...lists.providers.map((partner): FavoriteItem => ({ kind: "provider", id: partner.id, title: partner.name, city: partner.city, photo: null, nightlyPrice: null })),
  ];
  return kind ? items.filter((item) => item.kind === kind) : items;
}
