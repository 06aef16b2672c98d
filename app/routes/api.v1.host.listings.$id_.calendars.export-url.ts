// POST /api/v1/host/listings/{id}/calendars/export-url { unitKey? }: the calendar page's "new
// export link" (regenerateExportToken; the old URL answers 404 from now on) → 200 { unitKey, exportUrl }.
// Without unitKey: the listing's first unit (the whole listing, or its first room type or room).
import { ExportRegenerateSchema } from "~/schemas/listings-api";
import { exportLinks, regenerateExportToken } from "~/services/calendar-sync/export.server";
import { allowMethods, readApiInput, requireApiHost } from "~/services/listings/listing-api-writes.server";
import { AppError } from "~/utils/app-error";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request, params }) => {
  allowMethods(request, ["POST"]);
  const actor = await requireApiHost(request);
  const id = Number(params.id);
  const { unitKey } = await readApiInput(request, ExportRegenerateSchema);
  const unit = unitKey ?? (await exportLinks(actor, id))[0]?.unitKey;
  if (unit === undefined) throw new AppError(404, "calendar-sync:errors.feedNotFound");
  return { unitKey: unit, exportUrl: await regenerateExportToken(actor, id, unit) };
});
