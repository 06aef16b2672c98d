// POST /api/v1/partner-proposals { name, description, priceRanges, availability, languages, email,
// phone, website? } → 201 { id, status: "pending" } (ADR 181). Anyone may propose; a bearer
// token, when given, must be valid and links the proposal to that account.
import type { z } from "~/schemas/zod";
import { PartnerProposalBodySchema } from "~/schemas/partner-proposal";
import type { PartnerProposalCreatedSchema } from "~/schemas/partners-api";
import { submitPartnerProposal } from "~/services/partners/proposals.server";
import { apiJson, apiLanguage, apiRoute, getBearerToken, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"])({ request, context, params: {} });
  const user = getBearerToken(request) ? await requireApiUser(request) : null;
  const input = await readJsonBody(request, PartnerProposalBodySchema);
  const body: z.infer<typeof PartnerProposalCreatedSchema> = await submitPartnerProposal(input, {
    userId: user?.id ?? null,
    language: await apiLanguage(request),
  });
  return apiJson(body, { status: 201 });
});

export const loader = methodNotAllowed(["POST"]);
