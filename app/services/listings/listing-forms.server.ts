// Glue shared by the listing pages (the wizard, the host's edit pages, the establishment page,
// moderation): who is acting, AppErrors as HTTP answers, and one handler per form post that
// parses with the step's schema and calls the listing service. Not a route (ends in .server.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { type WizardStep } from "~/domain/listing";
import { draftDescriptions, type AssistantResult } from "~/domain/writing-assistant";
import {
  addressSchema,
  amenitiesSchema,
  calendarLinksSchema,
  cancellationSchema,
  createPricesSchema,
  descriptionSchema,
  discountsSchema,
  guesthouseInfoSchema,
  guesthouseRoomSchema,
  hotelInfoSchema,
  houseRulesSchema,
  propertyTypeSchema,
  roomTypeSchema,
  travelTypesSchema,
} from "~/schemas/listing-wizard";
import { addPhotos, deletePhoto, movePhoto, setCoverPhoto } from "~/services/photos/listing-photos.server";
import { MAX_FILES_PER_UPLOAD, type UploadedFile } from "~/services/photos/photo-set.server";
import { addGuesthouseRoom, addRoomType, deleteGuesthouseRoom, deleteRoomType, saveGuesthouseInfo, saveHotelInfo, updateGuesthouseRoom, updateRoomType } from "~/services/listings/listing-establishments.server";
import { saveAddress, saveAmenities, saveCalendarLinks, saveCancellation, saveDescription, saveDiscounts, saveHouseRules, savePrices, savePropertyType, saveTravelTypes } from "~/services/listings/listing-wizard.server";
import { type Actor } from "~/services/listings/listing-access.server";
import { type ListingView } from "~/services/listings/listing-view.server";
import { PHOTO_LIMITS } from "~/services/photos/image-pipeline.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import type { SessionUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { parseIdParam } from "~/utils/id-param";
import { readMultipart } from "~/utils/multipart.server";

export function actorOf(user: Pick<SessionUser, "id" | "role">): Actor {
  return { id: user.id, role: user.role };
}

/** Runs a service call for a loader: an AppError becomes an HTTP answer with its translated message. */
export async function orHttpError<T>(request: Request, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!isAppError(error)) throw error;
    const t = await getFixedT(await getLanguage(request), ["listing", "common"]);
    throw new Response(String(t(error.key, error.values as Record<string, string>)), { status: error.status });
  }
}

export const parseId = parseIdParam;

/** What a form post answers when it does not redirect: which form, and Conform's reply for it. */
export interface FormAnswer {
  form: string;
  reply: SubmissionResult<string[]>;
  /** Extra data for the form (the writing assistant's drafts, the chosen governorate…). */
  assistant?: AssistantResult;
  values?: Record<string, string>;
  governorate?: string;
}

export type PostOutcome = { ok: true; listingId: number } | { ok: false; status: number; answer: FormAnswer };

function invalid(form: string, reply: SubmissionResult<string[]>, status = 400, values?: Record<string, string>): PostOutcome {
  return { ok: false, status, answer: { form, reply, ...(values ? { values } : {}) } };
}

/** An AppError from a service, shown on the form (its field, or the whole form), with its message's values. */
function fromAppError(form: string, error: unknown): PostOutcome {
  if (!isAppError(error)) throw error;
  const fieldErrors = fieldErrorsOf(error);
  const formErrors = Object.keys(fieldErrors).length ? [] : [error.key];
  const values = error.values ? Object.fromEntries(Object.entries(error.values).map(([name, value]) => [name, String(value)])) : undefined;
  return invalid(
    form,
    { status: "error", error: { ...fieldErrors, ...(formErrors.length ? { "": formErrors } : {}) } } as SubmissionResult<string[]>,
    error.status,
    values,
  );
}

async function run(form: string, work: () => Promise<number | void>, listingId: number | null): Promise<PostOutcome> {
  try {
    const id = await work();
    return { ok: true, listingId: typeof id === "number" ? id : listingId! };
  } catch (error) {
    return fromAppError(form, error);
  }
}

function parse<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

/** The steps whose form is one schema and one save call. */
export const SIMPLE_STEPS = [
  "address",
  "property-type",
  "hotel-info",
  "guesthouse-info",
  "description",
  "amenities",
  "travel-types",
  "prices",
  "discounts",
  "cancellation",
  "house-rules",
  "calendar-links",
] as const satisfies readonly WizardStep[];
export type SimpleStep = (typeof SIMPLE_STEPS)[number];

export function isSimpleStep(value: unknown): value is SimpleStep {
  return typeof value === "string" && (SIMPLE_STEPS as readonly string[]).includes(value);
}

