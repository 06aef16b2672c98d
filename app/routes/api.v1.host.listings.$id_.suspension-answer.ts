// POST /api/v1/host/listings/{id}/suspension-answer { answer }: the host answers the team about
// their suspended listing, as the form of /dashboard/listing-answer/{id} (answerSuspension) → 204;
// 404 not the bearer's listing, 409 a listing that is not suspended.
import { ListingAnswerSchema } from "~/schemas/console";
import { answerSuspension } from "~/services/admin/live-listings.server";
import { allowMethods, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const actor = await requireApiHost(request);
  const { answer } = await readApiInput(request, ListingAnswerSchema);
  await answerSuspension(actor, Number(params.id), answer);
  return new Response(null, { status: 204 });
});
