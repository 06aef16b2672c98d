import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { ErrorList, Field, FormErrors } from "~/components/ui/field";
import { HoneypotField } from "~/components/accounts/honeypot-field";
import { useClearPasswordsOnReply } from "~/components/accounts/use-clear-passwords";
import { BirthDateFields, CountryField, GenderField, NameFields, PhoneField } from "~/components/accounts/personal-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { HONEYPOT_ERROR, isHoneypotFilled } from "~/schemas/account-fields";
import { calendarDateIn } from "~/schemas/birth-date";
import { createSignupSchema } from "~/schemas/signup";
import { signUp } from "~/services/accounts/user.server";
import { isAppError } from "~/utils/app-error";
import { clientIp, getOptionalUser, linkBaseUrl, safeRedirect } from "~/utils/auth.server";
import { countryOptions } from "~/utils/countries";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getLimiters } from "~/utils/limits.server";

// /auth/signup: create an account (SPEC.md §5 rules) and send the verification e-mail; the
// visitor lands on /auth/check-email and logs in after following the link (ADR 030).

export const handle = { i18n: ["auth", "limits"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

const TIME_ZONE = "Africa/Tunis";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await getOptionalUser(request)) throw redirect(redirectTo || localizedPath(request, "/profile"));
  const language = await getLanguage(request);
  const t = await getFixedT(language, "auth");
  return { today: calendarDateIn(TIME_ZONE), countries: countryOptions(language), redirectTo, title: t("signup.title"), description: t("signup.intro") };
}

const hideFields = ["password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const today = calendarDateIn(TIME_ZONE);
  const submission = parseWithZod(formData, { schema: createSignupSchema(today) });
  if (isHoneypotFilled(formData)) return data(submission.reply({ hideFields, formErrors: [HONEYPOT_ERROR] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  // Sign-up attempts per address (ADR 090), counted once the form is valid.
  const ip = clientIp(context);
  if (ip && !(await getLimiters().signups.hit(`ip:${ip}`)).allowed) {
    return data(submission.reply({ hideFields, formErrors: ["limits:tooMany.signups"] }), { status: 429 });
  }
  const language = await getLanguage(request);
  try {
    // A new address gets its account; an address that has one gets nothing but a warning e-mail
    // to its owner. Both answer the same, without a session (ADR 030): no account enumeration.
    await signUp(submission.value, { language, baseUrl: linkBaseUrl(request) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(submission.reply({ hideFields, formErrors: [error.key] }), { status: error.status });
  }
  const redirectTo = safeRedirect(formData.get("redirectTo"), "");
  const checkEmailPath = localizedPath(request, "/auth/check-email");
  return redirectWithToast(redirectTo ? `${checkEmailPath}?${new URLSearchParams({ redirectTo })}` : checkEmailPath, {
    type: "success",
    message: "auth:signup.success",
  });
}

export default function SignupPage() {
  const { today, countries, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createSignupSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswordsOnReply(lastResult, [fields.password.id, fields.confirmPassword.id]);
  const loginLink = redirectTo ? `${lp("/auth")}?${new URLSearchParams({ redirectTo })}` : lp("/auth");
  return (
    <main className="auth-page">
      <div className="auth-card auth-card--wide">
        <h1>{t("signup.title")}</h1>
        <p>{t("signup.intro")}</p>
        <Form method="post" {...getFormProps(form)} noValidate className="account-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <HoneypotField />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <NameFields firstName={fields.firstName} lastName={fields.lastName} />
          <Field label={t("fields.email")} htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
          <div className="field-row">
            <Field
              label={t("fields.password")}
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
          </div>
          <BirthDateFields day={fields.birthDay} month={fields.birthMonth} year={fields.birthYear} dateErrors={form.allErrors.birthDate} />
          <div className="field-row">
            <GenderField gender={fields.gender} />
            <PhoneField phone={fields.phone} />
          </div>
          <div className="field-row">
            <CountryField field={fields.country} label={t("fields.country")} countries={countries} autoComplete="country" />
            <CountryField field={fields.nationality} label={t("fields.nationality")} countries={countries} optional />
          </div>
          <div className="field field--checkbox">
            <input {...getInputProps(fields.acceptTerms, { type: "checkbox" })} />
            <label htmlFor={fields.acceptTerms.id}>
              <Trans
                t={t}
                i18nKey="signup.acceptTerms"
                components={{
                  terms: <Link to={lp("/terms-of-use")} target="_blank" />,
                  privacy: <Link to={lp("/privacy-policy")} target="_blank" />,
                }}
              />
            </label>
            <ErrorList id={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors} />
          </div>
          <SubmitButton className="button button--block">
            {t("signup.submit")}
          </SubmitButton>
        </Form>
        <p>
          {t("signup.haveAccount")} <Link to={loginLink}>{t("signup.loginLink")}</Link>
        </p>
      </div>
    </main>
  );
}
