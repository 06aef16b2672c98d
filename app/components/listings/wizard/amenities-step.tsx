// The listing wizard's "amenities" step.
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AMENITIES } from "~/domain/listing";
import { amenitiesSchema } from "~/schemas/listing-wizard";
import { Choices, ErrorList } from "~/components/ui/field";
import { type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function AmenitiesForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("amenities", amenitiesSchema, answer, { amenities: listing?.amenities ?? [] });
  const checked = new Set(listing?.amenities ?? []);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="amenities" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.amenities")} errorId={fields.amenities.errorId} errors={fields.amenities.errors} hint={t("amenities.hint")}>
        {AMENITIES.map((amenity) => (
          <label key={amenity} className="choice">
            <input type="checkbox" name="amenities" value={amenity} defaultChecked={checked.has(amenity)} />
            <span>{t(`amenities.${amenity}`)}</span>
          </label>
        ))}
      </Choices>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
