// /dashboard/company (host mode): the company the host acts for (issue 16 point 5): legal name,
// matricule fiscal (any common written form, kept normalised), address; or none. Plain forms:
// works without JavaScript. Shown on the listing's host card and on invoices issued afterwards.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { CompanySchema } from "~/schemas/company";
import { companyOf, declareCompany, withdrawCompany, type CompanyView } from "~/services/receipts/company.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { requireHost } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["receipts", "money"] };
export const links = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHost(request);
  const t = await getFixedT(await getLanguage(request), "receipts");
  return { company: await companyOf(user.id), title: String(t("company.title")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireHost(request);
  const form = await readFormData(request);
  const here = localizedPath(request, "/dashboard/company");
  if (form.get("intent") === "remove") {
    await withdrawCompany(user);
    return redirectWithToast(here, { type: "success", message: "receipts:company.removed" });
  }
  const submission = parseWithZod(form, { schema: CompanySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await declareCompany(user, submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(submission.reply({ formErrors: [error.key] }), { status: error.status });
  }
  return redirectWithToast(here, { type: "success", message: "receipts:company.saved" });
}

export default function CompanyPage() {
  const { company } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["receipts", "money"]);
  const lp = useLocalizedPath();
  return (
    <main className="booking">
      <section className="booking__card" aria-labelledby="company-title">
        <h1 id="company-title">{t("receipts:company.title")}</h1>
        <p>{t("receipts:company.intro")}</p>
        <p data-testid="company-state">
          {company ? t("receipts:company.current", { name: company.legalName }) : t("receipts:company.none")}
        </p>
        {/* Keyed by what is saved: after a save the form starts again from the stored (normalised) values. */}
        <CompanyForm key={JSON.stringify(company)} company={company} />
        {company ? (
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <SubmitButton className="button button--secondary" data-testid="company-remove">
              {t("receipts:company.remove")}
            </SubmitButton>
          </Form>
        ) : null}
        <p>
          <Link to={lp("/dashboard/revenues")}>{t("money:revenues.title")}</Link>
        </p>
      </section>
    </main>
  );
}

function CompanyForm({ company }: { company: CompanyView | null }) {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("receipts");
  const [form, fields] = useForm({
    id: "company",
    lastResult,
    defaultValue: company ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompanySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="account-form" data-testid="company-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label={t("company.legalName")} htmlFor={fields.legalName.id} errorId={fields.legalName.errorId} errors={fields.legalName.errors}>
        <input {...getInputProps(fields.legalName, { type: "text" })} maxLength={160} autoComplete="organization" />
      </Field>
      <Field label={t("company.taxId")} htmlFor={fields.taxId.id} errorId={fields.taxId.errorId} errors={fields.taxId.errors} hint={t("company.taxIdHint")}>
        <input {...getInputProps(fields.taxId, { type: "text" })} maxLength={32} autoCapitalize="characters" spellCheck={false} />
      </Field>
      <Field label={t("company.address")} htmlFor={fields.address.id} errorId={fields.address.errorId} errors={fields.address.errors}>
        <textarea {...getTextareaProps(fields.address)} maxLength={255} rows={3} autoComplete="street-address" />
      </Field>
      <SubmitButton data-testid="company-save">{t("company.save")}</SubmitButton>
    </Form>
  );
}
