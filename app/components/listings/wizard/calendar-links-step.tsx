// The listing wizard's "calendar-links" step.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { calendarLinksSchema } from "~/schemas/listing-wizard";
import { ErrorList, Field } from "~/components/ui/field";
import { type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function CalendarLinksForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("calendar-links", calendarLinksSchema, answer, {
    calendarUrlAirbnb: listing?.calendarUrlAirbnb ?? "",
    calendarUrlBooking: listing?.calendarUrlBooking ?? "",
    calendarUrlChannelManager: listing?.calendarUrlChannelManager ?? "",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="calendar-links" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <p className="field__hint">{t("calendarLinks.hint")}</p>
      {(["calendarUrlAirbnb", "calendarUrlBooking", "calendarUrlChannelManager"] as const).map((name) => (
        <Field key={name} label={t(`fields.${name}`)} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
          <input {...getInputProps(fields[name], { type: "url" })} placeholder="https://" />
        </Field>
      ))}
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
