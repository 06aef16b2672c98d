// GET /api/v1/favorites?kind=&page=&pageSize= → { items, page, pageSize, total }: what the
// profile's favorites page lists (ADR 225).
import { FAVORITE_API_KINDS, FavoriteListQuerySchema, type FavoriteApiKind } from "~/schemas/favorites-api";
import { favoriteItems } from "~/services/favorites/favorite.server";
import { apiError, apiRoute, fieldKeysFromZodError, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

const API_KIND = Object.fromEntries(Object.entries(FAVORITE_API_KINDS).map(([api, stored]) => [stored, api])) as Record<string, FavoriteApiKind>;

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const query = FavoriteListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams), { reportInput: true });
  if (!query.success) throw apiError(400, "api:errors.invalid_input", { fields: fieldKeysFromZodError(query.error) });
  const { kind, page = 1, pageSize = 20 } = query.data;
  const items = await favoriteItems(user.id, kind ? FAVORITE_API_KINDS[kind] : undefined);
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize).map((item) => ({ ...item, kind: API_KIND[item.kind]!, currency: "TND" as const })),
    page,
    pageSize,
    total: items.length,
  };
});

export const action = methodNotAllowed(["GET", "HEAD"]);
