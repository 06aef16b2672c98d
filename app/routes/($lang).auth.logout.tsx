import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { revokeSession } from "~/utils/auth-sessions.server";
import { clearSessionCookie, getOptionalSession } from "~/utils/auth.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

// POST /auth/logout: ends this session (its row is deleted) and clears the Token cookie.
// A GET changes nothing: it only leads home.

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(localizedPath(request, "/"));
}

export async function action({ request }: ActionFunctionArgs) {
  const current = await getOptionalSession(request);
  if (current) await revokeSession(current.sessionId);
  return redirectWithToast(
    localizedPath(request, "/"),
    { type: "info", message: "auth:logout.done" },
    { headers: { "Set-Cookie": await clearSessionCookie() } },
  );
}
