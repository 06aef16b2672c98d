import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirect } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";

// /auth/check-email: where every sign-up lands, whether the address was new or already had an
// account (ADR 030). It names no address and needs no session: the visitor logs in after
// following the link in the e-mail.

export const handle = { i18n: ["auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  const t = await getFixedT(await getLanguage(request), "auth");
  return { redirectTo, title: String(t("signup.checkEmail")) };
}

export default function CheckEmailPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const loginLink = redirectTo ? `${lp("/auth")}?${new URLSearchParams({ redirectTo })}` : lp("/auth");
  return (
    <main className="auth-page">
      <div className="auth-card" data-testid="check-email">
        <h1>{t("signup.checkEmail")}</h1>
        <p>{t("signup.checkEmailText")}</p>
        <p>
          <Link to={loginLink} className="button">
            {t("signup.checkEmailLogin")}
          </Link>
        </p>
      </div>
    </main>
  );
}
