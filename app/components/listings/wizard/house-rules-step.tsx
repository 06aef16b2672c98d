// The listing wizard's "house-rules" step.
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { houseRulesSchema } from "~/schemas/listing-wizard";
import { Choices, ErrorList } from "~/components/ui/field";
import { TimesFields } from "./shared-fields";
import { type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function HouseRulesForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("house-rules", houseRulesSchema, answer, {
    petsAllowed: listing?.petsAllowed ? "on" : undefined,
    eventsAllowed: listing?.eventsAllowed ? "on" : undefined,
    smokingAllowed: listing?.smokingAllowed ? "on" : undefined,
    checkInTime: listing?.checkInTime ?? "15:00",
    checkOutTime: listing?.checkOutTime ?? "11:00",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="house-rules" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.houseRules")}>
        {(["petsAllowed", "eventsAllowed", "smokingAllowed"] as const).map((rule) => (
          <label key={rule} className="choice">
            <input type="checkbox" name={rule} defaultChecked={fields[rule].initialValue === "on"} />
            <span>{t(`fields.${rule}`)}</span>
          </label>
        ))}
      </Choices>
      <TimesFields checkIn={fields.checkInTime} checkOut={fields.checkOutTime} />
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
