// POST /favorites: the heart on cards and pages. A plain form post (redirect back, with a toast
// on failure) that a fetcher also uses when JavaScript runs (then it answers with data).
// Signed-out visitors are sent to log in: "Please log in to add to favorites."
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { FavoriteFormSchema } from "~/schemas/favorite";
import { setFavorite } from "~/services/favorites/favorite.server";
import { getOptionalUser, loginPath, safeRedirect } from "~/utils/auth.server";
import { localizedPath } from "~/utils/localized-path";
import { createToastHeaders, redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await readFormData(request));
  const back = safeRedirect(form.redirectTo, localizedPath(request, "/accommodation"));
  const user = await getOptionalUser(request);
  if (!user) {
    return redirectWithToast(loginPath(request, back), { type: "info", message: "favorites:loginRequired" }, { status: 303 });
  }
  const submission = FavoriteFormSchema.safeParse(form);
  const byFetcher = form.fetcher === "1";
  const failure = { type: "error" as const, message: "favorites:errors.failed" };
  if (!submission.success) {
    if (byFetcher) return data({ ok: false }, { status: 400, headers: await createToastHeaders(failure) });
    return redirectWithToast(back, failure, { status: 303 });
  }
  const { kind, targetId, intent } = submission.data;
  let saved: boolean;
  try {
    saved = await setFavorite(user.id, kind, targetId, intent === "add");
  } catch (error) {
    const status = error instanceof Error && "status" in error && typeof error.status === "number" ? error.status : 500;
    if (status >= 500) console.error("favorites: could not save", error);
    if (byFetcher) return data({ ok: false }, { status, headers: await createToastHeaders(failure) });
    return redirectWithToast(back, failure, { status: 303 });
  }
  if (byFetcher) return data({ ok: true, saved });
  return redirect(back, { status: 303 });
}

// A GET (a bookmarked address): the favorites live in the profile.
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(localizedPath(request, "/profile/favorites"));
}
