// POST /api/v1/GestionPartenaire/selectFavouriteByIDUser { ID_Utulisateur } → [{ ID_Prestataire }, …]
// (SPEC.md §7): the partners (providers) the caller saved that are active. Only for
// the bearer's own account: 401 without a valid token, 403 when ID_Utulisateur names someone else.
import type { FavoriteProviderIds } from "~/schemas/discovery-api";
import { FavoriteListBodySchema } from "~/schemas/favorite";
import { favoriteProviderIds } from "~/services/favorites/favorite.server";
import { AppError } from "~/utils/app-error";
import { apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"])({ request, context, params: {} });
  const user = await requireApiUser(request);
  const { ID_Utulisateur } = await readJsonBody(request, FavoriteListBodySchema);
  if (ID_Utulisateur !== user.id) throw new AppError(403, "api:errors.forbidden", { code: "forbidden" });
  const body: FavoriteProviderIds = (await favoriteProviderIds(user.id)).map((id) => ({ ID_Prestataire: id }));
  return apiJson(body);
});

export const loader = methodNotAllowed(["POST"]);
