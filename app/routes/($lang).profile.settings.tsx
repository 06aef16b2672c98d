import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataSaverForm } from "~/components/shell/data-saver-form";
import { Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SettingsSchema } from "~/schemas/settings";
import { getSettings, updateSettings } from "~/services/accounts/user.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { requireUser } from "~/utils/auth.server";
import { currencyCookie, listCurrencies } from "~/utils/currency.server";
import { languageFromPath, supportedLanguages, withLanguage } from "~/utils/i18n";
import { getFixedT, getLanguage, languageCookie } from "~/utils/i18n.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /profile/settings: language, currency and time zone. Stored on the user, applied now (cookies)
// and at every sign-in. Below them, the "Data saver" switch (a cookie of this browser, ADR 231).

export const handle = { i18n: ["profile", "auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const LANGUAGE_NAMES: Record<string, string> = { en: "English", fr: "Français", es: "Español" };

function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("Africa/Tunis") ? zones : ["Africa/Tunis", ...zones];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "profile");
  const currencies = await listCurrencies();
  return {
    settings: await getSettings(user.id),
    currencies: currencies.map((currency) => ({ code: currency.code, symbol: currency.symbol })),
    timeZones: timeZones(),
    title: t("settings.title"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: SettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await updateSettings(user.id, submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fieldErrors = fieldErrorsOf(error);
    return data(submission.reply({ fieldErrors }), { status: error.status });
  }
  const { language, currency } = submission.value;
  const headers = new Headers();
  headers.append("Set-Cookie", await languageCookie.serialize(language));
  headers.append("Set-Cookie", await currencyCookie.serialize(currency));
  // A page under a language prefix moves to the new language's prefix.
  const prefixed = languageFromPath(new URL(request.url).pathname) !== null;
  const target = prefixed ? withLanguage("/profile/settings", language) : "/profile/settings";
  return redirectWithToast(target, { type: "success", message: "profile:settings.saved" }, { headers });
}

export default function SettingsPage() {
  const { settings, currencies, timeZones } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["profile", "auth", "common"]);
  const [form, fields] = useForm({
    id: "settings",
    lastResult,
    defaultValue: settings,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t("settings.title")}</h1>
      <p>{t("settings.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="account-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={t("settings.language")} htmlFor={fields.language.id} errorId={fields.language.errorId} errors={fields.language.errors}>
          <select {...getSelectProps(fields.language)}>
            {supportedLanguages.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("settings.currency")} htmlFor={fields.currency.id} errorId={fields.currency.errorId} errors={fields.currency.errors}>
          <select {...getSelectProps(fields.currency)}>
            {currencies.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code} ({currency.symbol})
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("settings.timeZone")} htmlFor={fields.timeZone.id} errorId={fields.timeZone.errorId} errors={fields.timeZone.errors}>
          <select {...getSelectProps(fields.timeZone)}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, " ")}
              </option>
            ))}
          </select>
        </Field>
        <SubmitButton>
          {t("settings.save")}
        </SubmitButton>
      </Form>
      <section aria-labelledby="data-saver-title" className="account-form" data-testid="settings-data-saver">
        <h2 id="data-saver-title">{t("common:dataSaver.heading")}</h2>
        <DataSaverForm />
      </section>
    </section>
  );
}
