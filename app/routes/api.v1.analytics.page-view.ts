// POST /api/v1/analytics/page-view { path } → 204: the page view of a client-side navigation.
// navigator.sendBeacon sends the JSON as text/plain, which readJsonBody accepts.
import { PageViewSchema } from "~/schemas/analytics";
import { recordNavigationPageView } from "~/services/analytics/analytics.server";
import { apiError, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, undefined, { values: { allow: ["POST"] } });
  const { path } = await readJsonBody(request, PageViewSchema);
  // Analytics never fails a request: an unreadable session counts as anonymous.
  const user = await getOptionalUser(request).catch(() => null);
  await recordNavigationPageView(path, user?.id ?? null);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

export const loader = methodNotAllowed(["POST"]);
