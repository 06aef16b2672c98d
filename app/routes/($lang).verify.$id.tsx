import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { inspectLinkToken } from "~/services/accounts/auth-tokens.server";
import { verifyEmail } from "~/services/accounts/user.server";
import { isAppError } from "~/utils/app-error";
import { getOptionalUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

// /verify/{id}: the link from the verification e-mail. Opening it (GET) changes nothing: it shows
// a "Confirm" button, whose POST uses the link. Mail scanners that fetch links thus cannot spend
// it, and no state changes on GET.

export const handle = { i18n: ["auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { status } = await inspectLinkToken("verify_email", params.id ?? "");
  const signedIn = (await getOptionalUser(request)) !== null;
  const t = await getFixedT(await getLanguage(request), "auth");
  return data({ status, signedIn, title: t("verify.linkTitle") }, { status: status === "valid" ? 200 : status === "invalid" ? 404 : 410 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  try {
    await verifyEmail(params.id ?? "");
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.key }, { status: error.status });
  }
  const signedIn = (await getOptionalUser(request)) !== null;
  return signedIn
    ? redirectWithToast(localizedPath(request, "/profile"), { type: "success", message: "auth:verify.success" })
    : redirectWithToast(localizedPath(request, "/auth"), { type: "success", message: "auth:verify.successSignIn" });
}

export default function VerifyLinkPage() {
  const { status, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const problem = actionData?.error ?? (status === "valid" ? null : `auth:link.${status}`);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{t("verify.linkTitle")}</h1>
        {problem ? (
          <>
            <p className="notice notice--error" role="alert">
              {t(problem)}
            </p>
            <p>
              {signedIn ? <Link to={lp("/verify")}>{t("verify.getNewLink")}</Link> : <Link to={lp("/auth")}>{t("verify.signInForNewLink")}</Link>}
            </p>
          </>
        ) : (
          <Form method="post" className="account-form">
            <p>{t("verify.confirmText")}</p>
            <button type="submit" className="button">
              {t("verify.confirm")}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
