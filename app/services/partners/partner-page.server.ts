// A partner's public page (/partner-details/{id}) and GET /api/v1/partners/{id}: only active
// partners are public (unknown or suspended → 404). The contact (e-mail, phone, website) is shown
// only to a visitor who may see it (canSeePartnerContact).
import { Partner } from "~/db/models/partner.server";
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
 * PRODUCT.md: a partner's contact stays hidden until the visitor has booked with them. Bookings
 * with partners are experience bookings (issue 21 point 5, the experiences work), which do not
 * exist yet: nobody may see it for now. The experiences work extends this one function
 * (true when `userId` holds a paid booking of one of the partner's experiences) — ADR 181.
 */
export async function canSeePartnerContact(userId: number | null | undefined, partnerId: number): Promise<boolean> {
  if (!userId || !partnerId) return false;
  return false;
}

/** The active partner with this id, or null (unknown, suspended, or not an id). */
export async function findActivePartner(id: number): Promise<Partner | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return Partner.findOne({ where: { id, status: "active" } });
}

export async function publicPartner(id: number, language: Language, viewerId: number | null | undefined): Promise<PublicPartner | null> {
  const partner = await findActivePartner(id);
  if (!partner) return null;
  const showContact = await canSeePartnerContact(viewerId, partner.id);
  return {
    id: partner.id,
    name: partner.name,
    description: describeIn(partner.description, language),
    languages: parseJson<string[]>(partner.languages, []),
    city: partner.city,
    // No experience of a partner can be reviewed before experiences exist.
    rating: null,
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
