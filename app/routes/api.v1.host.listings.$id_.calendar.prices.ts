// PUT /api/v1/host/listings/{id}/calendar/prices { from, to?, price }: the calendar page's
// per-night price (setPrice; price in millimes, null gives back the base price) → 200 { changed }.
import { CalendarPricesSchema } from "~/schemas/listings-api";
import { allowMethods, apiSetPrices, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["PUT"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["PUT"]);
  const actor = await requireApiHost(request);
  return apiSetPrices(actor, Number(params.id), await readApiInput(request, CalendarPricesSchema));
});
