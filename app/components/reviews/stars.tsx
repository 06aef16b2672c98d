import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { RATING_ASPECTS, type RatingAspect } from "~/domain/reviews";

/** A rating shown as stars, read out as "4.2 out of 5". */
export function RatingStars({ rating, testId }: { rating: number; testId?: string }) {
  const { t } = useTranslation("reviews");
  const full = Math.round(rating);
  return (
    <span className="rating-stars" data-testid={testId} data-rating={rating.toFixed(1)}>
      <span aria-hidden="true">
        {"★".repeat(full)}
        {"☆".repeat(5 - full)}
      </span>{" "}
      <strong aria-hidden="true">{rating.toFixed(1)}</strong>
      <span className="visually-hidden">{t("ratingOutOf", { rating: rating.toFixed(1) })}</span>
    </span>
  );
}

/**
 * One aspect's rating as a group of five radio buttons (1–5): plain inputs that work and read
 * well without JavaScript ("Amenities, 4 stars").
 */
export function StarRadioGroup({
  aspect,
  name,
  formId,
  defaultValue,
  errors,
}: {
  aspect: RatingAspect;
  name: string;
  formId: string;
  defaultValue: number | null;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation("reviews");
  const errorId = `${formId}-${aspect}-error`;
  return (
    <fieldset className="star-group" aria-describedby={errors?.length ? errorId : undefined} data-testid={`stars-${aspect}`}>
      <legend>{t(`aspects.${aspect}`)}</legend>
      {[1, 2, 3, 4, 5].map((value) => (
        <label key={value} className="star-group__option">
          <input type="radio" name={name} value={value} defaultChecked={defaultValue === value} aria-invalid={errors?.length ? true : undefined} />
          <span aria-hidden="true">{"★".repeat(value)}</span>
          <span className="visually-hidden">{t("stars", { count: value })}</span>
        </label>
      ))}
      <ErrorList id={errorId} errors={errors ? [...new Set(errors)] : errors} />
    </fieldset>
  );
}

/** The five averages of a listing or review. */
export function AspectAverages({ aspects }: { aspects: Record<RatingAspect, number | null> }) {
  const { t } = useTranslation("reviews");
  return (
    <dl className="review-aspects" data-testid="review-aspects">
      {RATING_ASPECTS.map((aspect) => (
        <div key={aspect}>
          <dt>{t(`aspects.${aspect}`)}</dt>
          <dd data-testid={`aspect-${aspect}`}>{aspects[aspect] === null ? "–" : aspects[aspect]!.toFixed(1)}</dd>
        </div>
      ))}
    </dl>
  );
}
