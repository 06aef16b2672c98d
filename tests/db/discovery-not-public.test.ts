// Issue 5: "Only approved, visible, not-deleted, not-suspended listings ever appear" and "Unknown or
// non-public ids: 404" — on the property and establishment pages and on every /api/v1/properties
// call, for each way a listing stops being public (and back once a suspension is lifted).
import { describe, expect, it } from "vitest";
import { HostSuspension } from "~/db/models/host-suspension.server";
import type { Listing } from "~/db/models/listing.server";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import * as establishmentRoute from "~/routes/($lang).establishment-details.($id)";
import * as propertyRoute from "~/routes/($lang).property-details.($id)";
import { loader as propertyApi } from "~/routes/api.v1.properties.$id";
import { loader as availabilityApi } from "~/routes/api.v1.properties.$id_.availability";
import { loader as quoteApi } from "~/routes/api.v1.properties.$id_.quote";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createPublicHotel, createPublicListing } from "../factories/discovery-factories";

const day = (offset: number) => addDays(todayInTunis(new Date()), offset);
const stay = () => `checkIn=${day(20)}&checkOut=${day(23)}&adults=2`;

async function suspend(listing: Listing, liftedAt: Date | null = null) {
  await HostSuspension.create({ hostId: listing.hostId, reason: "operator", note: null, suspendedAt: new Date(), liftedAt });
}

/** Every way a public listing stops being public. */
const WAYS: Array<[string, (listing: Listing) => Promise<unknown>]> = [
  ["awaiting review", (listing) => listing.update({ moderationState: "pending_review", status: "pending" })],
  ["rejected", (listing) => listing.update({ moderationState: "rejected", status: "pending" })],
  ["hidden by its host", (listing) => listing.update({ visibility: "hidden" })],
  ["deleted", (listing) => listing.update({ status: "deleted", deletedAt: new Date() })],
  ["of a suspended host", (listing) => suspend(listing)],
];

/** The status of each public way to read a listing: its page and the three API calls. */
async function statuses(listing: Listing, page: "property" | "establishment", roomTypeId?: number) {
  const id = String(listing.id);
  const unit = roomTypeId ? `&roomTypeId=${roomTypeId}` : "";
  const pageRoute = page === "property" ? propertyRoute.loader : establishmentRoute.loader;
  const pagePath = page === "property" ? "/property-details" : "/establishment-details";
  const api = (path: string) => new Request(`http://localhost/api/v1/properties/${id}${path}`);
  return {
    page: (await callRoute(pageRoute, makeRequest(`${pagePath}/${id}?${stay()}`), { params: { id } })).status,
    api: (await propertyApi({ request: api(""), params: { id }, context: {} })).status,
    availability: (await availabilityApi({ request: api(`/availability?from=${day(1)}&to=${day(30)}`), params: { id }, context: {} })).status,
    quote: (await quoteApi({ request: api(`/quote?${stay()}${unit}`), params: { id }, context: {} })).status,
  };
}

const PUBLIC = { page: 200, api: 200, availability: 200, quote: 200 };
const GONE = { page: 404, api: 404, availability: 404, quote: 404 };

describe("a listing that is not public is a 404 on its page and on every API call", () => {
  it.each(WAYS)("a property %s", async (_way, makeNotPublic) => {
    const listing = await createPublicListing();
    expect(await statuses(listing, "property")).toEqual(PUBLIC);
    await makeNotPublic(listing);
    expect(await statuses(listing, "property")).toEqual(GONE);
  });

  it.each(WAYS)("an establishment %s", async (_way, makeNotPublic) => {
    const { listing, roomTypes } = await createPublicHotel();
    expect(await statuses(listing, "establishment", roomTypes[0]!.id)).toEqual(PUBLIC);
    await makeNotPublic(listing);
    expect(await statuses(listing, "establishment", roomTypes[0]!.id)).toEqual(GONE);
  });

  it("a listing whose host's suspension was lifted is public again", async () => {
    const listing = await createPublicListing();
    await suspend(listing, new Date());
    expect(await statuses(listing, "property")).toEqual(PUBLIC);
  });
});
