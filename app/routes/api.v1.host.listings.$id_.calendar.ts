// GET /api/v1/host/listings/{id}/calendar?month=YYYY-MM: a month of the host calendar (the
// calendar page's getHostCalendar: state, rooms left and price of each night). Its host, an
// operator or a co-host of the listing (ADR 147), as the page.
import { apiHostCalendar, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(async ({ request, params }) => {
  const actor = await requireApiHost(request);
  return apiHostCalendar(actor, Number(params.id), new URL(request.url).searchParams.get("month"));
});

export const action = methodNotAllowed(["GET"]);
