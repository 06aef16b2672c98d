// The listing wizard's "discounts" step.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { discountsSchema } from "~/schemas/listing-wizard";
import { ErrorList, Field } from "~/components/ui/field";
import { numberToInput, type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function DiscountsForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("discounts", discountsSchema, answer, {
    weeklyDiscountPct: numberToInput(listing?.weeklyDiscountPct ?? 0),
    monthlyDiscountPct: numberToInput(listing?.monthlyDiscountPct ?? 0),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="discounts" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="field-row">
        <Field label={t("fields.weeklyDiscountPct")} htmlFor={fields.weeklyDiscountPct.id} errorId={fields.weeklyDiscountPct.errorId} errors={fields.weeklyDiscountPct.errors} hint={t("discounts.weeklyHint")}>
          <input {...getInputProps(fields.weeklyDiscountPct, { type: "number" })} min={0} max={90} />
        </Field>
        <Field label={t("fields.monthlyDiscountPct")} htmlFor={fields.monthlyDiscountPct.id} errorId={fields.monthlyDiscountPct.errorId} errors={fields.monthlyDiscountPct.errors} hint={t("discounts.monthlyHint")}>
          <input {...getInputProps(fields.monthlyDiscountPct, { type: "number" })} min={0} max={90} />
        </Field>
      </div>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
