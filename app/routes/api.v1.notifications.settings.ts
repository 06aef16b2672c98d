// GET /api/v1/notifications/settings → which categories are also e-mailed; PUT { category: bool… }
// → the settings after the change (any subset): /notifications's settings form, through
// emailSettings and saveEmailSettings (ADR 225).
import { NotificationSettingsBodySchema } from "~/schemas/page-twins-api";
import { emailSettings, saveEmailSettings } from "~/services/notifications/notification-reads.server";
import { apiError, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request }) => emailSettings((await requireApiUser(request)).id));

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "PUT") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "PUT"] } });
  const user = await requireApiUser(request);
  const change = await readJsonBody(request, NotificationSettingsBodySchema);
  await saveEmailSettings(user.id, { ...(await emailSettings(user.id)), ...change });
  return emailSettings(user.id);
});
