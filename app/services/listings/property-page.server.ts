// What the public property and establishment pages (and GET /api/v1/properties/{id}…) show:
// the listing's public fields, its photos, the host's public card, an approximate position, the
// availability of the coming months, and quotes by the one pricing function. Only public listings
// (approved, visible, not deleted, host not suspended) are ever found: anything else is a 404.
import { QueryTypes } from "sequelize";
import { getSequelize } from "~/db/sequelize.server";
import { isEstablishmentType, type CancellationPolicy, type PropertyType, type ReservationMethod } from "~/domain/listing";
import { approximatePosition } from "~/domain/search";
import { governorateName, photoOf, type Photo } from "~/services/search/listing-cards.server";
import { publicListingCondition } from "~/services/listings/public-listings.server";
import { AppError } from "~/utils/app-error";
import type { Language } from "~/utils/i18n";

export const NOT_FOUND_KEY = "property:errors.notFound";

export interface ListingRow {
  id: number;
  host_id: number;
  rating: number | null;
  review_count: number | null;
  property_type: PropertyType;
  title: string | null;
  description_fr: string | null;
  description_en: string | null;
  description_es: string | null;
  max_guests: number | null;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  city: string | null;
  governorate: string | null;
  delegation: string | null;
  latitude: number | null;
  longitude: number | null;
  base_price: number | null;
  cleaning_fee: number;
  min_nights: number;
  max_nights: number | null;
  weekly_discount_pct: number;
  monthly_discount_pct: number;
  cancellation_policy: CancellationPolicy | null;
  reservation_method: ReservationMethod | null;
  pets_allowed: number | boolean;
  events_allowed: number | boolean;
  smoking_allowed: number | boolean;
  check_in_time: string | null;
  check_out_time: string | null;
  approved_at: string | Date | null;
}

export interface LocalizedText {
  text: string;
  language: Language;
  /** True when the page's language had no text and another language is shown. */
  fallback: boolean;
}

export interface PublicHost {
  id: number;
  firstName: string;
  memberSince: string;
  verified: boolean;
  about: string | null;
  publicListings: number;
  /** The company the host acts for (issue 16 point 5), as printed on the host card. */
  company: { legalName: string; taxId: string } | null;
}

export interface PublicListing {
  id: number;
  type: PropertyType;
  kind: "property" | "establishment";
  title: string;
  description: LocalizedText | null;
  /** The text in each language (null where the host wrote none). */
  descriptions: Record<Language, string | null>;
  photos: Photo[];
  maxGuests: number | null;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  amenities: string[];
  travelTypes: string[];
  houseRules: { pets: boolean; events: boolean; smoking: boolean };
  checkInTime: string | null;
  checkOutTime: string | null;
  cancellationPolicy: CancellationPolicy;
  reservationMethod: ReservationMethod;
  basePrice: number;
  cleaningFee: number;
  weeklyDiscountPercent: number;
  monthlyDiscountPercent: number;
  minNights: number;
  maxNights: number | null;
  /** The city and governorate, and a position a few hundred metres off (the door stays hidden). */
  location: { city: string | null; governorate: string | null; delegation: string | null; position: { lat: number; lng: number } | null };
  host: PublicHost;
  establishment: { name: string; stars: number | null; category: string | null; totalRooms: number } | null;
  /** Visible reviews: the average of their five-rating means (one decimal; null without) and their count. */
  rating: number | null;
  reviewCount: number;
}

const LANGUAGE_ORDER: Language[] = ["en", "fr", "es"];

/** The text in `language`, else the first other language that has one (en, fr, es). */
export function pickLanguage(texts: Partial<Record<Language, string | null>>, language: Language): LocalizedText | null {
  for (const candidate of [language, ...LANGUAGE_ORDER.filter((other) => other !== language)]) {
    const text = texts[candidate]?.trim();
    if (text) return { text, language: candidate, fallback: candidate !== language };
  }
  return null;
}

async function findPublicRow(id: number): Promise<ListingRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const rows = await getSequelize().query<ListingRow>(
    `SELECT l.* FROM listings l WHERE l.id = :id AND ${publicListingCondition("l")}`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  return rows[0] ?? null;
}

/** The public listing's row, or AppError(404). */
export async function requirePublicRow(id: number): Promise<ListingRow> {
  const row = await findPublicRow(id);
  if (!row) throw new AppError(404, NOT_FOUND_KEY, { code: "not_found" });
  return row;
}

/** Everything public about a listing (any type), or AppError(404). */
export async function getPublicListing(id: number, language: Language): Promise<PublicListing> {
  return publicListingOf(await requirePublicRow(id), language);
}

type EstablishmentRow = {
  name: string;
  stars?: number | null;
  category?: string | null;
  total_rooms: number;
  description_fr: string | null;
  description_en: string | null;
  description_es: string | null;
  check_in_time: string | null;
  check_out_time: string | null;
  weekly_discount_pct?: number;
  monthly_discount_pct?: number;
};

/**
 * Everything public about the listing of a row requirePublicRow read (ADR 247: the property page
 * reads the row once for the listing, its calendar and its quote). The host's card (name, public
 * listings, declared company) is one statement; the hotel and guesthouse rows are read for
 * establishments only, the only listings that have them.
 */
