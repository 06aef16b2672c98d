// /partner-proposal ("Become a partner", SPEC.md §3; ADR 181): anyone proposes a service or an
// activity. A plain form that works without JavaScript: a few empty rows of price ranges and of
// availability, and "add another" buttons that post back (Conform's insert intent) and come back
// with one more row, nothing typed lost. Signed in, the proposal is linked to the account.
import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Choices, ErrorList, Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { PartnerProposalFormSchema, partnerLanguages } from "~/schemas/partner-proposal";
import { submitPartnerProposal } from "~/services/partners/proposals.server";
import { getOptionalUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["partners"] };
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.title} · Darna` }, { name: "description", content: data.description }] : [{ title: "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const t = await getFixedT(await getLanguage(request), "partners");
  return { email: user?.email ?? null, title: t("proposal.title"), description: t("proposal.metaDescription") };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: PartnerProposalFormSchema });
  // "Add another" (no JavaScript) comes back here with one more row; errors come back with 400.
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  const user = await getOptionalUser(request);
  await submitPartnerProposal(submission.value, { userId: user?.id ?? null, language: await getLanguage(request) });
  return redirectWithToast(localizedPath(request, "/partner-proposal"), { type: "success", message: "partners:proposal.sent" }, { status: 303 });
}

const EMPTY_ROWS = 3;

export default function PartnerProposalPage() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("partners");
  const [form, fields] = useForm({
    id: "partner-proposal",
    lastResult,
    defaultValue: {
      email: email ?? "",
      priceRanges: Array.from({ length: EMPTY_ROWS }, () => ({ min: "", max: "" })),
      availability: Array.from({ length: EMPTY_ROWS }, () => ({ date: "", from: "", to: "" })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PartnerProposalFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const priceRows = fields.priceRanges.getFieldList();
  const slotRows = fields.availability.getFieldList();
  return (
    <main className="auth-page">
      <div className="auth-card partner-proposal">
        <h1>{t("proposal.title")}</h1>
        <p>{t("proposal.intro")}</p>
        <p className="hint">{email ? t("proposal.signedInAs", { email }) : t("proposal.signedOut")}</p>
        <Form method="post" {...getFormProps(form)} noValidate className="account-form" data-testid="partner-proposal-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field label={t("proposal.name")} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: "text" })} maxLength={120} autoComplete="organization" />
          </Field>
          <Field label={t("proposal.description")} htmlFor={fields.description.id} errorId={fields.description.errorId} errors={fields.description.errors}>
            <textarea {...getTextareaProps(fields.description)} rows={5} maxLength={4000} />
          </Field>
          <fieldset className="choices" data-testid="price-ranges">
            <legend>{t("proposal.priceRanges")}</legend>
            {priceRows.map((row, index) => {
              const cells = row.getFieldset();
              return (
                <div key={row.key} className="form-row">
                  <Field label={`${t("proposal.priceMin")} ${index + 1}`} htmlFor={cells.min.id} errorId={cells.min.errorId} errors={cells.min.errors}>
                    <input {...getInputProps(cells.min, { type: "text" })} inputMode="decimal" />
                  </Field>
                  <Field label={`${t("proposal.priceMax")} ${index + 1}`} htmlFor={cells.max.id} errorId={cells.max.errorId} errors={cells.max.errors}>
                    <input {...getInputProps(cells.max, { type: "text" })} inputMode="decimal" />
                  </Field>
                </div>
              );
            })}
            <ErrorList id={fields.priceRanges.errorId} errors={fields.priceRanges.errors} />
            <button className="button button--ghost" {...form.insert.getButtonProps({ name: fields.priceRanges.name, defaultValue: { min: "", max: "" } })}>
              {t("proposal.addPrice")}
            </button>
          </fieldset>
          <fieldset className="choices" data-testid="availability">
            <legend>{t("proposal.availability")}</legend>
            {slotRows.map((row, index) => (
              <SlotRow key={row.key} row={row} index={index} />
            ))}
            <ErrorList id={fields.availability.errorId} errors={fields.availability.errors} />
            <button
              className="button button--ghost"
              {...form.insert.getButtonProps({ name: fields.availability.name, defaultValue: { date: "", from: "", to: "" } })}
            >
              {t("proposal.addSlot")}
            </button>
          </fieldset>
          <Choices legend={t("proposal.languages")} errorId={fields.languages.errorId} errors={fields.languages.errors}>
            {getCollectionProps(fields.languages, { type: "checkbox", options: [...partnerLanguages] }).map((props) => (
              <label key={props.key} className="choice">
                <input {...props} key={undefined} /> {t(`languages.${props.value}`)}
              </label>
            ))}
          </Choices>
          <Field label={t("proposal.email")} htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
          <Field label={t("proposal.phone")} htmlFor={fields.phone.id} errorId={fields.phone.errorId} errors={fields.phone.errors}>
            <input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" />
          </Field>
          <Field label={t("proposal.website")} htmlFor={fields.website.id} errorId={fields.website.errorId} errors={fields.website.errors}>
            <input {...getInputProps(fields.website, { type: "url" })} autoComplete="url" />
          </Field>
          <SubmitButton className="button button--block">{t("proposal.submit")}</SubmitButton>
        </Form>
      </div>
    </main>
  );
}

function SlotRow({ row, index }: { row: FieldMetadata<{ date?: string; from?: string; to?: string } | undefined>; index: number }) {
  const { t } = useTranslation("partners");
  const cells = row.getFieldset();
  return (
    <div className="form-row">
      <Field label={`${t("proposal.date")} ${index + 1}`} htmlFor={cells.date.id} errorId={cells.date.errorId} errors={cells.date.errors}>
        <input {...getInputProps(cells.date, { type: "date" })} />
      </Field>
      <Field label={`${t("proposal.from")} ${index + 1}`} htmlFor={cells.from.id} errorId={cells.from.errorId} errors={cells.from.errors}>
        <input {...getInputProps(cells.from, { type: "time" })} />
      </Field>
      <Field label={`${t("proposal.to")} ${index + 1}`} htmlFor={cells.to.id} errorId={cells.to.errorId} errors={cells.to.errors}>
        <input {...getInputProps(cells.to, { type: "time" })} />
      </Field>
    </div>
  );
}