/**
 * Saves one step's form. `listing` is null only for the address step of a new draft.
 * The address form's "choose governorate" button re-renders with that governorate's delegations.
 */
export async function saveStepForm(
  actor: Actor,
  listing: ListingView | null,
  step: SimpleStep,
  formData: FormData,
): Promise<PostOutcome> {
  const id = listing?.id ?? null;
  const establishment = listing?.propertyType === "hotel" || listing?.propertyType === "guesthouse";
  switch (step) {
    case "address": {
      if (formData.get("intent") === "governorate") {
        const submission = parse(formData, addressSchema);
        const reply = submission.reply();
        // Only re-render: no errors shown for fields not filled yet.
        return { ok: false, status: 200, answer: { form: step, reply: { ...reply, error: {} }, governorate: String(formData.get("governorate") ?? "") } };
      }
      const submission = parse(formData, addressSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveAddress(actor, id, submission.value), id);
    }
    case "property-type": {
      const submission = parse(formData, propertyTypeSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => savePropertyType(actor, id!, submission.value), id);
    }
    case "hotel-info": {
      const submission = parse(formData, hotelInfoSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveHotelInfo(actor, id!, submission.value), id);
    }
    case "guesthouse-info": {
      const submission = parse(formData, guesthouseInfoSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveGuesthouseInfo(actor, id!, submission.value), id);
    }
    case "description": {
      if (formData.get("intent") === "assist") return assist(listing!, formData);
      const submission = parse(formData, descriptionSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveDescription(actor, id!, submission.value), id);
    }
    case "amenities": {
      const submission = parse(formData, amenitiesSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveAmenities(actor, id!, submission.value), id);
    }
    case "travel-types": {
      const submission = parse(formData, travelTypesSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveTravelTypes(actor, id!, submission.value), id);
    }
    case "prices": {
      const submission = parse(formData, createPricesSchema(establishment));
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => savePrices(actor, id!, submission.value), id);
    }
    case "discounts": {
      const submission = parse(formData, discountsSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveDiscounts(actor, id!, submission.value), id);
    }
    case "cancellation": {
      const submission = parse(formData, cancellationSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveCancellation(actor, id!, submission.value), id);
    }
    case "house-rules": {
      const submission = parse(formData, houseRulesSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveHouseRules(actor, id!, submission.value), id);
    }
    case "calendar-links": {
      const submission = parse(formData, calendarLinksSchema);
      if (submission.status !== "success") return invalid(step, submission.reply());
      return run(step, () => saveCalendarLinks(actor, id!, submission.value), id);
    }
  }
}

/** The writing assistant: drafts the empty languages from the facts; nothing is saved yet. */
function assist(listing: ListingView, formData: FormData): PostOutcome {
  const typed = {
    title: String(formData.get("title") ?? ""),
    descriptionFr: String(formData.get("descriptionFr") ?? ""),
    descriptionEn: String(formData.get("descriptionEn") ?? ""),
    descriptionEs: String(formData.get("descriptionEs") ?? ""),
  };
  const result = draftDescriptions({
    propertyType: listing.propertyType,
    title: typed.title || listing.title,
    city: listing.city,
    governorateName: listing.governorateName,
    maxGuests: listing.maxGuests,
    bedrooms: listing.bedrooms,
    beds: listing.beds,
    bathrooms: listing.bathrooms,
    amenities: listing.amenities,
    travelTypes: listing.travelTypes,
    descriptions: { fr: typed.descriptionFr, en: typed.descriptionEn, es: typed.descriptionEs },
  });
  const values = { ...typed };
  if (result.ok) {
    if (result.drafts.fr) values.descriptionFr = result.drafts.fr;
    if (result.drafts.en) values.descriptionEn = result.drafts.en;
    if (result.drafts.es) values.descriptionEs = result.drafts.es;
  }
  return { ok: false, status: 200, answer: { form: "description", reply: { status: "success" } as SubmissionResult<string[]>, assistant: result, values } };
}

// ——— hotel room types and guesthouse rooms (intent add-room-type, update-room-type:<id>, …)