export async function publicListingOf(row: ListingRow, language: Language): Promise<PublicListing> {
  const id = Number(row.id);
  const sequelize = getSequelize();
  const establishment = isEstablishmentType(row.property_type);
  const [photos, amenities, travelTypes, hosts, hotels, guesthouses] = await Promise.all([
    sequelize.query<{ storage_key: string; variants: string; width: number; height: number }>(
      `SELECT storage_key, variants, width, height FROM listing_photos
        WHERE listing_id = :id AND room_type_id IS NULL ORDER BY is_cover DESC, position, id`,
      { replacements: { id }, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ amenity: string }>("SELECT amenity FROM listing_amenities WHERE listing_id = :id ORDER BY amenity", {
      replacements: { id },
      type: QueryTypes.SELECT,
    }),
    sequelize.query<{ travel_type: string }>(
      "SELECT travel_type FROM listing_travel_types WHERE listing_id = :id ORDER BY travel_type",
      { replacements: { id }, type: QueryTypes.SELECT },
    ),
    // The host card shows the declared company's legal name and matricule fiscal, never its
    // address (receipts/company.server.ts holds the rest), read in the host's statement.
    sequelize.query<{
      id: number;
      first_name: string;
      created_at: string | Date;
      email_verified_at: unknown;
      about: string | null;
      public_listings: number;
      company_legal_name: string | null;
      company_tax_id: string | null;
    }>(
      `SELECT u.id, u.first_name, u.created_at, u.email_verified_at, u.about,
              (SELECT COUNT(*) FROM listings l WHERE l.host_id = u.id AND ${publicListingCondition("l")}) AS public_listings,
              c.legal_name AS company_legal_name, c.tax_id AS company_tax_id
         FROM users u LEFT JOIN host_companies c ON c.user_id = u.id
        WHERE u.id = :hostId`,
      { replacements: { hostId: row.host_id }, type: QueryTypes.SELECT },
    ),
    establishment
      ? sequelize.query<EstablishmentRow>("SELECT * FROM hotels WHERE listing_id = :id", { replacements: { id }, type: QueryTypes.SELECT })
      : [],
    establishment
      ? sequelize.query<EstablishmentRow>("SELECT * FROM guesthouses WHERE listing_id = :id", { replacements: { id }, type: QueryTypes.SELECT })
      : [],
  ]);
  const host = hosts[0];
  if (!host) throw new AppError(404, NOT_FOUND_KEY, { code: "not_found" });
  const establishmentRow = hotels[0] ?? guesthouses[0] ?? null;
  const description =
    pickLanguage({ en: row.description_en, fr: row.description_fr, es: row.description_es }, language) ??
    (establishmentRow
      ? pickLanguage({ en: establishmentRow.description_en, fr: establishmentRow.description_fr, es: establishmentRow.description_es }, language)
      : null);
  const hotel = hotels[0];
  return {
    id,
    rating: row.rating === null || !Number(row.review_count) ? null : Math.round(Number(row.rating) * 10) / 10,
    reviewCount: Number(row.review_count ?? 0),
    type: row.property_type,
    kind: isEstablishmentType(row.property_type) ? "establishment" : "property",
    title: row.title ?? establishmentRow?.name ?? "",
    description,
    descriptions: {
      en: row.description_en ?? establishmentRow?.description_en ?? null,
      fr: row.description_fr ?? establishmentRow?.description_fr ?? null,
      es: row.description_es ?? establishmentRow?.description_es ?? null,
    },
    photos: photos.map(photoOf),
    maxGuests: row.max_guests === null ? null : Number(row.max_guests),
    bedrooms: row.bedrooms === null ? null : Number(row.bedrooms),
    beds: row.beds === null ? null : Number(row.beds),
    bathrooms: row.bathrooms === null ? null : Number(row.bathrooms),
    amenities: amenities.map((a) => a.amenity),
    travelTypes: travelTypes.map((t) => t.travel_type),
    houseRules: { pets: Boolean(Number(row.pets_allowed)), events: Boolean(Number(row.events_allowed)), smoking: Boolean(Number(row.smoking_allowed)) },
    checkInTime: row.check_in_time ?? establishmentRow?.check_in_time ?? null,
    checkOutTime: row.check_out_time ?? establishmentRow?.check_out_time ?? null,
    // A listing without its own terms falls under the platform's default terms ("closed").
    cancellationPolicy: row.cancellation_policy ?? "closed",
    reservationMethod: row.reservation_method ?? "request",
    basePrice: Number(row.base_price ?? 0),
    cleaningFee: Number(row.cleaning_fee),
    // A hotel's room types take the hotel's discounts (search.server.ts establishmentUnits).
    weeklyDiscountPercent: Number(hotel ? hotel.weekly_discount_pct : row.weekly_discount_pct),
    monthlyDiscountPercent: Number(hotel ? hotel.monthly_discount_pct : row.monthly_discount_pct),
    minNights: Number(row.min_nights),
    maxNights: row.max_nights === null ? null : Number(row.max_nights),
    location: {
      city: row.city,
      governorate: governorateName(row.governorate),
      delegation: row.delegation,
      position:
        row.latitude !== null && row.longitude !== null ? approximatePosition(Number(row.latitude), Number(row.longitude), Number(row.id)) : null,
    },
    host: {
      id: Number(host.id),
      firstName: host.first_name,
      memberSince: new Date(host.created_at).toISOString(),
      verified: host.email_verified_at !== null,
      about: host.about,
      publicListings: Number(host.public_listings ?? 0),
      company: host.company_legal_name !== null ? { legalName: host.company_legal_name, taxId: String(host.company_tax_id) } : null,
    },
    establishment: establishmentRow
      ? {
          name: establishmentRow.name,
          stars: hotel?.stars ?? null,
          category: hotel?.category ?? null,
          totalRooms: Number(establishmentRow.total_rooms),
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Availability (app/domain/availability.ts decides; this loads its facts)
