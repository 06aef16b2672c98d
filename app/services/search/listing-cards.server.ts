// Listing cards: the summary of a public listing that search results, favorites and profiles show.
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { isEstablishmentType, type PropertyType } from "~/domain/listing";
import { parseVariants, responsiveSources } from "~/domain/photo-variants";
import { approximatePosition } from "~/domain/search";
import { findGovernorate } from "~/domain/tunisia-places";
import { getStorage } from "~/services/storage/storage.server";
import { publicListingCondition } from "~/services/listings/public-listings.server";
import { stayPricesColumn, type Stay } from "~/services/search/stay-prices.server";

export interface Photo {
  src: string;
  srcSet: string;
  avifSrcSet: string;
  width: number;
  height: number;
}

/** The responsive image of a stored photo: its WebP (and AVIF) variants as srcsets (ADR 041, ADR 230). */
export function photoOf(row: { storage_key: string; variants: string; width: number; height: number }): Photo {
  const storage = getStorage();
  return {
    ...responsiveSources(row.storage_key, parseVariants(row.variants), (key) => storage.url(key)),
    width: Number(row.width),
    height: Number(row.height),
  };
}

export interface ListingSummary {
  id: number;
  kind: "property" | "establishment";
  type: PropertyType;
  title: string;
  city: string | null;
  governorate: string | null;
  /** Approximate (never the door): see approximatePosition. */
  position: { lat: number; lng: number } | null;
  photo: Photo | null;
  /** The base price of a night in millimes (an establishment's lowest room price). */
  nightlyPrice: number;
  maxGuests: number | null;
  bedrooms: number | null;
  instantBook: boolean;
  /** The average of its visible reviews' five-rating means, one decimal; null without reviews. */
  rating: number | null;
  reviewCount: number;
}

export interface SummaryRow {
  id: number;
  property_type: PropertyType;
  title: string | null;
  city: string | null;
  governorate: string | null;
  latitude: number | null;
  longitude: number | null;
  base_price: number | null;
  max_guests: number | null;
  bedrooms: number | null;
  reservation_method: string | null;
  hotel_name: string | null;
  guesthouse_name: string | null;
  rating: number | null;
  review_count: number | null;
}

/** Cover photos of listings (the cover, else the first by position). */
export async function coverPhotos(listingIds: number[]): Promise<Map<number, Photo>> {
  const covers = new Map<number, Photo>();
  if (listingIds.length === 0) return covers;
  const rows = await getSequelize().query<{ listing_id: number; storage_key: string; variants: string; width: number; height: number }>(
    `SELECT p.listing_id, p.storage_key, p.variants, p.width, p.height
       FROM listing_photos p
      WHERE p.listing_id IN (:ids) AND p.room_type_id IS NULL
      ORDER BY p.listing_id, p.is_cover DESC, p.position, p.id`,
    { replacements: { ids: listingIds }, type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const id = Number(row.listing_id);
    if (!covers.has(id)) covers.set(id, photoOf(row));
  }
  return covers;
}

/**
 * Cards of the public listings among `ids`, in the order of `ids` (others are left out): one
 * statement, the cover photo joined (the cover, else the first by position) — each statement is a
 * round trip on MariaDB (ADR 250).
 */
export async function findPublicListingSummaries(ids: number[]): Promise<ListingSummary[]> {
  return (await findPublicListingCards(ids, null)).map((card) => card.summary);
}

/**
 * The cards of findPublicListingSummaries and, with a stay, each listing's own prices of its
 * nights (`stay_prices` of stayPricesColumn) read in the same statement, so that a search page
 * prices its whole listings without a statement of its own (ADR 250).
 */
export async function findPublicListingCards(ids: number[], stay: Stay | null): Promise<Array<{ summary: ListingSummary; stayPrices: string | null }>> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return [];
  const sequelize = getSequelize();
  const prices = stay ? stayPricesColumn(stay, sequelize.getDialect() === "mysql" ? "mysql" : "sqlite") : { sql: "NULL AS stay_prices", replacements: {} };
  const rows = await sequelize.query<SummaryRow & { storage_key: string | null; variants: string; width: number; height: number; stay_prices: string | null }>(
    `SELECT l.id, l.property_type, l.title, l.city, l.governorate, l.latitude, l.longitude, l.base_price,
            l.max_guests, l.bedrooms, l.reservation_method, h.name AS hotel_name, g.name AS guesthouse_name, l.rating, l.review_count,
            p.storage_key, p.variants, p.width, p.height, ${prices.sql}
       FROM listings l
       LEFT JOIN hotels h ON h.listing_id = l.id
       LEFT JOIN guesthouses g ON g.listing_id = l.id
       LEFT JOIN listing_photos p ON p.id = (SELECT cp.id FROM listing_photos cp WHERE cp.listing_id = l.id AND cp.room_type_id IS NULL
                                              ORDER BY cp.is_cover DESC, cp.position, cp.id LIMIT 1)
      WHERE l.id IN (:ids) AND ${publicListingCondition("l")}`,
    { replacements: { ...prices.replacements, ids: wanted }, type: QueryTypes.SELECT },
  );
  const byId = new Map(
    rows.map((row) => {
      const photo = row.storage_key === null || row.storage_key === undefined ? null : photoOf({ ...row, storage_key: row.storage_key });
      return [Number(row.id), { summary: toSummary(row, photo), stayPrices: row.stay_prices ?? null }];
    }),
  );
  return wanted.map((id) => byId.get(id)).filter((card): card is { summary: ListingSummary; stayPrices: string | null } => Boolean(card));
}

export function toSummary(row: SummaryRow, photo: Photo | null): ListingSummary {
  const id = Number(row.id);
  return {
    id,
    kind: isEstablishmentType(row.property_type) ? "establishment" : "property",
    type: row.property_type,
    title: row.title ?? row.hotel_name ?? row.guesthouse_name ?? "",
    city: row.city,
    governorate: governorateName(row.governorate),
    position:
      row.latitude !== null && row.longitude !== null ? approximatePosition(Number(row.latitude), Number(row.longitude), id) : null,
    photo,
    nightlyPrice: Number(row.base_price ?? 0),
    maxGuests: row.max_guests === null ? null : Number(row.max_guests),
    bedrooms: row.bedrooms === null ? null : Number(row.bedrooms),
    instantBook: row.reservation_method === "direct",
    rating: row.rating === null || row.rating === undefined || !Number(row.review_count) ? null : Math.round(Number(row.rating) * 10) / 10,
    reviewCount: Number(row.review_count ?? 0),
  };
}

/** A governorate as people read it ("nabeul" → "Nabeul"); listings may store the code. */
export function governorateName(value: string | null): string | null {
  if (!value) return value;
  return findGovernorate(value)?.name ?? value;
}
