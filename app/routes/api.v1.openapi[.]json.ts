// GET /api/v1/openapi.json: the OpenAPI 3.1 document of every /api/v1 route.
import { getOpenApiDocument } from "~/openapi/document.server";
import { apiJson, apiRoute, methodNotAllowed } from "~/utils/api.server";

export const loader = apiRoute(() =>
  apiJson(getOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
);

export const action = methodNotAllowed(["GET", "HEAD"]);
