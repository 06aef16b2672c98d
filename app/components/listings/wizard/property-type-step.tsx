// The listing wizard's "property-type" step.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PROPERTY_TYPES } from "~/domain/listing";
import { propertyTypeSchema } from "~/schemas/listing-wizard";
import { Choices, ErrorList, Field } from "~/components/ui/field";
import { numberToInput, type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function PropertyTypeForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("property-type", propertyTypeSchema, answer, {
    propertyType: listing?.propertyType ?? "",
    maxGuests: numberToInput(listing?.maxGuests),
    bedrooms: numberToInput(listing?.bedrooms),
    beds: numberToInput(listing?.beds),
    bathrooms: numberToInput(listing?.bathrooms),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="property-type" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.propertyType")} errorId={fields.propertyType.errorId} errors={fields.propertyType.errors}>
        {PROPERTY_TYPES.map((type) => (
          <label key={type} className="choice choice--card">
            <input type="radio" name={fields.propertyType.name} value={type} defaultChecked={fields.propertyType.initialValue === type} />
            <span>
              <strong>{t(`types.${type}`)}</strong>
              <small>{t(`typeHints.${type}`)}</small>
            </span>
          </label>
        ))}
      </Choices>
      <fieldset className="capacity">
        <legend>{t("fields.capacity")}</legend>
        <p className="field__hint">{t("propertyType.capacityHint")}</p>
        <div className="field-row field-row--four">
          {(["maxGuests", "bedrooms", "beds", "bathrooms"] as const).map((name) => (
            <Field key={name} label={t(`fields.${name}`)} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
              <input {...getInputProps(fields[name], { type: "number" })} min={name === "bedrooms" ? 0 : 1} />
            </Field>
          ))}
        </div>
      </fieldset>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
