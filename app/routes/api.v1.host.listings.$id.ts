// GET /api/v1/host/listings/{id}: one listing of the bearer, every field (403 another host's).
import { apiHostListing } from "~/services/listings/listing-api.server";
import { AppError } from "~/utils/app-error";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { actorOf, parseId } from "~/services/listings/listing-forms.server";

export const loader = apiRoute(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const id = parseId(params.id);
  if (id === null) throw new AppError(404, "listing:errors.notFound");
  return apiHostListing(actorOf(user), id);
});

export const action = methodNotAllowed(["GET"]);
