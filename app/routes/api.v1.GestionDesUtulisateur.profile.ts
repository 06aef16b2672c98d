// POST /api/v1/GestionDesUtulisateur/profile { ID_Utulisateur } → { userProfile, hasProperties }
// (SPEC.md §7). Only for the bearer's own account: 401 without a valid token, 403 when
// ID_Utulisateur names someone else.
import { ProfileRequestSchema } from "~/schemas/login";
import { getApiProfile } from "~/services/accounts/user.server";
import { AppError } from "~/utils/app-error";
import { apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"])({ request, context, params: {} });
  const user = await requireApiUser(request);
  const { ID_Utulisateur } = await readJsonBody(request, ProfileRequestSchema);
  if (ID_Utulisateur !== user.id) throw new AppError(403, "auth:forbidden", { code: "forbidden" });
  return apiJson(await getApiProfile(user.id));
});

export const loader = methodNotAllowed(["POST"]);
