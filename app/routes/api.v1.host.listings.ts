// GET  /api/v1/host/listings: the bearer's own listings with their status and next step.
// POST /api/v1/host/listings { address, …sections }: a new draft, as the wizard's first step
// starts one (then any further sections) → 201 { listing } (ADR 224).
import { NewListingSchema } from "~/schemas/listings-api";
import { apiHostListing, apiHostListings } from "~/services/listings/listing-api.server";
import { allowMethods, readApiInput, requireApiHost, saveListingSections } from "~/services/listings/listing-api-writes.server";
import { LEGACY_LIST_PAGE_SIZE, paginate, readPagination } from "~/utils/api-pagination";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { actorOf } from "~/services/listings/listing-forms.server";

export const loader = apiRoute(async ({ request }) => {
  const pagination = readPagination(request.url, LEGACY_LIST_PAGE_SIZE);
  const { listings } = await apiHostListings(actorOf(await requireApiUser(request)));
  const { items, ...page } = paginate(listings, pagination);
  return { listings: items, ...page };
});

export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["GET", "POST"]);
  const actor = await requireApiHost(request);
  const body = await readApiInput(request, NewListingSchema);
  const id = await saveListingSections(actor, null, body);
  return apiJson(await apiHostListing(actor, id), { status: 201, headers: { Location: `/api/v1/host/listings/${id}` } });
});
