// POST /data-saver (or /{lang}/data-saver): the "Data saver" switch of the footer and the profile
// settings, a plain form that works without JavaScript (ADR 231). Remembers the choice in the
// darna_data_saver cookie and sends the visitor back (303) to the local path in `redirectTo`.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { DataSaverSchema } from "~/schemas/data-saver";
import { serializeDataSaverCookie } from "~/utils/data-saver.server";
import { readSwitchForm } from "~/utils/form-data.server";
import { requireKnownLanguage, withLanguage } from "~/utils/i18n";
import { redirectWithToast } from "~/utils/toast.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requireKnownLanguage(params.lang);
  const form = await readSwitchForm(request, lang);
  const submission = DataSaverSchema.safeParse(form);
  if (!submission.success) throw new Response("Bad Request", { status: 400 });
  const on = submission.data.dataSaver === "on";
  return redirectWithToast(
    submission.data.redirectTo,
    { type: "success", message: on ? "common:dataSaver.turnedOn" : "common:dataSaver.turnedOff" },
    { status: 303, headers: { "Set-Cookie": await serializeDataSaverCookie(on) } },
  );
}

// Nothing to show: a GET (a bookmarked or typed address) goes to the home page.
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(withLanguage("/", requireKnownLanguage(params.lang)));
}
