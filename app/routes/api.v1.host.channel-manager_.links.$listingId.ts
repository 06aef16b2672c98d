// DELETE /api/v1/host/channel-manager/links/{listingId}: unlinks the listing and frees the nights
// the link had blocked (204; 404 "Error deleting the sync" when it was not linked).
import { unlinkListing } from "~/services/channel-manager/links.server";
import { parseId } from "~/services/listings/listing-forms.server";
import { AppError } from "~/utils/app-error";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "DELETE") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["DELETE"] } });
  const user = await requireApiUser(request);
  const id = parseId(params.listingId);
  if (id === null) throw new AppError(404, "calendar-sync:errors.unsyncFailed");
  await unlinkListing(user, id);
  return new Response(null, { status: 204 });
});
