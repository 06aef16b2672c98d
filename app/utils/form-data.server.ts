import { withLanguage, type Language } from "~/utils/i18n";

// The one way a page action reads its form: a body that does not parse as a form (a broken
// multipart body, a cut-off upload) is the visitor's 400, never a 500. server.ts has already
// refused bodies that are not forms at all (415) or too large (413).
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400, statusText: "Bad Request" });
  }
}

/**
 * The fields of a footer switch's form (currency, data saver: a plain POST that sends the visitor
 * back to `redirectTo`). A form that left `redirectTo` out or empty goes home, in `lang`; the
 * switch's schema still refuses one naming another site.
 */
export async function readSwitchForm(request: Request, lang: Language | undefined): Promise<Record<string, FormDataEntryValue>> {
  const form = Object.fromEntries(await readFormData(request));
  if (form.redirectTo === undefined || form.redirectTo === "") form.redirectTo = withLanguage("/", lang);
  return form;
}
