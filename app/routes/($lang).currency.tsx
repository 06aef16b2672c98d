// POST /currency (or /{lang}/currency): the currency selector's form, which works without
// JavaScript. Remembers the chosen display currency in the `currency` cookie and sends the
// visitor back (303) to the local path in `redirectTo`. Fields: CurrencySelectionSchema.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { CurrencySelectionSchema } from "~/schemas/currency";
import { findCurrency, serializeCurrencyCookie } from "~/utils/currency.server";
import { requireKnownLanguage, withLanguage } from "~/utils/i18n";
import { redirectWithToast } from "~/utils/toast.server";
import { readSwitchForm } from "~/utils/form-data.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requireKnownLanguage(params.lang);
  // A form that forgot redirectTo goes home; one naming another site is refused outright.
  const form = await readSwitchForm(request, lang);
  const submission = CurrencySelectionSchema.safeParse(form);
  if (!submission.success) {
    if (submission.error.issues.some((issue) => issue.path[0] === "redirectTo")) {
      throw new Response("Bad Request: redirectTo must be a local path", { status: 400 });
    }
    const back = typeof form.redirectTo === "string" ? form.redirectTo : withLanguage("/", lang);
    return redirectWithToast(back, { type: "error", message: "currency:errors.unknown" }, { status: 303 });
  }
  const { code, redirectTo } = submission.data;
  const currency = await findCurrency(code);
  if (!currency) {
    return redirectWithToast(redirectTo, { type: "error", message: "currency:errors.unknown" }, { status: 303 });
  }
  return redirect(redirectTo, { status: 303, headers: { "Set-Cookie": await serializeCurrencyCookie(currency.code) } });
}

// Nothing to show: a GET (a bookmarked or typed address) goes to the home page.
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(withLanguage("/", requireKnownLanguage(params.lang)));
}
