import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { ResendVerificationSchema } from "~/schemas/resend-verification";
import { resendVerificationEmail } from "~/services/accounts/user.server";
import { isAppError } from "~/utils/app-error";
import { linkBaseUrl, requireUser, safeRedirect } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /verify: "Check your e-mail". Shown after sign-up, and wherever requireVerifiedUser sends an
// unverified user (booking, listing), with a button that sends the link again.

export const handle = { i18n: ["auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (user.emailVerified) throw redirect(redirectTo || localizedPath(request, "/profile"));
  const t = await getFixedT(await getLanguage(request), "auth");
  return { email: user.email, redirectTo, title: t("verify.title") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = ResendVerificationSchema.safeParse(Object.fromEntries(await readFormData(request)));
  const redirectTo = safeRedirect(parsed.success ? parsed.data.redirectTo : null, "");
  const here = `${localizedPath(request, "/verify")}${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`;
  try {
    await resendVerificationEmail(user.id, { baseUrl: linkBaseUrl(request) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 409) throw redirect(redirectTo || localizedPath(request, "/profile"));
    return data({ error: error.key }, { status: error.status });
  }
  return redirectWithToast(here, { type: "success", message: "auth:verify.resent" });
}

export default function PleaseVerifyPage() {
  const { email, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{t("verify.title")}</h1>
        {redirectTo ? <p className="notice">{t("verify.requiredNotice")}</p> : null}
        <p>{t("verify.sentTo", { email })}</p>
        <p>{t("verify.instructions")}</p>
        <Form method="post" className="account-form">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <ErrorList errors={actionData?.error ? [actionData.error] : null} />
          <SubmitButton name="intent" value="resend">
            {t("verify.resend")}
          </SubmitButton>
        </Form>
      </div>
    </main>
  );
}
