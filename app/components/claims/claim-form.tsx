// The traveler's claim form: a plain multipart form (works without JavaScript) posted to
// /reservation-details/{id}/claim, shown on the reservation page and on that page itself.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ClaimAmenity } from "~/domain/claims";
import { useLocalizedPath } from "~/utils/localized-path";
import { formatStayDate } from "~/utils/stay-date";
import { useUserTime } from "~/utils/time-zone";

export interface ClaimFormResult {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  values?: Record<string, string | number>;
  submitted?: { kind?: string; amenity?: string; affectedNights?: string[]; text?: string };
}

export interface ClaimFormProps {
  reservationId: number;
  language: string;
  closesAt: string;
  nights: string[];
  amenities: readonly ClaimAmenity[];
  maxPhotos: number;
  result?: ClaimFormResult | null;
}

function Errors({ keys, values }: { keys: string[] | undefined; values?: Record<string, string | number> }) {
  const { t } = useTranslation(["claims", "listing"]);
  if (!keys || keys.length === 0) return null;
  return (
    <p className="field__errors" role="alert">
      {keys.map((key) => t(key, values ?? {})).join(" ")}
    </p>
  );
}

export function ClaimForm({ reservationId, language, closesAt, nights, amenities, maxPhotos, result }: ClaimFormProps) {
  const { t } = useTranslation("claims");
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  const navigation = useNavigation();
  const submitted = result?.submitted ?? {};
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" action={lp(`/reservation-details/${reservationId}/claim`)} encType="multipart/form-data" className="claim-form" data-testid="claim-form">
      <p className="hint">{t("open.window", { time: at(closesAt) })}</p>
      <p className="hint">{t("rules")}</p>
      <fieldset className="field">
        <legend>{t("open.kind")}</legend>
        {(["amenity", "cleanliness"] as const).map((kind) => (
          <label key={kind} className="booking__method">
            <input type="radio" name="kind" value={kind} defaultChecked={(submitted.kind ?? "amenity") === kind} data-testid={`claim-kind-${kind}`} />
            <span>{t(`kinds.${kind}`)}</span>
          </label>
        ))}
        <Errors keys={errors.kind} />
      </fieldset>
      <div className="field">
        <label htmlFor="claim-amenity">{t("open.amenity")}</label>
        <select id="claim-amenity" name="amenity" defaultValue={submitted.amenity ?? ""} data-testid="claim-amenity">
          <option value="">{t("open.chooseAmenity")}</option>
          {amenities.map((amenity) => (
            <option key={amenity} value={amenity}>
              {t(`amenities.${amenity}`)}
            </option>
          ))}
        </select>
        <Errors keys={errors.amenity} />
      </div>
      <fieldset className="field">
        <legend>{t("open.nights")}</legend>
        {nights.map((night) => (
          <label key={night} className="booking__terms">
            <input type="checkbox" name="affectedNights" value={night} defaultChecked={submitted.affectedNights?.includes(night) ?? false} data-testid={`claim-night-${night}`} />
            <span>{formatStayDate(language, night)}</span>
          </label>
        ))}
        <Errors keys={errors.affectedNights} />
      </fieldset>
      <div className="field">
        <label htmlFor="claim-text">{t("open.text")}</label>
        <textarea id="claim-text" name="text" rows={4} maxLength={2000} defaultValue={submitted.text ?? ""} aria-describedby="claim-text-hint" data-testid="claim-text" />
        <p className="field__hint" id="claim-text-hint">
          {t("open.textHint")}
        </p>
        <Errors keys={errors.text} />
      </div>
      <div className="field">
        <label htmlFor="claim-photos">{t("open.photos", { max: maxPhotos })}</label>
        <input id="claim-photos" name="photos" type="file" multiple accept="image/jpeg,image/png,image/webp,image/avif" data-testid="claim-photos" />
        <p className="field__hint">{t("open.photosHint")}</p>
        <Errors keys={errors.photos} values={result?.values} />
      </div>
      <Errors keys={result?.formErrors} values={result?.values} />
      <button type="submit" className="button" disabled={navigation.state === "submitting"} data-testid="claim-submit">
        {t("open.submit")}
      </button>
    </Form>
  );
}
