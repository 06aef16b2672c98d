// The listing wizard's "cancellation" step.
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CANCELLATION_POLICIES, RESERVATION_METHODS } from "~/domain/listing";
import { cancellationSchema } from "~/schemas/listing-wizard";
import { Choices, ErrorList } from "~/components/ui/field";
import { type StepFormProps, SubmitRow, useStepForm } from "./step-form";

export function CancellationForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const [form, fields] = useStepForm("cancellation", cancellationSchema, answer, {
    cancellationPolicy: listing?.cancellationPolicy ?? "",
    reservationMethod: listing?.reservationMethod ?? "",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="listing-form">
      <input type="hidden" name="form" value="cancellation" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Choices legend={t("fields.cancellationPolicy")} errorId={fields.cancellationPolicy.errorId} errors={fields.cancellationPolicy.errors}>
        {CANCELLATION_POLICIES.map((policy) => (
          <label key={policy} className="choice choice--card">
            <input type="radio" name="cancellationPolicy" value={policy} defaultChecked={fields.cancellationPolicy.initialValue === policy} />
            <span>
              <strong>{t(`policies.${policy}.name`)}</strong>
              <small>{t(`policies.${policy}.description`)}</small>
            </span>
          </label>
        ))}
      </Choices>
      <Choices legend={t("fields.reservationMethod")} errorId={fields.reservationMethod.errorId} errors={fields.reservationMethod.errors}>
        {RESERVATION_METHODS.map((method) => (
          <label key={method} className="choice choice--card">
            <input type="radio" name="reservationMethod" value={method} defaultChecked={fields.reservationMethod.initialValue === method} />
            <span>
              <strong>{t(`methods.${method}.name`)}</strong>
              <small>{t(`methods.${method}.description`)}</small>
            </span>
          </label>
        ))}
      </Choices>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
