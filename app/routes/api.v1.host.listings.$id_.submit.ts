// POST /api/v1/host/listings/{id}/submit: the wizard's last step sends the listing for review
// (submitListing) → 200 { listing }; 422 `incomplete` naming the missing steps.
import { apiHostListing } from "~/services/listings/listing-api.server";
import { allowMethods, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { submitListing } from "~/services/listings/listing-moderation.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  await submitListing(actor, id);
  return apiHostListing(actor, id);
});
