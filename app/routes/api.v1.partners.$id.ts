// GET /api/v1/partners/{id}: an active partner's public page as data (404 for unknown or
// suspended partners). A bearer token, when given, must be valid: the contact depends on who asks.
import { publicPartner } from "~/services/partners/partner-page.server";
import type { z } from "~/schemas/zod";
import type { PublicPartnerSchema } from "~/schemas/partners-api";
import { AppError } from "~/utils/app-error";
import { apiJson, apiLanguage, apiRoute, getBearerToken, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request, params }) => {
  const viewer = getBearerToken(request) ? await requireApiUser(request) : null;
  const id = /^\d+$/.test(params.id ?? "") ? Number(params.id) : 0;
  const partner = await publicPartner(id, await apiLanguage(request), viewer?.id);
  if (!partner) throw new AppError(404, "api:errors.not_found", { code: "not_found" });
  const body: z.infer<typeof PublicPartnerSchema> = partner;
  return apiJson(body);
});

export const action = methodNotAllowed(["GET", "HEAD"]);
