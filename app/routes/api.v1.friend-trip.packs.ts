// GET /api/v1/friend-trip/packs → [{ code, price, currency, promotion? }]: the packs as offered
// today (price 0 while the promotion is on offer).
import { listPackOffers } from "~/services/friend-trip/friend-trip-packs.server";
import { apiJson, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(async () => {
  const offers = await listPackOffers(new Date());
  return apiJson(offers.map((offer) => ({ code: offer.code, price: offer.price, currency: "TND", ...(offer.promotion ? { promotion: offer.promotion } : {}) })));
});

export const action = methodNotAllowed(["GET"]);
