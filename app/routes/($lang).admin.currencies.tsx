// /admin/currencies: operators set what 1 TND is worth in each display currency (and its symbol),
// and add currencies. Charges stay in TND; rates only change what visitors see (ADR 010).
// Plain form posts with a redirect; with JavaScript, Conform validates before sending.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatRateMicros } from "~/domain/money";
import { CurrencyAddSchema, CurrencyUpdateSchema } from "~/schemas/currency-admin";
import { addCurrency, listCurrencyRows, updateCurrency, type CurrencyRow } from "~/services/currencies/currency-admin.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["admin", "auth"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const t = await getFixedT(await getLanguage(request), "admin");
  return { currencies: await listCurrencyRows(), title: String(t("currencies.title")) };
}

type ActionAnswer = { intent: "add" | "update"; code: string | null; reply: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "money");
  const formData = await readFormData(request);
  const intent = formData.get("intent") === "add" ? "add" : "update";
  const submission = parseWithZod(formData, { schema: intent === "add" ? CurrencyAddSchema : CurrencyUpdateSchema });
  const rowCode = intent === "update" ? String(formData.get("code") ?? "").toUpperCase() : null;
  if (submission.status !== "success") {
    return data<ActionAnswer>({ intent, code: rowCode, reply: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  try {
    if (value.intent === "add") {
      await addCurrency(operator.id, { code: value.code, symbol: value.symbol, valueMicros: value.rate, decimals: value.decimals });
    } else {
      await updateCurrency(operator.id, { code: value.code, symbol: value.symbol, valueMicros: value.rate });
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fieldErrors = fieldErrorsOf(error);
    const reply = submission.reply(error.fields ? { fieldErrors } : { formErrors: [error.key] });
    return data<ActionAnswer>({ intent, code: rowCode, reply }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, "/admin/currencies"), {
    type: "success",
    message: value.intent === "add" ? "admin:currencies.added" : "admin:currencies.saved",
    values: { code: value.code },
  });
}

export default function AdminCurrenciesPage() {
  const { currencies } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-currencies">
      <h1>{t("currencies.title")}</h1>
      <p>{t("currencies.intro")}</p>
      <ul className="admin-currencies__list" role="list">
        {currencies.map((currency) => (
          <li key={currency.code} data-testid={`currency-${currency.code}`}>
            {currency.code === "TND" ? (
              <p>
                <strong>TND</strong> ({currency.symbol}) · {t("currencies.tndFixed")}
              </p>
            ) : (
              // A saved row starts again from the stored values (its key changes with them).
              <CurrencyForm key={`${currency.code}-${currency.updatedAt}`} currency={currency} lastResult={answer?.intent === "update" && answer.code === currency.code ? answer.reply : undefined} />
            )}
          </li>
        ))}
      </ul>
      {/* Emptied once a currency was added. */}
      <AddCurrencyForm key={currencies.length} lastResult={answer?.intent === "add" ? answer.reply : undefined} />
    </main>
  );
}

function CurrencyForm({ currency, lastResult }: { currency: CurrencyRow; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: `currency-${currency.code}`,
    lastResult,
    defaultValue: { symbol: currency.symbol, rate: formatRateMicros(currency.valueMicros) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CurrencyUpdateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="admin-currencies__row">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="code" value={currency.code} />
      <h2>{currency.code}</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label={t("currencies.rate")} htmlFor={fields.rate.id} errorId={fields.rate.errorId} errors={fields.rate.errors} hint={t("currencies.rateHint", { code: currency.code })}>
        <input {...getInputProps(fields.rate, { type: "text" })} inputMode="decimal" autoComplete="off" />
      </Field>
      <Field label={t("currencies.symbol")} htmlFor={fields.symbol.id} errorId={fields.symbol.errorId} errors={fields.symbol.errors}>
        <input {...getInputProps(fields.symbol, { type: "text" })} autoComplete="off" />
      </Field>
      <SubmitButton className="button button--small">
        {t("currencies.save")}
      </SubmitButton>
    </Form>
  );
}

function AddCurrencyForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "currency-add",
    lastResult,
    defaultValue: { decimals: "2" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CurrencyAddSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="account-form admin-currencies__add" aria-labelledby="add-currency-title">
      <h2 id="add-currency-title">{t("currencies.addTitle")}</h2>
      <input type="hidden" name="intent" value="add" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label={t("currencies.code")} htmlFor={fields.code.id} errorId={fields.code.errorId} errors={fields.code.errors} hint={t("currencies.codeHint")}>
        <input {...getInputProps(fields.code, { type: "text" })} maxLength={3} autoComplete="off" />
      </Field>
      <Field label={t("currencies.symbol")} htmlFor={fields.symbol.id} errorId={fields.symbol.errorId} errors={fields.symbol.errors}>
        <input {...getInputProps(fields.symbol, { type: "text" })} autoComplete="off" />
      </Field>
      <Field label={t("currencies.rate")} htmlFor={fields.rate.id} errorId={fields.rate.errorId} errors={fields.rate.errors} hint={t("currencies.rateHint", { code: "…" })}>
        <input {...getInputProps(fields.rate, { type: "text" })} inputMode="decimal" autoComplete="off" />
      </Field>
      <Field label={t("currencies.decimals")} htmlFor={fields.decimals.id} errorId={fields.decimals.errorId} errors={fields.decimals.errors}>
        <select {...getSelectProps(fields.decimals)}>
          {[0, 1, 2, 3].map((decimals) => (
            <option key={decimals} value={decimals}>
              {decimals}
            </option>
          ))}
        </select>
      </Field>
      <SubmitButton>
        {t("currencies.add")}
      </SubmitButton>
    </Form>
  );
}
