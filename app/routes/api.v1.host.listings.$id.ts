// GET    /api/v1/host/listings/{id}: one listing of the bearer, every field (403 another host's).
// PATCH  /api/v1/host/listings/{id} { …sections }: saves wizard sections with the wizard's own
//        service functions → 200 { listing }; 422 with field errors named "section.field".
// DELETE /api/v1/host/listings/{id}: the edit page's soft delete → 204.
import { ListingSectionsSchema } from "~/schemas/listings-api";
import { apiHostListing } from "~/services/listings/listing-api.server";
import { allowMethods, readApiInput, requireApiHost, saveListingSections } from "~/services/listings/listing-api-writes.server";
import { softDeleteListing } from "~/services/listings/listing-pauses.server";
import { AppError } from "~/utils/app-error";
import { apiRoute } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { actorOf, parseId } from "~/services/listings/listing-forms.server";

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const id = parseId(params.id);
  if (id === null) throw new AppError(404, "listing:errors.notFound");
  return apiHostListing(actorOf(user), id);
});

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["GET", "PATCH", "DELETE"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  if (request.method === "DELETE") {
    await softDeleteListing(actor, id);
    return new Response(null, { status: 204 });
  }
  const body = await readApiInput(request, ListingSectionsSchema);
  await saveListingSections(actor, id, body);
  return apiHostListing(actor, id);
});
