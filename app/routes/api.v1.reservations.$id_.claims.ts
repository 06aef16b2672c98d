// POST /api/v1/reservations/{id}/claims { kind, amenity?, affectedNights?, text }: the traveler
// opens a claim within 24 hours of check-in → 201 the claim; 403 for anyone else (the host
// included); 409 outside the window or while a claim is open; 422 with field errors.
// GET /api/v1/reservations/{id}/claims: the stay's claims, for its traveler, its host and
// operators (403 for anyone else). Photos are added from the reservation page's form.
import { z } from "~/schemas/zod";
import { ClaimSchema } from "~/schemas/claim";
import { claimsOfReservation, openClaim, requireClaimant } from "~/services/money/claims.server";
import { apiError, apiJson, apiRoute, fieldKeysFromZodError, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { parseIdParam } from "~/utils/id-param";

function reservationIdOf(params: Record<string, string | undefined>): number {
  const id = parseIdParam(params.id);
  if (id === null) throw apiError(404, "reservation:errors.notFound", { code: "not_found" });
  return id;
}

export const loader = apiRoute(async ({ request, params }) => {
  if (request.method !== "GET" && request.method !== "HEAD") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const user = await requireApiUser(request);
  return apiJson({ claims: await claimsOfReservation(user, reservationIdOf(params)) });
});

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const user = await requireApiUser(request);
  const reservationId = reservationIdOf(params);
  await requireClaimant(user, reservationId);
  const body = await readJsonBody(request, z.unknown());
  const parsed = ClaimSchema.safeParse(body, { reportInput: true });
  if (!parsed.success) throw apiError(422, "api:errors.invalid_input", { code: "invalid_input", fields: fieldKeysFromZodError(parsed.error) });
  const claim = await openClaim(user, reservationId, parsed.data);
  return apiJson(claim, { status: 201, headers: { Location: `/api/v1/reservations/${reservationId}/claims` } });
});
