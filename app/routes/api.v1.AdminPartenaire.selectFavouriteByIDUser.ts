// POST /api/v1/AdminPartenaire/selectFavouriteByIDUser { ID_Utulisateur } → [{ ID_Bien }, …]
// (SPEC.md §7): the properties the caller saved. Only for the bearer's own account: 401 without a
// valid token, 403 when ID_Utulisateur names someone else.
import type { FavoritePropertyIds } from "~/schemas/discovery-api";
import { FavoriteListBodySchema } from "~/schemas/favorite";
import { favoritePropertyIds } from "~/services/favorites/favorite.server";
import { AppError } from "~/utils/app-error";
import { apiJson, apiRoute, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"])({ request, context, params: {} });
  const user = await requireApiUser(request);
  const { ID_Utulisateur } = await readJsonBody(request, FavoriteListBodySchema);
  if (ID_Utulisateur !== user.id) throw new AppError(403, "api:errors.forbidden", { code: "forbidden" });
  const body: FavoritePropertyIds = (await favoritePropertyIds(user.id)).map((id) => ({ ID_Bien: id }));
  return apiJson(body);
});

export const loader = methodNotAllowed(["POST"]);
