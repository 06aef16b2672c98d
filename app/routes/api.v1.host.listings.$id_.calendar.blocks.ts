// POST   /api/v1/host/listings/{id}/calendar/blocks { from, to? } | { all: true }: blocks nights.
// DELETE /api/v1/host/listings/{id}/calendar/blocks?from=&to= | ?all=true: unblocks them.
// The calendar page's setBlocked (its host, an operator or a co-host) → 200 { changed }.
import { CalendarRangeSchema } from "~/schemas/listings-api";
import { allowMethods, apiSetBlocked, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { apiError, apiRoute, fieldKeysFromZodError, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST", "DELETE"]);

function rangeOfQuery(request: Request) {
  const query = new URL(request.url).searchParams;
  const raw = query.get("all") === "true" ? { all: true } : { from: query.get("from") ?? undefined, to: query.get("to") ?? undefined };
  const parsed = CalendarRangeSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw apiError(422, "api:errors.invalid_input", { code: "invalid_input", fields: fieldKeysFromZodError(parsed.error) });
  return parsed.data;
}

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST", "DELETE"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  if (request.method === "DELETE") return apiSetBlocked(actor, id, rangeOfQuery(request), false);
  return apiSetBlocked(actor, id, await readApiInput(request, CalendarRangeSchema), true);
});
