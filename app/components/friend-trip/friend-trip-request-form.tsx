import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { Choices, ErrorList, Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { PACK_CODES, TRIP_INTERESTS, TRIP_PURPOSES, type PackCode } from "~/domain/friend-trip";
import { createFriendTripRequestSchema } from "~/schemas/friend-trip";

/**
 * The pack request panel: an open <dialog> over the page with JavaScript, and the same markup (a
 * non-modal open dialog is a plain box) without it — a plain form post either way. Conform keeps
 * every value on error and validates before sending when JavaScript runs.
 */
export function FriendTripRequestForm({
  pack,
  price,
  today,
  action,
  closeHref,
  lastResult,
}: {
  pack: PackCode;
  price: number;
  today: string;
  action: string;
  closeHref: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("friend-trip");
  const [form, fields] = useForm({
    id: "friend-trip-request",
    lastResult,
    defaultValue: { pack },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createFriendTripRequestSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const interests = fields.interests.value;
  const chosen = new Set(Array.isArray(interests) ? interests : interests ? [interests] : []);
  return (
    <dialog open id="request" className="friend-trip__dialog" aria-labelledby="friend-trip-request-title">
      <Link to={closeHref} className="friend-trip__close" aria-label={t("form.close")}>
        ×
      </Link>
      <h2 id="friend-trip-request-title">{t("form.title", { pack: t(`packs.${pack}.name`) })}</h2>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="friend-trip__form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={t("form.firstName")} htmlFor={fields.firstName.id} errorId={fields.firstName.errorId} errors={fields.firstName.errors}>
          <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
        </Field>
        <Field label={t("form.lastName")} htmlFor={fields.lastName.id} errorId={fields.lastName.errorId} errors={fields.lastName.errors}>
          <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
        </Field>
        <Field label={t("form.nationality")} htmlFor={fields.nationality.id} errorId={fields.nationality.errorId} errors={fields.nationality.errors}>
          <input {...getInputProps(fields.nationality, { type: "text" })} />
        </Field>
        <Field label={t("form.startDate")} htmlFor={fields.startDate.id} errorId={fields.startDate.errorId} errors={fields.startDate.errors}>
          <input {...getInputProps(fields.startDate, { type: "date" })} min={today} />
        </Field>
        <Field label={t("form.endDate")} htmlFor={fields.endDate.id} errorId={fields.endDate.errorId} errors={fields.endDate.errors}>
          <input {...getInputProps(fields.endDate, { type: "date" })} min={today} />
        </Field>
        <Field label={t("form.purpose")} htmlFor={fields.purpose.id} errorId={fields.purpose.errorId} errors={fields.purpose.errors}>
          <select {...getSelectProps(fields.purpose)}>
            <option value="">—</option>
            {TRIP_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {t(`purposes.${purpose}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("form.email")} htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field label={t("form.phone")} htmlFor={fields.phone.id} errorId={fields.phone.errorId} errors={fields.phone.errors}>
          <input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" />
        </Field>
        <Field label={t("form.pack")} htmlFor={fields.pack.id} errorId={fields.pack.errorId} errors={fields.pack.errors}>
          <select {...getSelectProps(fields.pack)}>
            {PACK_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`packs.${code}.name`)}
              </option>
            ))}
          </select>
        </Field>
        <Choices legend={t("form.interests")} errorId={fields.interests.errorId} errors={fields.interests.errors}>
          {TRIP_INTERESTS.map((interest) => (
            <label key={interest} className="choice">
              <input type="checkbox" name={fields.interests.name} value={interest} defaultChecked={chosen.has(interest)} />
              {t(`interests.${interest}`)}
            </label>
          ))}
        </Choices>
        <div className={fields.consent.errors?.length ? "field field--invalid" : "field"}>
          <label className="choice">
            <input {...getInputProps(fields.consent, { type: "checkbox" })} />
            {t("form.consent")}
          </label>
          <ErrorList id={fields.consent.errorId} errors={fields.consent.errors} />
        </div>
        <p className="friend-trip__price">
          {t("form.pack")} · {price === 0 ? <strong>{t("free")}</strong> : <Money millimes={price} />}
        </p>
        <SubmitButton className="button">{price === 0 ? t("form.submit") : t("form.pay")}</SubmitButton>
      </Form>
    </dialog>
  );
}
