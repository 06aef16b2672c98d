// /dashboard/experiences/{id}/photos: partner mode (ADR 184). The account managing the
// experience's partner uploads photos (several at once), moves them, chooses the cover and deletes
// them — plain form posts through the listings' photo pipeline and limits. Anyone else: 404.
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PhotoManager, revalidateAfterPhotoButtons } from "~/components/listings/photo-manager";
import { textIn } from "~/domain/experiences";
import { isMultipart, readUpload } from "~/services/listings/listing-forms.server";
import {
  addExperiencePhotos,
  deleteExperiencePhoto,
  experiencePhotos,
  loadOwnExperience,
  MAX_EXPERIENCE_PHOTOS,
  moveExperiencePhoto,
  setExperienceCover,
} from "~/services/photos/experience-photos.server";
import { MAX_FILES_PER_UPLOAD } from "~/services/photos/photo-set.server";
import { PHOTO_LIMITS } from "~/services/photos/image-pipeline.server";
import { isAppError } from "~/utils/app-error";
import { requireUser, requireVerifiedUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["experiences", "listing"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];
export const shouldRevalidate = revalidateAfterPhotoButtons;

async function ownExperience(userId: number, id: number) {
  try {
    return await loadOwnExperience(userId, id);
  } catch (error) {
    if (isAppError(error)) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const user = await requireUser(request);
  const experience = await ownExperience(user.id, id);
  return { id, title: textIn(experience.title, await getLanguage(request)), photos: await experiencePhotos(id), max: MAX_EXPERIENCE_PHOTOS };
}

function refusal(key: string, values: Record<string, unknown> = {}, status = 400) {
  const reply = { status: "error", error: { photos: [key] } } as SubmissionResult<string[]>;
  return data({ form: "photos", reply, values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) }, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireIdParam(params.id);
  const user = await requireVerifiedUser(request);
  await ownExperience(user.id, id);
  const back = localizedPath(request, `/dashboard/experiences/${id}/photos`);
  try {
    if (isMultipart(request)) {
      const { files, tooLarge, tooMany } = await readUpload(request);
      if (tooLarge.length) return refusal("listing:photos.errors.tooLarge", { name: tooLarge.join(", "), maxMb: PHOTO_LIMITS.maxBytes / 1024 / 1024 });
      if (tooMany) return refusal("listing:photos.errors.tooManyFiles", { max: MAX_FILES_PER_UPLOAD });
      await addExperiencePhotos(user.id, id, files);
      return redirectWithToast(back, { type: "success", message: "experiences:photos.saved" });
    }
    const intent = String((await readFormData(request)).get("intent") ?? "");
    const [verb, rawId] = intent.split(":");
    const photoId = Number(rawId);
    const work = {
      "photo-cover": () => setExperienceCover(user.id, id, photoId),
      "photo-delete": () => deleteExperiencePhoto(user.id, id, photoId),
      "photo-up": () => moveExperiencePhoto(user.id, id, photoId, "up"),
      "photo-down": () => moveExperiencePhoto(user.id, id, photoId, "down"),
    }[verb ?? ""];
    if (!work) return refusal("experiences:photos.unknownAction");
    await work();
    return redirectWithToast(back, { type: "success", message: "experiences:photos.saved" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refusal(error.key, error.values ?? {}, error.status);
  }
}

export default function ExperiencePhotosPage() {
  const { id, title, photos, max } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  return (
    <main className="experiences">
      <p>
        <Link to={lp("/dashboard/experiences")}>{t("photos.back")}</Link>
      </p>
      <h1>{t("photos.title", { title })}</h1>
      <PhotoManager listingId={id} uploadUrl={null} photos={photos} answer={answer ?? null} max={max} title={t("photos.heading")} headingLevel={2} />
    </main>
  );
}
