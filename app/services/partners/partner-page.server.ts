// A partner's public page (/partner-details/{id}) and GET /api/v1/partners/{id}: only active
// partners are public (unknown or suspended → 404). The contact (e-mail, phone, website) is shown
// only to a visitor who may see it (canSeePartnerContact).
import { ExperienceBooking } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { roundRating } from "~/domain/reviews";
import { partnerRating } from "~/services/reviews/host-standing.server";
import { fallbackLanguage, type Language } from "~/utils/i18n";

export interface PartnerContact {
  email: string;
  phone: string;
  website: string | null;
}

export interface PublicPartner {
  id: number;
  name: string;
  /** In the asked language, else English, else any. */
  description: string;
  languages: string[];
  city: string | null;
  /** Average rating and count once experiences are reviewed; null while there is none. */
  rating: { average: number; count: number } | null;
  contact: PartnerContact | null;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function describeIn(descriptionJson: string, language: Language): string {
  const texts = parseJson<Record<string, string>>(descriptionJson, {});
  return texts[language] || texts[fallbackLanguage] || Object.values(texts).find(Boolean) || "";
}

/**
 * PRODUCT.md: a partner's contact stays hidden until the visitor has booked with them (as a
 * host's until the stay is paid): true when `userId` holds a confirmed (paid) booking of one of
 * the partner's experiences (ADR 181, 184). An unpaid hold, a cancelled or an expired booking do
 * not count; the partner's own account sees its contact too.
 */
export async function canSeePartnerContact(userId: number | null | undefined, partnerId: number): Promise<boolean> {
  if (!userId || !partnerId) return false;
  if ((await Partner.count({ where: { id: partnerId, userId } })) > 0) return true;
  return (await ExperienceBooking.count({ where: { partnerId, travelerId: userId, status: "confirmed" } })) > 0;
}

/** The active partner with this id, or null (unknown, suspended, or not an id). */
export async function findActivePartner(id: number): Promise<Partner | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return Partner.findOne({ where: { id, status: "active" } });
}

export async function publicPartner(id: number, language: Language, viewerId: number | null | undefined): Promise<PublicPartner | null> {
  const partner = await findActivePartner(id);
  if (!partner) return null;
  const [showContact, rating] = await Promise.all([canSeePartnerContact(viewerId, partner.id), partnerRating(partner.id)]);
  return {
    id: partner.id,
    name: partner.name,
    description: describeIn(partner.description, language),
    languages: parseJson<string[]>(partner.languages, []),
    city: partner.city,
    // Over the visible reviews of all its experiences (ADR 184).
    rating: rating.rating === null ? null : { average: roundRating(rating.rating), count: rating.count },
    contact: showContact ? { email: partner.email, phone: partner.phone, website: partner.website } : null,
  };
}

/** Names of active partners by id (favorites page), in the given order. */
export async function activePartnerSummaries(ids: number[]): Promise<Array<{ id: number; name: string; city: string | null }>> {
  if (ids.length === 0) return [];
  const rows = await Partner.findAll({ where: { id: ids, status: "active" }, attributes: ["id", "name", "city"] });
  const byId = new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, city: row.city }]));
  return ids.map((id) => byId.get(id)).filter((row): row is { id: number; name: string; city: string | null } => Boolean(row));
}
