import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { GENDERS } from "~/schemas/account-fields";
import { ErrorList, Field } from "~/components/ui/field";

type Meta = FieldMetadata<unknown, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface CountryOption {
  code: string;
  name: string;
}

/** First and last name. */
export function NameFields({ firstName, lastName }: { firstName: Meta; lastName: Meta }) {
  const { t } = useTranslation("auth");
  return (
    <div className="field-row">
      <Field label={t("fields.firstName")} htmlFor={firstName.id} errorId={firstName.errorId} errors={firstName.errors}>
        <input {...getInputProps(firstName, { type: "text" })} autoComplete="given-name" />
      </Field>
      <Field label={t("fields.lastName")} htmlFor={lastName.id} errorId={lastName.errorId} errors={lastName.errors}>
        <input {...getInputProps(lastName, { type: "text" })} autoComplete="family-name" />
      </Field>
    </div>
  );
}

/** Date of birth as three number fields (day, month, year), with the whole-date error below. */
export function BirthDateFields({
  day,
  month,
  year,
  dateErrors,
}: {
  day: Meta;
  month: Meta;
  year: Meta;
  dateErrors?: string[];
}) {
  const { t } = useTranslation("auth");
  return (
    <fieldset className="birth-date" aria-describedby={dateErrors?.length ? "birth-date-errors" : undefined}>
      <legend>{t("fields.birthDate")}</legend>
      <div className="field-row field-row--three">
        <Field label={t("fields.day")} htmlFor={day.id} errorId={day.errorId} errors={day.errors}>
          <input {...getInputProps(day, { type: "text" })} inputMode="numeric" autoComplete="bday-day" placeholder="DD" />
        </Field>
        <Field label={t("fields.month")} htmlFor={month.id} errorId={month.errorId} errors={month.errors}>
          <input {...getInputProps(month, { type: "text" })} inputMode="numeric" autoComplete="bday-month" placeholder="MM" />
        </Field>
        <Field label={t("fields.year")} htmlFor={year.id} errorId={year.errorId} errors={year.errors}>
          <input {...getInputProps(year, { type: "text" })} inputMode="numeric" autoComplete="bday-year" placeholder="YYYY" />
        </Field>
      </div>
      <ErrorList id="birth-date-errors" errors={dateErrors} />
    </fieldset>
  );
}

export function GenderField({ gender }: { gender: Meta }) {
  const { t } = useTranslation("auth");
  return (
    <Field label={t("fields.gender")} htmlFor={gender.id} errorId={gender.errorId} errors={gender.errors}>
      <select {...getSelectProps(gender)} autoComplete="sex">
        <option value="">{t("fields.choose")}</option>
        {GENDERS.map((value) => (
          <option key={value} value={value}>
            {t(`genders.${value}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CountryField({
  field,
  label,
  countries,
  optional = false,
  autoComplete,
}: {
  field: Meta;
  label: string;
  countries: CountryOption[];
  optional?: boolean;
  autoComplete?: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <Field label={label} htmlFor={field.id} errorId={field.errorId} errors={field.errors} hint={optional ? t("fields.optional") : undefined}>
      <select {...getSelectProps(field)} autoComplete={autoComplete}>
        <option value="">{optional ? t("fields.none") : t("fields.choose")}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function PhoneField({ phone }: { phone: Meta }) {
  const { t } = useTranslation("auth");
  return (
    <Field label={t("fields.phone")} htmlFor={phone.id} errorId={phone.errorId} errors={phone.errors} hint={t("fields.phoneHint")}>
      <input {...getInputProps(phone, { type: "tel" })} autoComplete="tel" />
    </Field>
  );
}
