// POST /listings/{id}/photos: the photo forms' JavaScript path (multipart, like the form itself),
// answering JSON { ok, message? } so the page can show an upload progress bar and then reload
// its data. Without JavaScript the same form posts to the page it is on.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { actorOf, isMultipart, parseId, uploadForm, uploadJson } from "./listing-forms.server";

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
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
