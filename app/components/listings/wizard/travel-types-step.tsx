// The listing wizard's "travel-types" step.
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TRAVEL_TYPES } from "~/domain/listing";
import { travelTypesSchema } from "~/schemas/listing-wizard";
import { Choices, ErrorList } from "~/components/ui/field";
import { type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function TravelTypesForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("travel-types", travelTypesSchema, answer, { travelTypes: listing?.travelTypes ?? [] });
  const checked = new Set(listing?.travelTypes ?? []);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="travel-types" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.travelTypes")} errorId={fields.travelTypes.errorId} errors={fields.travelTypes.errors} hint={t("travelTypes.hint")}>
        {TRAVEL_TYPES.map((type) => (
          <label key={type} className="choice choice--card">
            <input type="checkbox" name="travelTypes" value={type} defaultChecked={checked.has(type)} />
            <span>
              <strong>{t(`travelTypes.${type}`)}</strong>
            </span>
          </label>
        ))}
      </Choices>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
