import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localizedPath } from "~/utils/localized-path";

// /auth/login: the login page is /auth (SPEC.md §2); links written the other way still arrive.
export async function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(localizedPath(request, "/auth") + search, 301);
}
