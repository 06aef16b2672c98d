// The claims forms of the pages (issue 14 point 5): the host's answer on the reservation page,
// and the traveler's multipart claim form (posted to /reservation-details/{id}/claim). Plain
// form posts; success redirects with a toast, a refusal answers its translated error keys.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { MAX_CLAIM_PHOTOS } from "~/domain/claims";
import { ClaimAnswerSchema, ClaimSchema } from "~/schemas/claim";
import { answerClaim, openClaim } from "~/services/money/claims.server";
import { PHOTO_LIMITS } from "~/services/photos/image-pipeline.server";
import { isAppError } from "~/utils/app-error";
import type { SessionUser } from "~/utils/auth.server";
import { readMultipart } from "~/utils/multipart.server";
import { redirectWithToast } from "~/utils/toast.server";

export const CLAIM_INTENTS = ["claim-answer"] as const;

function fieldErrorsOf(error: Record<string, string[] | null | undefined> | null | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(error ?? {}).flatMap(([name, keys]) => (keys && keys.length > 0 ? [[name, keys]] : [])));
}

/** The host answers a claim from the reservation page. */
export async function claimIntentAction(intent: string, form: FormData, user: SessionUser, here: string) {
  const claimId = Number(form.get("claimId")) || 0;
  const submission = parseWithZod(form, { schema: ClaimAnswerSchema });
  if (submission.status !== "success") {
    return data({ intent, claimId, formErrors: [], fieldErrors: fieldErrorsOf(submission.error) }, { status: 400 });
  }
  try {
    await answerClaim(user, claimId, submission.value.answer);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ intent, claimId, formErrors: [error.key], fieldErrors: {} }, { status: error.status });
  }
  return redirectWithToast(here, { type: "success", message: "claims:toast.answered" });
}

export interface ClaimPostResult {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  values?: Record<string, string | number>;
  submitted: { kind?: string; amenity?: string; affectedNights?: string[]; text?: string };
}

/**
 * The traveler's claim form: reads the multipart post (photos kept in memory up to the photo
 * size limit, at most 5), opens the claim and redirects to `here`; or answers the errors.
 */
export async function claimFormAction(request: Request, user: SessionUser, reservationId: number, here: string) {
  const { formData, files, tooLarge, tooMany } = await readMultipart(request, { fileField: "photos", maxFileBytes: PHOTO_LIMITS.maxBytes, maxFiles: MAX_CLAIM_PHOTOS });
  const submitted = {
    kind: String(formData.get("kind") ?? ""),
    amenity: String(formData.get("amenity") ?? ""),
    affectedNights: formData.getAll("affectedNights").map(String),
    text: String(formData.get("text") ?? ""),
  };
  const fail = (status: number, result: Omit<ClaimPostResult, "submitted">) => data<ClaimPostResult>({ ...result, submitted }, { status });
  if (tooLarge.length > 0) {
    return fail(400, { formErrors: [], fieldErrors: { photos: ["listing:photos.errors.tooLarge"] }, values: { name: tooLarge[0]!, maxMb: PHOTO_LIMITS.maxBytes / 1024 / 1024 } });
  }
  if (tooMany) return fail(400, { formErrors: [], fieldErrors: { photos: ["claims:errors.tooManyPhotos"] }, values: { max: MAX_CLAIM_PHOTOS } });
  // A checkbox group posts nothing, one value or several: read as the API's shape.
  const parsed = ClaimSchema.safeParse({ ...submitted, amenity: submitted.amenity || undefined, kind: submitted.kind || undefined });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field && !fieldErrors[field]) fieldErrors[field] = [issue.message.includes(":") ? issue.message : "claims:errors.kind"];
    }
    return fail(400, { formErrors: [], fieldErrors });
  }
  try {
    await openClaim(user, reservationId, parsed.data, files);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const values = Object.fromEntries(Object.entries(error.values ?? {}).map(([key, value]) => [key, String(value)]));
    if (error.fields && Object.keys(error.fields).length > 0) {
      return fail(error.status, { formErrors: [], fieldErrors: Object.fromEntries(Object.entries(error.fields).map(([name, key]) => [name, [key]])), values });
    }
    return fail(error.status, { formErrors: [error.key], fieldErrors: {}, values });
  }
  return redirectWithToast(here, { type: "success", message: "claims:toast.opened" });
}
