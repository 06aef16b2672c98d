// Upload several photos in one post (a plain multipart form without JavaScript; with it, the
// same post through XMLHttpRequest so a progress bar can show), then reorder, choose the cover
// and delete, each a small form post.
import { Form, useFormAction, useNavigation, useRevalidator, type ShouldRevalidateFunction } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { FormAnswerData } from "./wizard/step-form";

export interface ManagedPhoto {
  id: number;
  url: string;
  srcSet: string;
  width: number;
  height: number;
  isCover: boolean;
}

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * A page with photo buttons exports this as its `shouldRevalidate`: after a photo button's post the
 * photos are drawn again from the server even when the post was refused (a photo deleted in another
 * window: the message says the photos shown are up to date), as the page is without JavaScript.
 * Single fetch otherwise skips revalidation after a 4xx answer.
 */
export const revalidateAfterPhotoButtons: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  String(formData?.get("intent") ?? "").startsWith("photo-") || defaultShouldRevalidate;

export function PhotoManager({
  listingId,
  photos,
  answer,
  roomTypeId = null,
  max,
  min,
  title,
  uploadUrl,
  headingLevel = 3,
}: {
  listingId: number;
  /** Where the script posts uploads for a JSON answer; null: the upload stays a plain form post (experiences). */
  uploadUrl?: string | null;
  photos: ManagedPhoto[];
  answer?: FormAnswerData | null;
  roomTypeId?: number | null;
  max: number;
  min?: number;
  title: string;
  /** 2 on a page of its own (under the page's h1); 3 inside a wizard step or a room's section. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation(["listing", "common"]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const formName = roomTypeId ? `room-type-photos-${roomTypeId}` : "photos";
  const action = useFormAction();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The action's refusal of this manager's last post (an upload, or a photo's button): about the
  // photos, or about the whole post (say, a listing under review). Shown here, above the upload
  // form, which is not drawn once the photos are full.
  const serverErrors = answer?.form === formName ? [...(answer.reply.error?.photos ?? []), ...(answer.reply.error?.[""] ?? [])] : [];
  const errors = [...serverErrors.map((key) => String(t(key, answer?.values))), ...(message ? [message] : [])];
  const busy = progress !== null || navigation.state !== "idle";

  // With JavaScript: the same multipart post, sent by XMLHttpRequest to follow its progress.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    event.preventDefault();
    setMessage(null);
    setProgress(0);
    const request = new XMLHttpRequest();
    request.open("POST", uploadUrl ?? `/listings/${listingId}/photos`);
    request.responseType = "json";
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable) setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100));
    };
    request.onload = () => {
      setProgress(null);
      const body = request.response as { ok?: boolean; message?: string } | null;
      if (request.status === 401 || request.status === 403 || body === null) {
        // Signed out meanwhile, not allowed, or not JSON: let the page itself say what happened.
        window.location.reload();
        return;
      }
      if (request.status >= 200 && request.status < 300 && body?.ok) {
        form.reset();
        revalidator.revalidate();
      } else {
        setMessage(body?.message || t("photos.uploadFailed"));
      }
    };
    request.onerror = () => {
      setProgress(null);
      setMessage(t("photos.uploadFailed"));
    };
    request.send(new FormData(form));
  }

  return (
    <section className="photo-manager" aria-labelledby={`${formName}-title`}>
      <Heading id={`${formName}-title`}>{title}</Heading>
      <p className="field__hint">
        {min ? t("photos.countWithMin", { count: photos.length, min, max }) : t("photos.countWithMax", { count: photos.length, max })}
      </p>
      {photos.length ? (
        <ol className="photo-grid">
          {photos.map((photo, index) => (
            <li key={photo.id} className={photo.isCover ? "photo-grid__item photo-grid__item--cover" : "photo-grid__item"} data-testid="managed-photo">
              <img src={photo.url} srcSet={photo.srcSet} sizes="(min-width: 48rem) 12rem, 45vw" width={photo.width} height={photo.height} loading="lazy" alt={t("photos.alt", { number: index + 1 })} />
              {photo.isCover ? <span className="badge">{t("photos.cover")}</span> : null}
              <Form method="post" className="photo-grid__actions">
                <input type="hidden" name="form" value="photo" />
                {roomTypeId ? <input type="hidden" name="roomTypeId" value={roomTypeId} /> : null}
                {!photo.isCover ? (
                  <button type="submit" name="intent" value={`photo-cover:${photo.id}`} className="button button--small button--ghost">
                    {t("photos.makeCover")}
                  </button>
                ) : null}
                <button type="submit" name="intent" value={`photo-up:${photo.id}`} className="button button--small button--ghost" disabled={index === 0} aria-label={t("photos.moveUp", { number: index + 1 })}>
                  ↑
                </button>
                <button type="submit" name="intent" value={`photo-down:${photo.id}`} className="button button--small button--ghost" disabled={index === photos.length - 1} aria-label={t("photos.moveDown", { number: index + 1 })}>
                  ↓
                </button>
                <button type="submit" name="intent" value={`photo-delete:${photo.id}`} className="button button--small button--danger" aria-label={t("photos.delete", { number: index + 1 })}>
                  {t("photos.deleteShort")}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      ) : null}
      {errors.length ? (
        <ul id={`${formName}-errors`} className="field__errors" role="alert">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      {photos.length < max ? (
        <form method="post" action={action} encType="multipart/form-data" className="upload-form" onSubmit={uploadUrl === null ? undefined : onSubmit}>
          {roomTypeId ? <input type="hidden" name="roomTypeId" value={roomTypeId} /> : null}
          <label htmlFor={`${formName}-input`}>{t("photos.choose")}</label>
          <input ref={inputRef} id={`${formName}-input`} type="file" name="photos" accept={ACCEPT} multiple required aria-describedby={`${formName}-hint ${formName}-errors`} />
          <p id={`${formName}-hint`} className="field__hint">
            {t("photos.rules")}
          </p>
          {progress !== null ? (
            <progress className="upload-progress" max={100} value={progress} aria-label={t("photos.uploading")}>
              {progress}%
            </progress>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {t("photos.upload")}
          </button>
        </form>
      ) : null}
    </section>
  );
}
