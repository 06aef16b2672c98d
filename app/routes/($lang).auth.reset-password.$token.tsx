import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { HoneypotField } from "~/components/accounts/honeypot-field";
import { useClearPasswordsOnReply } from "~/components/accounts/use-clear-passwords";
import { SubmitButton } from "~/components/ui/submit-button";
import { HONEYPOT_ERROR, isHoneypotFilled } from "~/schemas/account-fields";
import { ResetPasswordSchema } from "~/schemas/reset-password";
import { inspectLinkToken } from "~/services/accounts/auth-tokens.server";
import { resetPassword } from "~/services/accounts/user.server";
import { isAppError } from "~/utils/app-error";
import { getOptionalSession, linkBaseUrl } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /auth/reset-password/{token}: a new password from the e-mailed link (single-use, 1 hour).
// Success signs out every other session of the account.

export const handle = { i18n: ["auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { status } = await inspectLinkToken("reset_password", params.token ?? "");
  const t = await getFixedT(await getLanguage(request), "auth");
  return data({ status, title: t("reset.title") }, { status: status === "valid" ? 200 : status === "invalid" ? 404 : 410 });
}

const hideFields = ["password", "confirmPassword"];

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  // A robot that fills the honeypot changes nothing, and the link stays usable.
  if (isHoneypotFilled(formData)) return data(submission.reply({ hideFields, formErrors: [HONEYPOT_ERROR] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const current = await getOptionalSession(request);
  try {
    await resetPassword(params.token ?? "", submission.value.password, {
      keepSessionId: current?.sessionId ?? null,
      baseUrl: linkBaseUrl(request),
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(submission.reply({ hideFields, formErrors: [error.key] }), { status: error.status });
  }
  return redirectWithToast(localizedPath(request, current ? "/profile/security" : "/auth"), {
    type: "success",
    message: "auth:reset.success",
  });
}

export default function ResetPasswordPage() {
  const { status } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswordsOnReply(lastResult, [fields.password.id, fields.confirmPassword.id]);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{t("reset.title")}</h1>
        {status !== "valid" ? (
          <>
            <p className="notice notice--error" role="alert">
              {t(`link.${status}`)}
            </p>
            <p>
              <Link to={lp("/auth/forgot-password")}>{t("reset.askAgain")}</Link>
            </p>
          </>
        ) : (
          <Form method="post" {...getFormProps(form)} noValidate className="account-form">
            <FormErrors id={form.errorId} errors={form.errors} />
            <HoneypotField />
            <Field
              label={t("fields.newPassword")}
              htmlFor={fields.password.id}
              errorId={fields.password.errorId}
              errors={fields.password.errors}
              hint={t("fields.passwordHint")}
            >
              <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
            </Field>
            <Field
              label={t("fields.confirmPassword")}
              htmlFor={fields.confirmPassword.id}
              errorId={fields.confirmPassword.errorId}
              errors={fields.confirmPassword.errors}
            >
              <input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" />
            </Field>
            <SubmitButton className="button button--block">
              {t("reset.submit")}
            </SubmitButton>
          </Form>
        )}
      </div>
    </main>
  );
}
