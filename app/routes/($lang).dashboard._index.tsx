// /dashboard (host mode's entry in the shell): the host's listings are the dashboard's first page.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { localizedPath } from "~/utils/localized-path";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect(localizedPath(request, "/dashboard/listings"));
}
