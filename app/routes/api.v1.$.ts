// Any /api/v1 path no route claims: a JSON 404 (never the HTML not-found page).
import { apiError, apiRoute } from "~/utils/api.server";

const notFound = apiRoute(() => {
  throw apiError(404, "api:errors.route_not_found", { code: "route_not_found" });
});

export const loader = notFound;
export const action = notFound;
