// PUT /api/v1/host/listings/{id}/visibility { visibility: "visible" | "hidden" }: the edit page's
// hide/show switch (setVisibility) → 200 { listing }.
import { VisibilitySchema } from "~/schemas/listings-api";
import { apiHostListing } from "~/services/listings/listing-api.server";
import { allowMethods, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { setVisibility } from "~/services/listings/listing-pauses.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["PUT"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["PUT"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  const { visibility } = await readApiInput(request, VisibilitySchema);
  await setVisibility(actor, id, visibility);
  return apiHostListing(actor, id);
});