export async function roomForm(actor: Actor, listingId: number, formData: FormData): Promise<PostOutcome | null> {
  const intent = String(formData.get("intent") ?? "");
  const [verb, rawId] = intent.split(":");
  const targetId = parseId(rawId);
  switch (verb) {
    case "add-room-type":
    case "update-room-type": {
      const form = verb === "add-room-type" ? "room-type-new" : `room-type-${targetId}`;
      const submission = parse(formData, roomTypeSchema);
      if (submission.status !== "success") return invalid(form, submission.reply());
      return run(
        form,
        () => (verb === "add-room-type" ? addRoomType(actor, listingId, submission.value) : updateRoomType(actor, listingId, targetId!, submission.value)),
        listingId,
      );
    }
    case "delete-room-type":
      return run(`room-type-${targetId}`, () => deleteRoomType(actor, listingId, targetId!), listingId);
    case "add-room":
    case "update-room": {
      const form = verb === "add-room" ? "room-new" : `room-${targetId}`;
      const submission = parse(formData, guesthouseRoomSchema);
      if (submission.status !== "success") return invalid(form, submission.reply());
      return run(
        form,
        () => (verb === "add-room" ? addGuesthouseRoom(actor, listingId, submission.value) : updateGuesthouseRoom(actor, listingId, targetId!, submission.value)),
        listingId,
      );
    }
    case "delete-room":
      return run(`room-${targetId}`, () => deleteGuesthouseRoom(actor, listingId, targetId!), listingId);
    default:
      return null;
  }
}

// ——— photos

/** Is this post a multipart upload (the photo forms use enctype="multipart/form-data")? */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
}

/**
 * Reads a multipart post, keeping each file in memory up to the photo size limit (a bigger file
 * is refused by name, without keeping the rest of it) and at most MAX_FILES_PER_UPLOAD files.
 */
export async function readUpload(request: Request): Promise<{ formData: FormData; files: UploadedFile[]; tooLarge: string[]; tooMany: boolean }> {
  return readMultipart(request, { fileField: "photos", maxFileBytes: PHOTO_LIMITS.maxBytes, maxFiles: MAX_FILES_PER_UPLOAD });
}

function photoError(form: string, key: string, values: Record<string, unknown>, status = 400): PostOutcome {
  return {
    ok: false,
    status,
    answer: { form, reply: { status: "error", error: { photos: [key] } } as SubmissionResult<string[]>, values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) },
  };
}

/** An upload post: the listing's photos, or a room type's (field roomTypeId). */
export async function uploadForm(actor: Actor, listingId: number, request: Request): Promise<PostOutcome> {
  const { formData, files, tooLarge, tooMany } = await readUpload(request);
  const roomTypeId = parseId(String(formData.get("roomTypeId") ?? ""));
  const form = roomTypeId ? `room-type-photos-${roomTypeId}` : "photos";
  if (tooLarge.length) return photoError(form, "listing:photos.errors.tooLarge", { name: tooLarge[0], maxMb: PHOTO_LIMITS.maxBytes / 1024 / 1024 });
  if (tooMany) return photoError(form, "listing:photos.errors.tooManyFiles", { max: MAX_FILES_PER_UPLOAD });
  try {
    await addPhotos(actor, listingId, files, { roomTypeId });
    return { ok: true, listingId };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return photoError(form, error.key, error.values ?? {}, error.status);
  }
}

/**
 * The small photo buttons: cover, delete, move up/down (intent photo-cover:<id>…). A room type's
 * buttons also post its roomTypeId, so that a refusal is answered for that room type's photos
 * (shown under it) rather than for the listing's own photos. The service still finds the photo
 * by its id within the listing: roomTypeId only says where the message goes.
 */
export async function photoButtonForm(actor: Actor, listingId: number, formData: FormData): Promise<PostOutcome | null> {
  const [verb, rawId] = String(formData.get("intent") ?? "").split(":");
  const photoId = parseId(rawId);
  if (!verb?.startsWith("photo-") || photoId === null) return null;
  const roomTypeId = parseId(String(formData.get("roomTypeId") ?? ""));
  const work = {
    "photo-cover": () => setCoverPhoto(actor, listingId, photoId),
    "photo-delete": () => deletePhoto(actor, listingId, photoId),
    "photo-up": () => movePhoto(actor, listingId, photoId, "up"),
    "photo-down": () => movePhoto(actor, listingId, photoId, "down"),
  }[verb];
  if (!work) return null;
  return run(roomTypeId ? `room-type-photos-${roomTypeId}` : "photos", work, listingId);
}

/** A JSON answer for the upload script, with the message already translated. */
export async function uploadJson(request: Request, outcome: PostOutcome): Promise<Response> {
  if (outcome.ok) return Response.json({ ok: true });
  const t = await getFixedT(await getLanguage(request), ["listing", "common"]);
  const key = outcome.answer.reply.error ? Object.values(outcome.answer.reply.error).flat()[0] : null;
  return Response.json({ ok: false, message: key ? String(t(key, outcome.answer.values)) : "" }, { status: outcome.status });
}
