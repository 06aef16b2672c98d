// The wizard's description step: title, the three languages, and the writing assistant's drafts.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { descriptionSchema } from "~/schemas/listing-wizard";
import { ErrorList, Field } from "~/components/ui/field";
import { DescriptionsFields } from "./shared-fields";
import { type StepFormProps, SubmitRow, useStepForm } from "./step-form";

function hashText(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

export function DescriptionForm({ listing, answer, submitLabel, footer }: StepFormProps) {
  const { t } = useTranslation("listing");
  const navigation = useNavigation();
  const assisted = answer?.form === "description" && answer.values ? answer.values : null;
  const assistant = answer?.form === "description" ? answer.assistant : undefined;
  // After the assistant answers, the form is drawn again with the drafts as its values.
  const formKey = assistant ? `-a${hashText(JSON.stringify(assisted))}` : "";
  const [form, fields] = useStepForm(
    "description",
    descriptionSchema,
    answer?.assistant ? null : answer,
    {
      title: assisted?.title ?? listing?.title ?? "",
      descriptionFr: assisted?.descriptionFr ?? listing?.descriptionFr ?? "",
      descriptionEn: assisted?.descriptionEn ?? listing?.descriptionEn ?? "",
      descriptionEs: assisted?.descriptionEs ?? listing?.descriptionEs ?? "",
    },
    formKey,
  );
  return (
    <Form method="post" {...getFormProps(form)} key={`description${formKey}`} noValidate className="listing-form">
      <input type="hidden" name="form" value="description" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label={t("fields.title")} htmlFor={fields.title.id} errorId={fields.title.errorId} errors={fields.title.errors}>
        <input {...getInputProps(fields.title, { type: "text" })} maxLength={120} />
      </Field>
      <p className="field__hint">{t("description.languagesHint")}</p>
      <DescriptionsFields fields={fields} />
      <div className="assistant" aria-live="polite">
        <button type="submit" name="intent" value="assist" className="button button--ghost" formNoValidate disabled={navigation.state === "submitting"}>
          {t("assistant.button")}
        </button>
        <p className="field__hint">{t("assistant.hint")}</p>
        {assistant && !assistant.ok ? (
          <div className="notice notice--warning" role="status">
            <p>{t("assistant.cannotYet")}</p>
            <ul>
              {assistant.missing.map((missing) => (
                <li key={missing}>{t(`assistant.missing.${missing}`)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {assistant && assistant.ok ? (
          <p className="notice notice--success" role="status">
            {Object.keys(assistant.drafts).length
              ? t("assistant.drafted", { languages: Object.keys(assistant.drafts).map((l) => t(`languages.${l}`)).join(", ") })
              : t("assistant.nothingToDraft")}
          </p>
        ) : null}
      </div>
      <SubmitRow label={submitLabel} footer={footer} />
    </Form>
  );
}
