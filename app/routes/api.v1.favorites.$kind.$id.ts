// POST /api/v1/favorites/{kind}/{id} → 200 { kind, id, favorite: true } (saving twice keeps one);
// DELETE → { favorite: false } (removing one that is not there is not an error). The heart's
// rules (ADR 225): only public listings of that kind and active partners can be added, else 404.
import { FAVORITE_API_KINDS, FavoritePathSchema } from "~/schemas/favorites-api";
import { setFavorite } from "~/services/favorites/favorite.server";
import { apiError, apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = methodNotAllowed(["POST", "DELETE"]);

export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST" && request.method !== "DELETE") {
    throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["POST", "DELETE"] } });
  }
  const user = await requireApiUser(request);
  const path = FavoritePathSchema.safeParse({ kind: params.kind, id: Number(params.id) });
  if (!path.success) throw apiError(404, "api:errors.not_found");
  const { kind, id } = path.data;
  const favorite = await setFavorite(user.id, FAVORITE_API_KINDS[kind], id, request.method === "POST");
  return { kind, id, favorite };
});
