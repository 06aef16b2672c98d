// The host's listing writes through /api/v1/host/listings/** (issue 22 point 1, ADR 224). No rule
// of its own: every write calls the very service function the wizard, the edit pages and the
// calendar page call (listing-wizard, listing-establishments, listing-pauses, listing-moderation,
// listing-photos, calendar), so the rules, the 403/404/409 and the messages are theirs. What this
// module adds is the API's manner: JSON bodies read with the steps' own schemas (amounts in
// millimes), invalid input as 422 with per-field messages named by section ("prices.basePrice"),
// and the answers' shapes (app/schemas/listings-api.ts).
import { z } from "zod";
import { isEstablishmentType } from "~/domain/listing";
import {
  LISTING_SECTIONS,
  type CalendarRange,
  type ListingSection,
  type ListingSections,
} from "~/schemas/listings-api";
import { calendarMonth, getHostCalendar, setBlocked, setPrice, type CalendarTarget } from "~/services/calendar/calendar.server";
import { loadEditableListing, type Actor } from "~/services/listings/listing-access.server";
import { saveGuesthouseInfo, saveHotelInfo } from "~/services/listings/listing-establishments.server";
import { actorOf, readUpload } from "~/services/listings/listing-forms.server";
import {
  saveAddress,
  saveAmenities,
  saveCalendarLinks,
  saveCancellation,
  saveDescription,
  saveDiscounts,
  saveHouseRules,
  savePrices,
  savePropertyType,
  saveTravelTypes,
} from "~/services/listings/listing-wizard.server";
import { getListingForHost } from "~/services/listings/listing-view.server";
import { addPhotos } from "~/services/photos/listing-photos.server";
import { MAX_FILES_PER_UPLOAD } from "~/services/photos/photo-set.server";
import { PHOTO_LIMITS } from "~/services/photos/image-pipeline.server";
import { apiError, fieldKeysFromZodError, readJsonBody } from "~/utils/api.server";
import { AppError, isAppError } from "~/utils/app-error";
import { requireVerifiedUser } from "~/utils/auth.server";

type Photo = ReturnType<typeof apiPhotoOf>;

/**
 * Reads a JSON body (400 `invalid_json` when it is not JSON, 415 for another media type) and
 * parses it with `schema`: what it refuses is a 422 `invalid_input` with one message per field.
 */
export async function readApiInput<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const body: unknown = await readJsonBody(request, z.unknown());
  const parsed = schema.safeParse(body, { reportInput: true });
  if (!parsed.success) throw apiError(422, "api:errors.invalid_input", { code: "invalid_input", fields: fieldKeysFromZodError(parsed.error) });
  return parsed.data;
}

/**
 * A service's refusal of one input, as the API answers it: the pages show a 400 with field
 * messages next to the form; the API answers 422 `invalid_input` with the same messages, the
 * fields named under `prefix` ("address.delegation"). Other errors pass unchanged.
 */
export function asApiInputError(error: unknown, prefix = ""): unknown {
  if (!isAppError(error) || !error.fields || Object.keys(error.fields).length === 0) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [prefix ? `${prefix}.${field}` : field, key]));
  const status = error.status === 400 ? 422 : error.status;
  return new AppError(status, error.key, { code: error.status === 400 ? "invalid_input" : error.code, values: error.values, fields });
}

async function inSection<T>(section: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiInputError(error, section);
  }
}

/** The sections of a body, in the wizard's order (the order of LISTING_SECTIONS). */
function sentSections(sections: ListingSections): ListingSection[] {
  return (Object.keys(LISTING_SECTIONS) as ListingSection[]).filter((section) => sections[section] !== undefined);
}

/**
 * Saves the sections of `sections` one by one, each with its wizard step's service function, in
 * the wizard's order. Without `listingId` the address section starts a new draft (the wizard's
 * first step) and its id is returned. Each section is saved whole or not at all; a refusal stops
 * at that section (the ones before it stay saved, as when the host leaves the wizard midway).
 */
