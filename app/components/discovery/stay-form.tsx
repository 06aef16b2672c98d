import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface StayFormValues {
  checkIn: string;
  checkOut: string;
  adults: string;
  children: string;
  infants: string;
  pets: string;
}

/**
 * Dates and guests for a quote: a GET form to the page itself, so the quote shows in the HTML
 * (and in the URL) with or without JavaScript. Messages are already translated by the loader.
 */
export function StayForm({
  action,
  values,
  errors,
  today,
  submitLabel,
}: {
  action: string;
  values: StayFormValues;
  errors: Record<string, string>;
  today: string;
  submitLabel: string;
}) {
  const { t } = useTranslation("search");
  const id = useId();
  const input = (name: keyof StayFormValues, type: "date" | "number", min?: string | number, className?: string) => {
    const error = errors[name] ?? (name === "adults" ? errors.guests : undefined);
    return (
      <div className={className ? `search-field ${className}` : "search-field"}>
        <label htmlFor={`${id}-${name}`}>{t(`form.${name}`)}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          min={min}
          max={type === "number" ? 50 : undefined}
          inputMode={type === "number" ? "numeric" : undefined}
          defaultValue={values[name]}
          required={name === "checkIn" || name === "checkOut" || name === "adults"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
        />
        {error ? (
          <p className="field-error" id={`${id}-${name}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <Form method="get" action={action} className="quote-form" preventScrollReset>
      {input("checkIn", "date", today)}
      {input("checkOut", "date", today)}
      {input("adults", "number", 1)}
      {input("children", "number", 0)}
      {input("infants", "number", 0)}
      {input("pets", "number", 0)}
      <button type="submit" className="button">
        {submitLabel}
      </button>
    </Form>
  );
}
