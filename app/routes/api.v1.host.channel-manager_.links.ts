// POST /api/v1/host/channel-manager/links { listingId, propertyKey }: links a listing (201), then
// runs the first exchange; 409 while the account token is not saved.
import { ChannelLinkSchema } from "~/schemas/calendar-sync";
import { linkListing } from "~/services/channel-manager/links.server";
import { apiError, apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireApiUser(request);
  const body = await readJsonBody(request, ChannelLinkSchema);
  await linkListing(user, body.listingId, body.propertyKey);
  return apiJson({ listingId: body.listingId, propertyKey: body.propertyKey }, { status: 201 });
});
