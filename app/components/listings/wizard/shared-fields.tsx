// Groups of fields that several wizard steps show.
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";

/** The three languages' descriptions of a listing or an establishment. */
export function DescriptionsFields({ fields }: { fields: Record<"descriptionFr" | "descriptionEn" | "descriptionEs", Parameters<typeof getTextareaProps>[0]> }) {
  const { t } = useTranslation("listing");
  return (
    <>
      {(["descriptionFr", "descriptionEn", "descriptionEs"] as const).map((name) => (
        <Field key={name} label={t(`fields.${name}`)} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
          <textarea {...getTextareaProps(fields[name])} rows={5} />
        </Field>
      ))}
    </>
  );
}

/** Check-in and check-out times, side by side. */
export function TimesFields({ checkIn, checkOut }: { checkIn: Parameters<typeof getInputProps>[0]; checkOut: Parameters<typeof getInputProps>[0] }) {
  const { t } = useTranslation("listing");
  return (
    <div className="field-row">
      <Field label={t("fields.checkInTime")} htmlFor={checkIn.id} errorId={checkIn.errorId} errors={checkIn.errors}>
        <input {...getInputProps(checkIn, { type: "time" })} />
      </Field>
      <Field label={t("fields.checkOutTime")} htmlFor={checkOut.id} errorId={checkOut.errorId} errors={checkOut.errors}>
        <input {...getInputProps(checkOut, { type: "time" })} />
      </Field>
    </div>
  );
}
