import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/ui/field";
import { useClearPasswordsOnReply } from "~/components/accounts/use-clear-passwords";
import { SubmitButton } from "~/components/ui/submit-button";
import { ChangePasswordSchema } from "~/schemas/change-password";
import { SessionActionSchema } from "~/schemas/sessions";
import { listSessions, revokeOtherSessions, revokeSessionByHandle } from "~/utils/auth-sessions.server";
import { changePassword } from "~/services/accounts/user.server";
import { isAppError } from "~/utils/app-error";
import { getOptionalSession, linkBaseUrl, requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /profile/security: change the password; list the sessions, sign out one or all the others.

export const handle = { i18n: ["profile", "auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const current = await getOptionalSession(request);
  const t = await getFixedT(await getLanguage(request), "profile");
  return { sessions: await listSessions(user.id, current?.sessionId ?? null), title: t("security.title") };
}

const hideFields = ["currentPassword", "password", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const current = await getOptionalSession(request);
  const here = localizedPath(request, "/profile/security");
  const formData = await readFormData(request);

  if (formData.get("intent") === "change-password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
    if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
    try {
      await changePassword(user.id, submission.value, { keepSessionId: current?.sessionId ?? null, baseUrl: linkBaseUrl(request) });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const fieldErrors = Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, key]) => [field, [key]]));
      return data(submission.reply({ hideFields, fieldErrors }), { status: error.status });
    }
    return redirectWithToast(here, { type: "success", message: "auth:reset.success" });
  }

  const parsed = SessionActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  if (parsed.data.intent === "revoke") {
    await revokeSessionByHandle(user.id, parsed.data.session);
    return redirectWithToast(here, { type: "success", message: "profile:security.sessionRevoked" });
  }
  const count = await revokeOtherSessions(user.id, current?.sessionId ?? null);
  return redirectWithToast(here, { type: "success", message: "profile:security.othersRevoked", values: { count } });
}

export default function SecurityPage() {
  const { sessions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation(["profile", "auth"]);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearPasswordsOnReply(lastResult, [fields.currentPassword.id, fields.password.id, fields.confirmPassword.id]);
  const dateTime = useUserTime(i18n.language);
  const others = sessions.filter((session) => !session.current);
  return (
    <>
      <section aria-labelledby="password-title">
        <h1 id="password-title">{t("security.title")}</h1>
        <h2>{t("security.passwordTitle")}</h2>
        <Form method="post" {...getFormProps(form)} noValidate className="account-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            label={t("security.currentPassword")}
            htmlFor={fields.currentPassword.id}
            errorId={fields.currentPassword.errorId}
            errors={fields.currentPassword.errors}
          >
            <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
          </Field>
          <Field
            label={t("auth:fields.newPassword")}
            htmlFor={fields.password.id}
            errorId={fields.password.errorId}
            errors={fields.password.errors}
            hint={t("auth:fields.passwordHint")}
          >
            <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
          </Field>
          <Field
            label={t("auth:fields.confirmPassword")}
            htmlFor={fields.confirmPassword.id}
            errorId={fields.confirmPassword.errorId}
            errors={fields.confirmPassword.errors}
          >
            <input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" />
          </Field>
          <p className="field__hint">{t("security.passwordNote")}</p>
          <SubmitButton name="intent" value="change-password">
            {t("security.changePassword")}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t("security.sessionsTitle")}</h2>
        <ul className="session-list">
          {sessions.map((session) => (
            <li key={session.handle} className="session" data-testid="session">
              <div>
                <strong>{session.kind === "api" ? t("security.apiToken") : describeAgent(session.userAgent, t("security.unknownDevice"))}</strong>
                {session.current ? <span className="badge">{t("security.thisDevice")}</span> : null}
                <br />
                <small>
                  {t("security.signedInAt", { date: dateTime(session.createdAt) })} ·{" "}
                  {t("security.lastSeen", { date: dateTime(session.lastSeenAt) })}
                </small>
              </div>
              {!session.current ? (
                <Form method="post">
                  <input type="hidden" name="session" value={session.handle} />
                  <button type="submit" name="intent" value="revoke" className="button button--ghost button--small">
                    {t("security.signOutSession")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="revoke-others" className="button button--ghost">
              {t("security.signOutOthers")}
            </button>
          </Form>
        ) : (
          <p className="empty-state">{t("security.noOtherSessions")}</p>
        )}
      </section>
    </>
  );
}

/** "Firefox on Android" from a User-Agent string, roughly; enough to recognise a device. */
function describeAgent(userAgent: string | null, unknown: string): string {
  if (!userAgent) return unknown;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
