import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "~/schemas/zod";
import { Choices, Field, FormErrors } from "~/components/ui/field";
import { useClearPasswordsOnReply } from "~/components/accounts/use-clear-passwords";
import { IntentButton } from "~/components/ui/intent-button";
import { SubmitButton } from "~/components/ui/submit-button";
import { ChangePasswordSchema } from "~/schemas/change-password";
import { SessionActionSchema } from "~/schemas/sessions";
import { CreateTokenFormSchema, DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS, RevokeTokenFormSchema } from "~/schemas/api-tokens";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { API_SCOPES } from "~/domain/api-scopes";
import { createToken, listTokens, revokeToken } from "~/services/api-tokens/tokens.server";
import { listSessions, revokeOtherSessions, revokeSessionByHandle } from "~/utils/auth-sessions.server";
import { changePassword } from "~/services/accounts/user.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { getOptionalSession, linkBaseUrl, requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /profile/security: change the password; list the sessions, sign out one or all the others;
// personal access tokens for the API (ADR 220): make one (shown once, in the answer to the post),
// list them with their last use, revoke one.

export const handle = { i18n: ["profile", "auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const current = await getOptionalSession(request);
  const t = await getFixedT(await getLanguage(request), "profile");
  const today = dateInTunis(new Date());
  return {
    sessions: await listSessions(user.id, current?.sessionId ?? null),
    tokens: await listTokens(user.id),
    // The token form's date: proposed 90 days ahead, from tomorrow to a year ahead (ADR 226).
    expiry: { proposed: addDays(today, DEFAULT_TOKEN_DAYS), min: addDays(today, 1), max: addDays(today, MAX_TOKEN_DAYS) },
    title: t("security.title"),
  };
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
      const fieldErrors = fieldErrorsOf(error);
      return data(submission.reply({ hideFields, fieldErrors }), { status: error.status });
    }
    return redirectWithToast(here, { type: "success", message: "auth:reset.success" });
  }

  if (formData.get("intent") === "create-token") {
    const submission = parseWithZod(formData, { schema: CreateTokenFormSchema });
    if (submission.status !== "success") return data({ tokenForm: submission.reply() }, { status: 400 });
    try {
      const created = await createToken(user.id, submission.value);
      // Shown once: the token is only ever in this answer (no redirect, nothing stored in clear).
      return { createdToken: { name: created.name, token: created.token } };
    } catch (error) {
      if (!isAppError(error)) throw error;
      const fieldErrors = Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, key]) => [field, [key]]));
      return data({ tokenForm: submission.reply(error.fields ? { fieldErrors } : { formErrors: [error.key] }) }, { status: error.status });
    }
  }
  if (formData.get("intent") === "revoke-token") {
    const revoke = RevokeTokenFormSchema.safeParse(Object.fromEntries(formData));
    if (!revoke.success || !(await revokeToken(user.id, revoke.data.token))) {
      return redirectWithToast(here, { type: "error", message: "profile:tokens.errors.notFound" });
    }
    return redirectWithToast(here, { type: "success", message: "profile:tokens.revoked" });
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
  const { sessions, tokens, expiry } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("tokenForm" in actionData) && !("createdToken" in actionData) ? actionData : undefined;
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
                <IntentButton intent="revoke" fields={{ session: session.handle }}>
                  {t("security.signOutSession")}
                </IntentButton>
              ) : null}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <IntentButton intent="revoke-others" className="button button--ghost">
            {t("security.signOutOthers")}
          </IntentButton>
        ) : (
          <p className="empty-state">{t("security.noOtherSessions")}</p>
        )}
      </section>

      <TokensSection
        tokens={tokens}
        tokenForm={actionData && "tokenForm" in actionData ? actionData.tokenForm : undefined}
        created={actionData && "createdToken" in actionData ? actionData.createdToken : undefined}
        dateTime={dateTime}
        expiry={expiry}
      />
    </>
  );
}

function TokensSection({
  tokens,
  tokenForm,
  created,
  dateTime,
  expiry,
}: {
  tokens: Array<{ id: number; name: string; prefix: string; scopes: string[]; createdAt: string; expiresAt: string; lastUsedAt: string | null; expired: boolean }>;
  tokenForm: SubmissionResult<string[]> | undefined;
  created: { name: string; token: string } | undefined;
  dateTime: (iso: string) => string;
  expiry: { proposed: string; min: string; max: string };
}) {
  const { t } = useTranslation(["profile"]);
  const [form, fields] = useForm<z.input<typeof CreateTokenFormSchema>>({
    id: "create-token",
    lastResult: tokenForm,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateTokenFormSchema }),
    shouldValidate: "onSubmit",
    defaultValue: { expiresOn: expiry.proposed },
  });
  const initialScopes = fields.scopes.initialValue;
  const checked = new Set(Array.isArray(initialScopes) ? initialScopes : initialScopes ? [initialScopes] : []);
  const scopeKey = (scope: string) => `tokens.scope.${scope.replace(":", "_")}`;
  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">{t("tokens.title")}</h2>
      <p>{t("tokens.intro")}</p>
      {created ? (
        <div className="notice notice--success" role="status" data-testid="created-token">
          <p>
            <strong>{t("tokens.createdTitle", { name: created.name })}</strong>
          </p>
          <p>
            <code>{created.token}</code>
          </p>
          <p>{t("tokens.createdNote")}</p>
        </div>
      ) : null}
      {tokens.length === 0 ? (
        <p className="empty-state">{t("tokens.none")}</p>
      ) : (
        <ul className="session-list">
          {tokens.map((token) => (
            <li key={token.id} className="session" data-testid="token">
              <div>
                <strong>{token.name}</strong> <code>{token.prefix}…</code>
                {token.expired ? <span className="badge">{t("tokens.expired")}</span> : null}
                <br />
                <small>
                  {t("tokens.scopes_list", { scopes: token.scopes.join(", ") })}
                  <br />
                  {t("tokens.createdAt", { date: dateTime(token.createdAt) })} ·{" "}
                  {t(token.expired ? "tokens.expiredAt" : "tokens.expiresAt", { date: dateTime(token.expiresAt) })} ·{" "}
                  {token.lastUsedAt ? t("tokens.lastUsed", { date: dateTime(token.lastUsedAt) }) : t("tokens.neverUsed")}
                </small>
              </div>
              <IntentButton intent="revoke-token" fields={{ token: token.id }}>
                {t("tokens.revoke")}
              </IntentButton>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} noValidate className="account-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={t("tokens.name")} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors} hint={t("tokens.nameHint")}>
          <input {...getInputProps(fields.name, { type: "text" })} maxLength={80} />
        </Field>
        <Choices legend={t("tokens.scopes")} errorId={fields.scopes.errorId} errors={fields.scopes.errors}>
          {API_SCOPES.map((scope) => (
            <label key={scope}>
              <input type="checkbox" name={fields.scopes.name} value={scope} defaultChecked={checked.has(scope)} /> <code>{scope}</code> — {t(scopeKey(scope))}
            </label>
          ))}
        </Choices>
        <Field
          label={t("tokens.expiresOn")}
          htmlFor={fields.expiresOn.id}
          errorId={fields.expiresOn.errorId}
          errors={fields.expiresOn.errors}
          hint={t("tokens.expiresOnHint")}
        >
          <input {...getInputProps(fields.expiresOn, { type: "date" })} min={expiry.min} max={expiry.max} />
        </Field>
        <SubmitButton name="intent" value="create-token">
          {t("tokens.create")}
        </SubmitButton>
      </Form>
    </section>
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
