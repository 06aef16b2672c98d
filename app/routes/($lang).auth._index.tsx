import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { HoneypotField } from "~/components/accounts/honeypot-field";
import { useClearPasswordsOnReply } from "~/components/accounts/use-clear-passwords";
import { SubmitButton } from "~/components/ui/submit-button";
import { HONEYPOT_ERROR, isHoneypotFilled } from "~/schemas/account-fields";
import { LoginSchema } from "~/schemas/login";
import { authenticateLoginForm } from "~/services/accounts/auth.server";
import { userLanguage } from "~/services/accounts/user.server";
import { isAppError } from "~/utils/app-error";
import { afterSignInPath, clientIp, getOptionalUser, safeRedirect, signIn } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /auth: sign in with e-mail and password (remix-auth's form strategy), then a new session.

export const handle = { i18n: ["auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const user = await getOptionalUser(request);
  if (user) throw redirect(afterSignInPath(redirectTo || "/", user.language));
  const t = await getFixedT(await getLanguage(request), "auth");
  return { redirectTo, title: t("login.title"), description: t("login.description") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request.clone());
  const submission = parseWithZod(formData, { schema: LoginSchema });
  const hide = { hideFields: ["password"] };
  if (isHoneypotFilled(formData)) return data(submission.reply({ ...hide, formErrors: [HONEYPOT_ERROR] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply(hide), { status: 400 });

  const ip = clientIp(context);
  let user;
  try {
    user = await authenticateLoginForm(request, { ip });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(submission.reply({ ...hide, formErrors: [error.key] }), { status: error.status });
  }
  const headers = await signIn(user, request, { ip });
  return redirectWithToast(
    afterSignInPath(submission.value.redirectTo, userLanguage(user)),
    { type: "success", message: "auth:login.welcome", values: { name: user.firstName } },
    { headers },
  );
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswordsOnReply(lastResult, [fields.password.id]);
  const withRedirect = (path: string) => (redirectTo ? `${lp(path)}?${new URLSearchParams({ redirectTo })}` : lp(path));
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{t("login.title")}</h1>
        <Form method="post" {...getFormProps(form)} noValidate className="account-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <HoneypotField />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field label={t("fields.email")} htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" autoFocus />
          </Field>
          <Field label={t("fields.password")} htmlFor={fields.password.id} errorId={fields.password.errorId} errors={fields.password.errors}>
            <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
          </Field>
          <SubmitButton className="button button--block">
            {t("login.submit")}
          </SubmitButton>
        </Form>
        <p>
          <Link to={lp("/auth/forgot-password")}>{t("login.forgot")}</Link>
        </p>
        <p>
          {t("login.noAccount")} <Link to={withRedirect("/auth/signup")}>{t("login.signupLink")}</Link>
        </p>
      </div>
    </main>
  );
}
