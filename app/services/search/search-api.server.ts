// The /api/v1/properties answers (issue 5 point 8): the same search, listing, availability and
// quote as the pages, shaped for programs (amounts in millimes, "currency": "TND"). The shapes are
// declared once in app/schemas/discovery-api.ts, which the OpenAPI document is generated from.
import type { StayQuote } from "~/domain/pricing";
import type { RuleIssue } from "~/domain/stay-rules";
import type { PropertyListItem, StayQuoteAnswer } from "~/schemas/discovery-api";
import type { PublicListing } from "~/services/listings/property-page.server";
import type { EstablishmentUnit } from "~/services/search/stay-prices.server";
import type { SearchItem } from "~/services/search/search.server";
import { apiJson, apiLanguage } from "~/utils/api.server";
import { getFixedT } from "~/utils/i18n.server";

export function apiListItem(item: SearchItem): PropertyListItem {
  return {
    id: item.id,
    title: item.title,
    city: item.city,
    governorate: item.governorate,
    type: item.type,
    kind: item.kind,
    photo: item.photo?.src ?? null,
    nightlyPrice: item.nightlyPrice,
    instantBook: item.instantBook,
    rating: item.rating,
    reviewCount: item.reviewCount,
    maxGuests: item.maxGuests,
    bedrooms: item.bedrooms,
    position: item.position,
    ...(item.stay
      ? {
          nights: item.stay.nights,
          total: item.stay.total,
          ...(item.stay.unit ? { unit: { kind: item.stay.unit.kind, id: item.stay.unit.id, name: item.stay.unit.name, rooms: item.stay.unit.rooms } } : {}),
        }
      : {}),
  };
}

export function apiProperty(listing: PublicListing, units: EstablishmentUnit[]) {
  return {
    id: listing.id,
    type: listing.type,
    kind: listing.kind,
    title: listing.title,
    descriptions: listing.descriptions,
    photos: listing.photos.map((photo) => ({ url: photo.src, srcSet: photo.srcSet, width: photo.width, height: photo.height })),
    maxGuests: listing.maxGuests,
    bedrooms: listing.bedrooms,
    beds: listing.beds,
    bathrooms: listing.bathrooms,
    amenities: listing.amenities,
    travelTypes: listing.travelTypes,
    houseRules: listing.houseRules,
    checkInTime: listing.checkInTime,
    checkOutTime: listing.checkOutTime,
    basePrice: listing.basePrice,
    cleaningFee: listing.cleaningFee,
    weeklyDiscountPercent: listing.weeklyDiscountPercent,
    monthlyDiscountPercent: listing.monthlyDiscountPercent,
    minNights: listing.minNights,
    maxNights: listing.maxNights,
    reservationMethod: listing.reservationMethod,
    cancellationPolicy: listing.cancellationPolicy,
    rating: listing.rating,
    reviewCount: listing.reviewCount,
    location: listing.location,
    host: { id: listing.host.id, firstName: listing.host.firstName },
    establishment: listing.establishment,
    units: units.map((unit) => ({
      kind: unit.kind,
      id: unit.id,
      name: unit.name,
      description: unit.description,
      price: unit.price,
      capacity: unit.capacity,
      quantity: unit.quantity,
    })),
    currency: "TND" as const,
  };
}

export function apiQuote(quote: StayQuote): StayQuoteAnswer {
  return {
    nights: quote.nights,
    rooms: quote.rooms,
    nightsTotal: quote.nightsTotal,
    discount: quote.discount,
    discountKind: quote.discountKind,
    cleaningFee: quote.cleaningFee,
    serviceFee: quote.serviceFee,
    total: quote.total,
    currency: "TND" as const,
  };
}

/**
 * The API's refusal of a stay, in the error shape of app/utils/api.server.ts: 400 with every
 * broken rule per field, or 409 "The selected dates are already booked". Messages keep their
 * values ("The minimum stay is 3 nights"), so they are translated here.
 */
export async function stayRefusal(request: Request, status: 400 | 409, issues: RuleIssue[]): Promise<Response> {
  const t = await getFixedT(await apiLanguage(request), ["rules", "property", "api"]);
  const translate = (issue: RuleIssue) => String(t(issue.key, issue.values ?? {}));
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.field] ??= translate(issue);
  const code = status === 409 ? "dates_booked" : "invalid_input";
  return apiJson({ error: { code, message: translate(issues[0]!), fields } }, { status });
}
