// GET /api/v1/me → the bearer's profile and settings (what /profile and /profile/settings show);
// PATCH /api/v1/me { any subset } → saves them by the pages' rules and answers the result
// (ADR 225). A bad field is a 400 with the profile form's own translated message.
import { MePatchSchema } from "~/schemas/me-api";
import { getMe, updateMe } from "~/services/accounts/me.server";
import { apiError, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request }) => getMe((await requireApiUser(request)).id));

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "PATCH") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "PATCH"] } });
  const user = await requireApiUser(request);
  return updateMe(user.id, await readJsonBody(request, MePatchSchema));
});