export async function saveListingSections(actor: Actor, listingId: number | null, sections: ListingSections): Promise<number> {
  const order = sentSections(sections);
  if (order.length === 0) throw new AppError(422, "listing:errors.noSection", { code: "invalid_input" });
  let id = listingId;
  if (sections.address) {
    const address = sections.address;
    id = await inSection("address", () => saveAddress(actor, listingId, address));
  }
  if (id === null) throw apiError(422, "api:errors.invalid_input", { code: "invalid_input", fields: { address: "api:fields.required" } });
  const target = id;
  for (const section of order) {
    switch (section) {
      case "address":
        break;
      case "propertyType":
        await inSection(section, () => savePropertyType(actor, target, sections.propertyType!));
        break;
      case "hotelInfo":
        await inSection(section, () => saveHotelInfo(actor, target, sections.hotelInfo!));
        break;
      case "guesthouseInfo":
        await inSection(section, () => saveGuesthouseInfo(actor, target, sections.guesthouseInfo!));
        break;
      case "description":
        await inSection(section, () => saveDescription(actor, target, sections.description!));
        break;
      case "amenities":
        await inSection(section, () => saveAmenities(actor, target, sections.amenities!));
        break;
      case "travelTypes":
        await inSection(section, () => saveTravelTypes(actor, target, sections.travelTypes!));
        break;
      case "prices": {
        const prices = sections.prices!;
        // The wizard's prices form asks a base price except of hotels and guesthouses (createPricesSchema).
        // Whose listing and whether it may change come first (403, 409), as for every section.
        const listing = await loadEditableListing(actor, target);
        if (!isEstablishmentType(listing.propertyType) && prices.basePrice === undefined) {
          throw new AppError(422, "listing:errors.required", { code: "invalid_input", fields: { "prices.basePrice": "listing:errors.required" } });
        }
        await inSection(section, () => savePrices(actor, target, prices));
        break;
      }
      case "discounts":
        await inSection(section, () => saveDiscounts(actor, target, sections.discounts!));
        break;
      case "cancellation":
        await inSection(section, () => saveCancellation(actor, target, sections.cancellation!));
        break;
      case "houseRules":
        await inSection(section, () => saveHouseRules(actor, target, sections.houseRules!));
        break;
      case "calendarLinks":
        await inSection(section, () => saveCalendarLinks(actor, target, sections.calendarLinks!));
        break;
    }
  }
  return target;
}

// ——— photos

/** A photo as the API answers it (listings' and experiences' alike). */
export function apiPhotoOf(photo: { id: number; url: string; srcSet: string; width: number; height: number; isCover: boolean; position: number }) {
  return { id: photo.id, url: photo.url, srcSet: photo.srcSet, width: photo.width, height: photo.height, isCover: photo.isCover, position: photo.position };
}

/** The listing's own photos (not its room types'), in their order. */
export async function apiListingPhotos(actor: Actor, listingId: number): Promise<{ photos: Photo[] }> {
  const listing = await getListingForHost(actor, listingId);
  return { photos: listing.photos.map(apiPhotoOf) };
}

/**
 * A multipart upload (field `photos`, optional `roomTypeId`) read with the pages' reader and
 * limits (readUpload: size per file, files per post), then the pages' addPhotos (the image
 * pipeline, the photo limits). A refusal is a 422 on the field `photos` with the pages' message.
 */
export async function uploadApiPhotos(actor: Actor, listingId: number, request: Request): Promise<{ photos: Photo[] }> {
  const { formData, files } = await readApiPhotoUpload(request);
  const rawRoomType = formData.get("roomTypeId");
  const roomTypeId = rawRoomType === null || rawRoomType === "" ? null : Number(rawRoomType);
  if (roomTypeId !== null && !(Number.isSafeInteger(roomTypeId) && roomTypeId > 0)) {
    throw new AppError(422, "api:fields.invalid", { code: "invalid_input", fields: { roomTypeId: "api:fields.invalid" } });
  }
  const added = await withPhotoFieldErrors(() => addPhotos(actor, listingId, files, { roomTypeId }));
  return { photos: added.map(apiPhotoOf) };
}

