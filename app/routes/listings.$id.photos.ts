// POST /listings/{id}/photos: the photo forms' JavaScript path (multipart, like the form itself),
// answering JSON { ok, message? } so the page can show an upload progress bar and then reload
// its data. Without JavaScript the same form posts to the page it is on.
// Like the wizard and the edit pages, only a verified user uploads: an unverified one gets a JSON
// 403 (not the pages' redirect to /verify, whose redirectTo would be this POST-only URL); the
// page's script then reloads, and the page itself sends them to verify.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { actorOf, isMultipart, parseId, uploadForm, uploadJson } from "~/services/listings/listing-forms.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (!user.emailVerified) {
    const t = await getFixedT(await getLanguage(request), ["auth"]);
    return Response.json({ ok: false, message: String(t("auth:verify.required")) }, { status: 403 });
  }
  const listingId = parseId(params.id);
  if (listingId === null) return Response.json({ ok: false, message: "Not Found" }, { status: 404 });
  if (request.method !== "POST" || !isMultipart(request)) {
    return Response.json({ ok: false, message: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
  }
  return uploadJson(request, await uploadForm(actorOf(user), listingId, request));
}

export function loader() {
  return Response.json({ ok: false, message: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}
