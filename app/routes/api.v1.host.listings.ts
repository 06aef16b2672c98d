// GET /api/v1/host/listings: the bearer's own listings with their status and next step.
import { apiHostListings } from "~/services/listings/listing-api.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { actorOf } from "~/services/listings/listing-forms.server";

export const loader = apiRoute(async ({ request }) => apiHostListings(actorOf(await requireApiUser(request))));

export const action = methodNotAllowed(["GET"]);