const photosError = (key: string, values: Record<string, unknown>) => new AppError(422, key, { code: "invalid_input", values, fields: { photos: key } });

/** A multipart upload read as the photo forms read it (same reader and limits), refusals as 415/400/422 on `photos`. */
export async function readApiPhotoUpload(request: Request) {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError(415, "listing:photos.errors.multipartOnly", { code: "unsupported_media_type" });
  }
  let upload: Awaited<ReturnType<typeof readUpload>>;
  try {
    upload = await readUpload(request);
  } catch (error) {
    if (error instanceof Response) throw apiError(400, "api:errors.invalid_input", { code: "invalid_input" });
    throw error;
  }
  const { formData, files, tooLarge, tooMany } = upload;
  if (tooLarge.length) throw photosError("listing:photos.errors.tooLarge", { name: tooLarge[0], maxMb: PHOTO_LIMITS.maxBytes / 1024 / 1024 });
  if (tooMany) throw photosError("listing:photos.errors.tooManyFiles", { max: MAX_FILES_PER_UPLOAD });
  return { formData, files };
}

/** The image pipeline's refusals ("not an image", "too many photos") as 422 on the field `photos`. */
export async function withPhotoFieldErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.status === 400) throw photosError(error.key, error.values ?? {});
    throw error;
  }
}

// ——— calendar

function targetOf(range: CalendarRange): CalendarTarget {
  return "all" in range ? { kind: "all" } : { kind: "range", from: range.from, to: range.to ?? range.from };
}

/** Blocks or unblocks nights with the calendar page's setBlocked (co-hosts too, as there). */
export async function apiSetBlocked(actor: Actor, listingId: number, range: CalendarRange, blocked: boolean, now = new Date()): Promise<{ changed: number }> {
  try {
    return { changed: await setBlocked(actor, listingId, targetOf(range), blocked, { now }) };
  } catch (error) {
    throw asApiInputError(error);
  }
}

/** Per-night prices with the calendar page's setPrice (millimes; null resets to the base price). */
export async function apiSetPrices(
  actor: Actor,
  listingId: number,
  input: { from: string; to?: string; price: number | null },
  now = new Date(),
): Promise<{ changed: number }> {
  try {
    return { changed: await setPrice(actor, listingId, { kind: "range", from: input.from, to: input.to ?? input.from }, input.price, { now }) };
  } catch (error) {
    throw asApiInputError(error);
  }
}

/** A month of the host calendar (the calendar page's getHostCalendar), as a flat list of nights. */
export async function apiHostCalendar(actor: Actor, listingId: number, month: string | null, now = new Date()) {
  if (month !== null && calendarMonth(month, now) !== month) {
    throw new AppError(422, "calendar:errors.month", { code: "invalid_input", fields: { month: "calendar:errors.month" } });
  }
  const view = await getHostCalendar(actor, listingId, calendarMonth(month, now), { now });
  return {
    listingId: view.listing.id,
    month: view.calendar.month,
    previousMonth: view.calendar.previousMonth,
    nextMonth: view.calendar.nextMonth,
    today: view.today,
    currency: "TND" as const,
    basePrice: view.listing.basePrice,
    nights: view.calendar.weeks
      .flat()
      .filter((day) => day !== null)
      .map((day) => ({
        date: day.date,
        state: day.state,
        availableRooms: day.availableRooms,
        price: day.price,
        bookable: day.bookable,
        externalSources: [...(view.external[day.date] ?? [])],
      })),
  };
}

// ——— the routes' common steps

/** The bearer, who must have verified their e-mail as the listing pages require (403 `email_not_verified`). */
export async function requireApiHost(request: Request): Promise<Actor> {
  return actorOf(await requireVerifiedUser(request));
}

/** Refuses a method the route does not offer (405 with Allow). */
export function allowMethods(request: Request, allow: string[]): void {
  if (!allow.includes(request.method)) throw apiError(405, "api:errors.method_not_allowed", { values: { allow } });
}
