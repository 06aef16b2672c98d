import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { AMENITIES, PROPERTY_TYPES, TRAVEL_TYPES } from "~/domain/listing";
import { SEARCH_SORTS, type SearchErrors, type SearchQuery, type TypedSearchValues } from "~/schemas/search-query";

/**
 * The search as one GET form: every filter lands in the URL, so a search can be shared and works
 * without JavaScript. "hero" shows the place, dates and guests; "full" adds every filter.
 */
export function SearchForm({
  action,
  query,
  typed = {},
  errors = {},
  variant,
  destinations = [],
  today,
  currencyCode,
  hidden = {},
  lockTravelType,
}: {
  action: string;
  query: SearchQuery;
  /** The free-text fields as typed: shown instead of the parsed query, so a refused value stays. */
  typed?: TypedSearchValues;
  errors?: SearchErrors;
  variant: "hero" | "full";
  destinations?: string[];
  today: string;
  currencyCode: string;
  /** Extra parameters kept as they are (a map's view). */
  hidden?: Record<string, string>;
  /** On /travel-type/{sub}: the travel type is the page's (its path), not a choice. */
  lockTravelType?: string;
}) {
  const { t } = useTranslation("search");
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const describedBy = (name: keyof SearchQuery) => (errors[name] ? `${field(name)}-error` : undefined);
  return (
    <Form method="get" action={action} className={`search-form search-form--${variant}`} role="search" aria-label={t("form.label")}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="search-form__main">
        <div className="search-field search-field--destination">
          <label htmlFor={field("destination")}>{t("form.destination")}</label>
          <input
            id={field("destination")}
            name="destination"
            type="search"
            defaultValue={typed.destination ?? query.destination ?? ""}
            placeholder={t("form.destinationPlaceholder")}
            list={destinations.length > 0 ? field("destinations") : undefined}
            autoComplete="off"
            maxLength={100}
            aria-invalid={errors.destination ? true : undefined}
            aria-describedby={describedBy("destination")}
          />
          {destinations.length > 0 ? (
            <datalist id={field("destinations")}>
              {destinations.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          ) : null}
          <ErrorList id={`${field("destination")}-error`} errors={errors.destination ? [errors.destination] : null} />
        </div>
        <div className="search-field">
          <label htmlFor={field("checkIn")}>{t("form.checkIn")}</label>
          <input
            id={field("checkIn")}
            name="checkIn"
            type="date"
            min={today}
            defaultValue={typed.checkIn ?? query.checkIn ?? ""}
            aria-invalid={errors.checkIn ? true : undefined}
            aria-describedby={describedBy("checkIn")}
          />
          <ErrorList id={`${field("checkIn")}-error`} errors={errors.checkIn ? [errors.checkIn] : null} />
        </div>
        <div className="search-field">
          <label htmlFor={field("checkOut")}>{t("form.checkOut")}</label>
          <input
            id={field("checkOut")}
            name="checkOut"
            type="date"
            min={today}
            defaultValue={typed.checkOut ?? query.checkOut ?? ""}
            aria-invalid={errors.checkOut ? true : undefined}
            aria-describedby={describedBy("checkOut")}
          />
          <ErrorList id={`${field("checkOut")}-error`} errors={errors.checkOut ? [errors.checkOut] : null} />
        </div>
        <fieldset className="search-field search-field--guests">
          <legend>{t("form.guests")}</legend>
          <GuestInput id={field("adults")} name="adults" label={t("form.adults")} min={1} value={typed.adults ?? query.adults} error={errors.adults} />
          <GuestInput id={field("children")} name="children" label={t("form.children")} min={0} value={typed.children ?? (query.children || null)} error={errors.children} />
          <GuestInput id={field("infants")} name="infants" label={t("form.infants")} min={0} value={typed.infants ?? (query.infants || null)} error={errors.infants} />
          <GuestInput id={field("pets")} name="pets" label={t("form.pets")} min={0} value={typed.pets ?? (query.pets || null)} error={errors.pets} />
        </fieldset>
        <button type="submit" className="button search-form__submit">
          {t("form.submit")}
        </button>
      </div>

      {variant === "full" ? (
        <details className="search-filters" open={hasFilters(query) || Object.keys(errors).length > 0}>
          <summary>{t("form.filters")}</summary>
          <div className="search-filters__grid">
            <fieldset className="filter-group">
              <legend>{t("form.type")}</legend>
              {PROPERTY_TYPES.map((type) => (
                <label key={type} className="check">
                  <input type="checkbox" name="type" value={type} defaultChecked={query.types.includes(type)} />
                  {t(`types.${type}`)}
                </label>
              ))}
            </fieldset>
            {lockTravelType ? null : (
              <fieldset className="filter-group">
                <legend>{t("form.travelTypes")}</legend>
                {TRAVEL_TYPES.map((travelType) => (
                  <label key={travelType} className="check">
                    <input type="checkbox" name="travelTypes" value={travelType} defaultChecked={query.travelTypes.includes(travelType)} />
                    {t(`travelTypes.${travelType}`)}
                  </label>
                ))}
              </fieldset>
            )}
            <fieldset className="filter-group">
              <legend>{t("form.price", { currency: currencyCode })}</legend>
              <div className="price-range">
                <div className="search-field">
                  <label htmlFor={field("minPrice")}>{t("form.minPrice")}</label>
                  <input
                    id={field("minPrice")}
                    name="minPrice"
                    inputMode="decimal"
                    pattern="\d{1,9}([.,]\d{1,3})?"
                    defaultValue={typed.minPrice ?? query.minPrice ?? ""}
                    aria-invalid={errors.minPrice ? true : undefined}
                    aria-describedby={describedBy("minPrice")}
                  />
                  <ErrorList id={`${field("minPrice")}-error`} errors={errors.minPrice ? [errors.minPrice] : null} />
                </div>
                <div className="search-field">
                  <label htmlFor={field("maxPrice")}>{t("form.maxPrice")}</label>
                  <input
                    id={field("maxPrice")}
                    name="maxPrice"
                    inputMode="decimal"
                    pattern="\d{1,9}([.,]\d{1,3})?"
                    defaultValue={typed.maxPrice ?? query.maxPrice ?? ""}
                    aria-invalid={errors.maxPrice ? true : undefined}
                    aria-describedby={describedBy("maxPrice")}
                  />
                  <ErrorList id={`${field("maxPrice")}-error`} errors={errors.maxPrice ? [errors.maxPrice] : null} />
                </div>
              </div>
              <p className="hint">{t("form.priceHint")}</p>
            </fieldset>
            <div className="filter-group">
              <div className="search-field">
                <label htmlFor={field("bedrooms")}>{t("form.bedrooms")}</label>
                <select id={field("bedrooms")} name="bedrooms" defaultValue={query.bedrooms === null ? "" : String(query.bedrooms)}>
                  <option value="">{t("form.any")}</option>
                  {[1, 2, 3, 4, 5].map((count) => (
                    <option key={count} value={count}>
                      {t("form.atLeast", { count })}
                    </option>
                  ))}
                </select>
              </div>
              <label className="check">
                <input type="checkbox" name="instantBook" value="1" defaultChecked={query.instantBook} />
                {t("form.instantBook")}
              </label>
              <div className="search-field">
                <label htmlFor={field("sort")}>{t("form.sort")}</label>
                <select id={field("sort")} name="sort" defaultValue={query.sort}>
                  {SEARCH_SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`sorts.${sort}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <fieldset className="filter-group filter-group--wide">
              <legend>{t("form.amenities")}</legend>
              <div className="check-grid">
                {AMENITIES.map((amenity) => (
                  <label key={amenity} className="check">
                    <input type="checkbox" name="amenities" value={amenity} defaultChecked={query.amenities.includes(amenity)} />
                    {t(`amenities.${amenity}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <button type="submit" className="button">
            {t("form.apply")}
          </button>
        </details>
      ) : null}
    </Form>
  );
}

function GuestInput({
  id,
  name,
  label,
  min,
  value,
  error,
}: {
  id: string;
  name: string;
  label: string;
  min: number;
  value: number | string | null;
  error?: string;
}) {
  return (
    <div className="guest-input">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={50}
        defaultValue={value === null ? "" : String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <ErrorList id={`${id}-error`} errors={error ? [error] : null} />
    </div>
  );
}

function hasFilters(query: SearchQuery): boolean {
  return (
    query.types.length > 0 ||
    query.travelTypes.length > 0 ||
    query.amenities.length > 0 ||
    query.minPrice !== null ||
    query.maxPrice !== null ||
    query.bedrooms !== null ||
    query.instantBook ||
    query.sort !== "recommended"
  );
}
