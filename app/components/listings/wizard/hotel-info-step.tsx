// The listing wizard's "hotel-info" step.
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hotelInfoSchema } from "~/schemas/listing-wizard";
import { ErrorList, Field } from "~/components/ui/field";
import { DescriptionsFields, TimesFields } from "./shared-fields";
import { numberToInput, type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function HotelInfoForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const hotel = listing?.hotel;
  const [form, fields] = useStepForm("hotel-info", hotelInfoSchema, answer, {
    name: hotel?.name ?? listing?.title ?? "",
    stars: numberToInput(hotel?.stars),
    category: hotel?.category ?? "",
    totalRooms: numberToInput(hotel?.totalRooms),
    descriptionFr: hotel?.descriptionFr ?? "",
    descriptionEn: hotel?.descriptionEn ?? "",
    descriptionEs: hotel?.descriptionEs ?? "",
    checkInTime: hotel?.checkInTime ?? "14:00",
    checkOutTime: hotel?.checkOutTime ?? "12:00",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="hotel-info" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label={t("fields.hotelName")} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: "text" })} />
      </Field>
      <div className="field-row">
        <Field label={t("fields.stars")} htmlFor={fields.stars.id} errorId={fields.stars.errorId} errors={fields.stars.errors}>
          <select {...getSelectProps(fields.stars)}>
            <option value="">{t("fields.unclassified")}</option>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {"★".repeat(n)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("fields.category")} htmlFor={fields.category.id} errorId={fields.category.errorId} errors={fields.category.errors}>
          <input {...getInputProps(fields.category, { type: "text" })} />
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
