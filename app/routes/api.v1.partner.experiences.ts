// POST /api/v1/partner/experiences → 201 { id, status: "pending" }: the partner's new experience
// and its slots (one start, or weekly until a date), as /dashboard/experiences/new creates it —
// PartnerExperienceSchema and createPartnerExperience (ADR 225). 403 for an account that is not
// an active partner.
import { PartnerExperienceSchema } from "~/schemas/partner-experience";
import { createPartnerExperience } from "~/services/experiences/partner-experiences.server";
import { apiError, apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireVerifiedUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST"]);

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST"] } });
  const user = await requireVerifiedUser(request);
  const id = await createPartnerExperience(user.id, await readJsonBody(request, PartnerExperienceSchema));
  return apiJson({ id, status: "pending" }, { status: 201, headers: { Location: `/api/v1/experiences/${id}` } });
});
