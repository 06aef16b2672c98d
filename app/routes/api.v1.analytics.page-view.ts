// POST /api/v1/analytics/page-view { path, kind? } → 204: the page view of a client-side
// navigation, or (kind "hydration") the mark that a page's JavaScript started (ADR 171).
// navigator.sendBeacon sends the JSON as text/plain, which readJsonBody accepts.
import { PageViewSchema } from "~/schemas/analytics";
import { recordHydration, recordNavigationPageView } from "~/services/analytics/analytics.server";
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, undefined, { values: { allow: ["POST"] } });
  const { path, kind } = await readJsonBody(request, PageViewSchema);
  // Analytics never fails a request: an unreadable session counts as anonymous.
  const user = await getOptionalUser(request).catch(() => null);
  if (kind === "hydration") await recordHydration(path, user?.id ?? null);
  else await recordNavigationPageView(path, user?.id ?? null);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

export const loader = methodNotAllowed(["POST"]);
