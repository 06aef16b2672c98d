// GET /api/v1/host/company → { company }; PUT { legalName, taxId, address } → the company, by
// /dashboard/company's schema and declareCompany (403 for an account that does not host);
// DELETE → 204, withdrawCompany. ADR 225.
import { CompanySchema } from "~/schemas/company";
import { companyOf, declareCompany, withdrawCompany } from "~/services/receipts/company.server";
import { apiError, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser, requireHost } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request }) => ({ company: await companyOf((await requireApiUser(request)).id) }));

export const action = apiRoute(async ({ request }) => {
  if (request.method === "PUT") {
    const user = await requireHost(request);
    return declareCompany(user, await readJsonBody(request, CompanySchema));
  }
  if (request.method === "DELETE") {
    await withdrawCompany(await requireHost(request));
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }
  throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "PUT", "DELETE"] } });
});
