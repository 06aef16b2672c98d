// GET /api/v1/host/channel-manager: linked or not, and each listing's link.
// PUT /api/v1/host/channel-manager { token }: saves the account token once the provider accepts it.
import { ChannelTokenSchema } from "~/schemas/calendar-sync";
import { getChannelManagerPage, saveChannelToken } from "~/services/channel-manager/links.server";
import { apiError, apiLanguage, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getFixedT } from "~/utils/i18n.server";
import { type UserRole } from "~/domain/staff-roles";

async function state(request: Request, user: { id: number; role: UserRole }) {
  const t = await getFixedT(await apiLanguage(request), "calendar-sync");
  const page = await getChannelManagerPage(user);
  return {
    linked: page.linked,
    links: page.listings.flatMap((listing) =>
      listing.link
        ? [{ listingId: listing.listingId, propertyKey: listing.link.propertyKey, lastExchangeAt: listing.link.lastExchangeAt?.toISOString() ?? null, error: listing.link.error ? t(listing.link.error) : null }]
        : [],
    ),
  };
}

export const loader = apiRoute(async ({ request }) => state(request, await requireApiUser(request)));

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "PUT") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "PUT"] } });
  const user = await requireApiUser(request);
  const body = await readJsonBody(request, ChannelTokenSchema);
  await saveChannelToken(user, body.token);
  return state(request, user);
});
