import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { HoneypotField } from "~/components/accounts/honeypot-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { HONEYPOT_ERROR, isHoneypotFilled } from "~/schemas/account-fields";
import { ForgotPasswordSchema } from "~/schemas/forgot-password";
import { requestPasswordReset } from "~/services/accounts/user.server";
import { linkBaseUrl } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /auth/forgot-password: asks for a reset link. The answer is the same whether or not an
// account exists for the e-mail, so the page cannot be used to find out who has an account.

export const handle = { i18n: ["auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const t = await getFixedT(await getLanguage(request), "auth");
  return { sent, title: t("forgot.title") };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (isHoneypotFilled(formData)) return data(submission.reply({ formErrors: [HONEYPOT_ERROR] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await requestPasswordReset(submission.value.email, { baseUrl: linkBaseUrl(request) });
  return redirectWithToast(`${localizedPath(request, "/auth/forgot-password")}?sent=1`, { type: "info", message: "auth:forgot.sent" });
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{t("forgot.title")}</h1>
        {sent ? (
          <p className="notice" role="status">
            {t("forgot.sent")}
          </p>
        ) : (
          <p>{t("forgot.intro")}</p>
        )}
        <Form method="post" {...getFormProps(form)} noValidate className="account-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <HoneypotField />
          <Field label={t("fields.email")} htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
          <SubmitButton className="button button--block">
            {sent ? t("forgot.sendAgain") : t("forgot.submit")}
          </SubmitButton>
        </Form>
        <p>
          <Link to={lp("/auth")}>{t("forgot.backToLogin")}</Link>
        </p>
      </div>
    </main>
  );
}
