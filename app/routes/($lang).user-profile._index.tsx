import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { localizedPath } from "~/utils/localized-path";

// /user-profile without an id: your own public profile.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return redirect(localizedPath(request, `/user-profile/${user.id}`));
}
