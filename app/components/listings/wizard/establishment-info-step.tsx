// The listing wizard's "hotel-info" and "guesthouse-info" steps: one form, the kind as a prop. A
// hotel adds its stars and category to the fields both kinds have (name, rooms, descriptions,
// check-in and check-out times).
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { guesthouseInfoSchema, hotelInfoSchema } from "~/schemas/listing-wizard";
import { ErrorList, Field } from "~/components/ui/field";
import { DescriptionsFields, TimesFields } from "./shared-fields";
import { numberToInput, type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export type EstablishmentKind = "hotel" | "guesthouse";

const KINDS = {
  hotel: { step: "hotel-info", schema: hotelInfoSchema, nameLabel: "fields.hotelName", checkIn: "14:00", checkOut: "12:00" },
  guesthouse: { step: "guesthouse-info", schema: guesthouseInfoSchema, nameLabel: "fields.guesthouseName", checkIn: "15:00", checkOut: "11:00" },
} as const;

export function EstablishmentInfoForm({ kind, listing, answer, submitLabel, footer }: StepFormProps & { kind: EstablishmentKind }) {
  const { t } = useTranslation("listing");
  const { step, schema, nameLabel, checkIn, checkOut } = KINDS[kind];
  const info = kind === "hotel" ? listing?.hotel : listing?.guesthouse;
  const hotel = kind === "hotel" ? listing?.hotel : null;
  // Typed with the hotel's schema, whose fields include all of the guesthouse's; a guesthouse
  // validates with its own schema and never renders the hotel-only fields.
  const [form, fields] = useStepForm(step, schema as typeof hotelInfoSchema, answer, {
    name: info?.name ?? listing?.title ?? "",
    ...(kind === "hotel" ? { stars: numberToInput(hotel?.stars), category: hotel?.category ?? "" } : {}),
    totalRooms: numberToInput(info?.totalRooms),
    descriptionFr: info?.descriptionFr ?? "",
    descriptionEn: info?.descriptionEn ?? "",
    descriptionEs: info?.descriptionEs ?? "",
    checkInTime: info?.checkInTime ?? checkIn,
    checkOutTime: info?.checkOutTime ?? checkOut,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value={step} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label={t(nameLabel)} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: "text" })} />
      </Field>
      <div className="field-row">
        {kind === "hotel" ? (
          <>
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
          </>
        ) : null}
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
