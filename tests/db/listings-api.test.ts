// GET /api/v1/host/listings and /api/v1/host/listings/{id}, held against the OpenAPI document.
import { describe, expect, it } from "vitest";
import * as listRoute from "~/routes/api.v1.host.listings";
import * as oneRoute from "~/routes/api.v1.host.listings.$id";
import { createSession } from "~/utils/auth-sessions.server";
import { addPhotos } from "~/services/photos/listing-photos.server";
import { saveAddress, savePropertyType } from "~/services/listings/listing-wizard.server";
import { softDeleteListing } from "~/services/listings/listing-pauses.server";
import { createTestUser, testPhoto } from "../factories/listing-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const LIST = "/api/v1/host/listings";
const ONE = "/api/v1/host/listings/{id}";

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(userId, "api", { userAgent: "test", ip: null })).id;
}

function get(path: string, token?: string, language = "en") {
  return new Request(new URL(path, "http://localhost:4321"), {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Accept-Language": language },
  });
}

const address = { governorate: "sousse", delegation: "Sousse Médina", city: "Sousse", street: "Rue de Paris" };

describe("host listings API", () => {
  it("lists only the bearer's own listings, not deleted ones, as documented", async () => {
    const host = await createTestUser();
    const other = await createTestUser();
    const actor = { id: host.id, role: "user" as const };
    const draft = await saveAddress(actor, null, address);
    await savePropertyType(actor, draft, { propertyType: "apartment", maxGuests: 2, bedrooms: 1, beds: 1, bathrooms: 1 });
    await addPhotos(actor, draft, [{ name: "a.jpg", data: await testPhoto(1) }]);
    const deleted = await saveAddress(actor, null, address);
    await softDeleteListing(actor, deleted);
    await saveAddress({ id: other.id, role: "user" }, null, address);

    const response = (await listRoute.loader({ request: get(LIST, await tokenFor(host.id)), params: {}, context: {} })) as Response;
    const body = (await expectApiResponseMatchesOpenApi("get", LIST, response)) as { listings: Array<Record<string, unknown>> };
    expect(response.status).toBe(200);
    expect(body.listings.map((listing) => listing.id)).toEqual([draft]);
    expect(body.listings[0]).toMatchObject({ status: "pending", moderationState: "draft", nextStep: "photos", propertyType: "apartment", currency: "TND" });
    expect(String(body.listings[0]!.coverUrl)).toMatch(/-640\.webp$/);
  });

  it("reads one listing with every field; another host's is 403, unknown 404, no token 401", async () => {
    const host = await createTestUser();
    const other = await createTestUser();
    const id = await saveAddress({ id: host.id, role: "user" }, null, { ...address, postalCode: "4000" });
    const token = await tokenFor(host.id);

    const response = (await oneRoute.loader({ request: get(`${LIST}/${id}`, token), params: { id: String(id) }, context: {} })) as Response;
    const body = (await expectApiResponseMatchesOpenApi("get", ONE, response)) as { listing: Record<string, unknown> };
    expect(body.listing).toMatchObject({
      id,
      address: { country: "TN", governorate: "Sousse", governorateCode: "sousse", delegation: "Sousse Médina", postalCode: "4000", city: "Sousse" },
      prices: { currency: "TND", basePrice: null, minNights: 1 },
      status: "pending",
      visibility: "visible",
      hotel: null,
    });

    const forbidden = (await oneRoute.loader({ request: get(`${LIST}/${id}`, await tokenFor(other.id), "fr"), params: { id: String(id) }, context: {} })) as Response;
    expect(forbidden.status).toBe(403);
    expect(((await expectApiResponseMatchesOpenApi("get", ONE, forbidden)) as { error: { message: string } }).error.message).toBe(
      "Vous ne pouvez pas ouvrir l'annonce d'un autre hôte",
    );
    const missing = (await oneRoute.loader({ request: get(`${LIST}/999999`, token), params: { id: "999999" }, context: {} })) as Response;
    expect(missing.status).toBe(404);
    await expectApiResponseMatchesOpenApi("get", ONE, missing);
    const anonymous = (await listRoute.loader({ request: get(LIST), params: {}, context: {} })) as Response;
    expect(anonymous.status).toBe(401);
    await expectApiResponseMatchesOpenApi("get", LIST, anonymous);
  });
});
