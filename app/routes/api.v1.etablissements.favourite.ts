// GET /api/v1/etablissements/favourite (bearer) → { favouriteEstablishments: [...] } (SPEC.md §7):
// the hotels and guesthouses the caller saved that are public, newest saved first.
import { favoriteEstablishments } from "~/services/favorites/favorite.server";
import { apiRoute, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const establishments = await favoriteEstablishments(user.id);
  return {
    favouriteEstablishments: establishments.map((item) => ({
      ID_Etablissement: item.id,
      title: item.title,
      type: item.type,
      city: item.city,
      photo: item.photo?.src ?? null,
      nightlyPrice: item.nightlyPrice,
    })),
  };
});

export const action = methodNotAllowed(["GET", "HEAD"]);
