// /dashboard/experiences/new: partner mode (ADR 182). The account managing an active partner
// creates an experience with one date or weekly dates until an end date; it then waits for an
// operator at /admin/experiences. A plain form post; errors come back next to their fields.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Choices, Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { PartnerExperienceSchema } from "~/schemas/partner-experience";
import { partnerDashboard } from "~/services/experiences/partner-dashboard.server";
import { createPartnerExperience } from "~/services/experiences/partner-experiences.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { requireVerifiedUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["experiences"] };
export const meta: MetaFunction = () => [{ title: "Darna" }];

const LANGUAGES = ["ar", "fr", "en", "es", "de", "it"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  if (!(await partnerDashboard(user.id, await getLanguage(request), new Date()))) throw new Response("Forbidden", { status: 403 });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: PartnerExperienceSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  try {
    await createPartnerExperience(user.id, submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 403) throw new Response("Forbidden", { status: 403 });
    const fieldErrors = fieldErrorsOf(error);
    return data({ reply: submission.reply(error.fields ? { fieldErrors } : { formErrors: [error.key] }) }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, "/dashboard/experiences"), { type: "success", message: "experiences:create.sent" });
}

export default function NewPartnerExperiencePage() {
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("experiences");
  const [form, fields] = useForm({
    id: "partner-experience",
    lastResult: answer?.reply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PartnerExperienceSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (name: "titleEn" | "titleFr" | "titleEs" | "city" | "governorate", label: string) => (
    <Field label={label} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
      <input {...getInputProps(fields[name], { type: "text" })} />
    </Field>
  );
  const area = (name: "descriptionEn" | "descriptionFr" | "descriptionEs", label: string) => (
    <Field label={label} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
      <textarea {...getTextareaProps(fields[name])} rows={4} />
    </Field>
  );
  const number = (name: "durationMinutes" | "price" | "capacity", label: string) => (
    <Field label={label} htmlFor={fields[name].id} errorId={fields[name].errorId} errors={fields[name].errors}>
      <input {...getInputProps(fields[name], { type: "number" })} min={1} />
    </Field>
  );
  return (
    <main className="experience">
      <h1>{t("create.title")}</h1>
      <p>{t("create.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormErrors id={form.errorId} errors={form.errors} />
        {text("titleEn", t("create.titleEn"))}
        {text("titleFr", t("create.titleFr"))}
        {text("titleEs", t("create.titleEs"))}
        {area("descriptionEn", t("create.descriptionEn"))}
        {area("descriptionFr", t("create.descriptionFr"))}
        {area("descriptionEs", t("create.descriptionEs"))}
        {text("city", t("create.city"))}
        {text("governorate", t("create.governorate"))}
        {number("durationMinutes", t("create.duration"))}
        <Choices legend={t("create.languages")} errorId={fields.languages.errorId} errors={fields.languages.errors}>
          {LANGUAGES.map((code) => (
            <label key={code}>
              <input type="checkbox" name={fields.languages.name} value={code} /> {t(`languages.${code}`)}
            </label>
          ))}
        </Choices>
        {number("price", t("create.price"))}
        {number("capacity", t("create.capacity"))}
        <Field label={t("create.firstStart")} htmlFor={fields.firstStart.id} errorId={fields.firstStart.errorId} errors={fields.firstStart.errors}>
          <input {...getInputProps(fields.firstStart, { type: "datetime-local" })} />
        </Field>
        <Field
          label={t("create.repeatWeeklyUntil")}
          htmlFor={fields.repeatWeeklyUntil.id}
          errorId={fields.repeatWeeklyUntil.errorId}
          errors={fields.repeatWeeklyUntil.errors}
          hint={t("create.repeatHint")}
        >
          <input {...getInputProps(fields.repeatWeeklyUntil, { type: "date" })} />
        </Field>
        <SubmitButton>{t("create.submit")}</SubmitButton>
      </Form>
    </main>
  );
}
