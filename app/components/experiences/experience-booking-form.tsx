import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SlotTime } from "~/components/experiences/slot-time";
import { Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { ExperienceBookingSchema } from "~/schemas/experiences";

export interface BookableSlot {
  id: number;
  startsAt: string;
  placesLeft: number;
}

/** The booking form of /experiences/{id}: a slot, the number of people, the terms. A plain POST. */
export function ExperienceBookingForm({ slots, lastResult }: { slots: BookableSlot[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("experiences");
  const [form, fields] = useForm({
    id: "experience-booking",
    lastResult,
    defaultValue: { people: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ExperienceBookingSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="experience__book">
      <h2>{t("details.book")}</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset aria-describedby={fields.slotId.errors ? fields.slotId.errorId : undefined}>
        <legend>{t("details.chooseSlot")}</legend>
        <ul className="experience-slots">
          {slots.map((slot, index) => (
            <li key={slot.id}>
              <label>
                <input type="radio" name={fields.slotId.name} value={slot.id} defaultChecked={index === 0} />
                <SlotTime at={slot.startsAt} full />
                <span className="experience-card__meta">{t("details.placesLeft", { count: slot.placesLeft })}</span>
              </label>
            </li>
          ))}
        </ul>
        <FormErrors id={fields.slotId.errorId} errors={fields.slotId.errors} />
      </fieldset>
      <Field label={t("details.people")} htmlFor={fields.people.id} errorId={fields.people.errorId} errors={fields.people.errors}>
        <input {...getInputProps(fields.people, { type: "number" })} min={1} max={20} />
      </Field>
      <Field label={t("details.acceptTerms")} htmlFor={fields.acceptTerms.id} errorId={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors}>
        <input {...getInputProps(fields.acceptTerms, { type: "checkbox" })} />
      </Field>
      <SubmitButton>{t("details.submit")}</SubmitButton>
    </Form>
  );
}
