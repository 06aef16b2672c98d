// The listing wizard's "prices" step.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createPricesSchema } from "~/schemas/listing-wizard";
import { ErrorList, Field } from "~/components/ui/field";
import { millimesToInput } from "../tnd-amounts";
import { numberToInput, type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function PricesForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const establishment = listing?.propertyType === "hotel" || listing?.propertyType === "guesthouse";
  const [form, fields] = useStepForm("prices", createPricesSchema(establishment), answer, {
    basePrice: millimesToInput(listing?.basePrice),
    cleaningFee: millimesToInput(listing?.cleaningFee ?? 0),
    minNights: numberToInput(listing?.minNights ?? 1),
    maxNights: numberToInput(listing?.maxNights),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="prices" />
      <ErrorList id={form.errorId} errors={form.errors} />
      {establishment ? (
        <p className="notice">{t("prices.establishmentHint")}</p>
      ) : (
        <Field label={t("fields.basePrice")} htmlFor={fields.basePrice.id} errorId={fields.basePrice.errorId} errors={fields.basePrice.errors} hint={t("prices.amountHint")}>
          <input {...getInputProps(fields.basePrice, { type: "text" })} inputMode="decimal" />
        </Field>
      )}
      <Field label={t("fields.cleaningFee")} htmlFor={fields.cleaningFee.id} errorId={fields.cleaningFee.errorId} errors={fields.cleaningFee.errors} hint={t("prices.amountHint")}>
        <input {...getInputProps(fields.cleaningFee, { type: "text" })} inputMode="decimal" />
      </Field>
      <div className="field-row">
        <Field label={t("fields.minNights")} htmlFor={fields.minNights.id} errorId={fields.minNights.errorId} errors={fields.minNights.errors}>
          <input {...getInputProps(fields.minNights, { type: "number" })} min={1} />
        </Field>
        <Field label={t("fields.maxNights")} htmlFor={fields.maxNights.id} errorId={fields.maxNights.errorId} errors={fields.maxNights.errors} hint={t("prices.maxNightsHint")}>
          <input {...getInputProps(fields.maxNights, { type: "number" })} min={1} />
        </Field>
      </div>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
