// The listing wizard's "guesthouse-info" step.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { guesthouseInfoSchema } from "~/schemas/listing-wizard";
import { ErrorList, Field } from "~/components/ui/field";
import { DescriptionsFields, TimesFields } from "./shared-fields";
import { numberToInput, type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function GuesthouseInfoForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const guesthouse = listing?.guesthouse;
  const [form, fields] = useStepForm("guesthouse-info", guesthouseInfoSchema, answer, {
    name: guesthouse?.name ?? listing?.title ?? "",
    totalRooms: numberToInput(guesthouse?.totalRooms),
    descriptionFr: guesthouse?.descriptionFr ?? "",
    descriptionEn: guesthouse?.descriptionEn ?? "",
    descriptionEs: guesthouse?.descriptionEs ?? "",
    checkInTime: guesthouse?.checkInTime ?? "15:00",
    checkOutTime: guesthouse?.checkOutTime ?? "11:00",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="guesthouse-info" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field-row">
        <Field label={t("fields.guesthouseName")} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} />
        </Field>
        <Field label={t("fields.totalRooms")} htmlFor={fields.totalRooms.id} errorId={fields.totalRooms.errorId} errors={fields.totalRooms.errors}>
          <input {...getInputProps(fields.totalRooms, { type: "number" })} min={1} />
        </Field>
      </div>
      <DescriptionsFields fields={fields} />
      <TimesFields checkIn={fields.checkInTime} checkOut={fields.checkOutTime} />
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
