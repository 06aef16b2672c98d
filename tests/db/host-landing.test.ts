// The host landing's earnings estimate (issue 16 point 1): a range from the catalogue's public
// listings that resemble the host's home, widened (city and bedrooms → city → country and
// bedrooms → country) until at least three say something, never from a listing that is not public.
// Each test uses its own cities and property types, so their order does not matter.
import { describe, expect, it } from "vitest";
import { estimateEarnings } from "~/services/host-landing/earnings-estimate.server";
import * as hostRoute from "~/routes/($lang).host";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createPublicListing, uniqueCity } from "../factories/discovery-factories";

describe("estimateEarnings", () => {
  it("same city, type and bedrooms: first to third quartile of public prices, and the payout after 10 %", async () => {
    const city = uniqueCity("Hammamet");
    for (const basePrice of [100_000, 120_000, 150_000, 180_000, 400_000]) {
      await createPublicListing({ city, propertyType: "apartment", bedrooms: 2, basePrice });
    }
    // Neither counts: one is hidden, one is still under review, one has three bedrooms.
    await createPublicListing({ city, propertyType: "apartment", bedrooms: 2, basePrice: 5_000, visibility: "hidden" });
    await createPublicListing({ city, propertyType: "apartment", bedrooms: 2, basePrice: 5_000, moderationState: "pending_review", status: "pending" });
    await createPublicListing({ city, propertyType: "apartment", bedrooms: 3, basePrice: 900_000 });

    // The city is matched whatever its case.
    const estimate = await estimateEarnings({ city: city.toUpperCase(), type: "apartment", bedrooms: 2 });
    expect(estimate).toEqual({
      basis: "cityTypeBedrooms",
      range: { nightlyLow: 120_000, nightlyHigh: 180_000, payoutLow: 108_000, payoutHigh: 162_000, comparables: 5 },
    });
  });

  it("too few with as many bedrooms in the city: the city's listings of that type", async () => {
    const city = uniqueCity("Sousse");
    await createPublicListing({ city, propertyType: "chalet", bedrooms: 4, basePrice: 300_000 });
    await createPublicListing({ city, propertyType: "chalet", bedrooms: 1, basePrice: 100_000 });
    await createPublicListing({ city, propertyType: "chalet", bedrooms: 2, basePrice: 200_000 });
    // Another city's chalet with four bedrooms does not make the city's sample.
    await createPublicListing({ city: uniqueCity("Other"), propertyType: "chalet", bedrooms: 4, basePrice: 999_000 });

    const estimate = await estimateEarnings({ city, type: "chalet", bedrooms: 4 });
    expect(estimate.basis).toBe("cityType");
    expect(estimate.range).toMatchObject({ nightlyLow: 100_000, nightlyHigh: 300_000, comparables: 3 });
  });

  it("a city with too few: the country, with as many bedrooms first, then any", async () => {
    for (const basePrice of [70_000, 80_000, 90_000]) {
      await createPublicListing({ city: uniqueCity("Town"), propertyType: "room", bedrooms: 1, basePrice });
    }
    await createPublicListing({ city: uniqueCity("Town"), propertyType: "room", bedrooms: 2, basePrice: 150_000 });

    const sameBedrooms = await estimateEarnings({ city: uniqueCity("Nowhere"), type: "room", bedrooms: 1 });
    expect(sameBedrooms.basis).toBe("typeBedrooms");
    expect(sameBedrooms.range).toMatchObject({ nightlyLow: 70_000, nightlyHigh: 90_000, comparables: 3 });

    const anyBedrooms = await estimateEarnings({ city: uniqueCity("Nowhere"), type: "room", bedrooms: 5 });
    expect(anyBedrooms.basis).toBe("type");
    expect(anyBedrooms.range).toMatchObject({ nightlyLow: 70_000, nightlyHigh: 90_000, comparables: 4 });
  });

  it("fewer than three comparable public listings anywhere: no estimate rather than a made-up one", async () => {
    await createPublicListing({ city: uniqueCity("Tozeur"), propertyType: "villa", bedrooms: 3, basePrice: 500_000 });
    await createPublicListing({ city: uniqueCity("Tozeur"), propertyType: "villa", bedrooms: 3, basePrice: 600_000 });
    await createPublicListing({ city: uniqueCity("Tozeur"), propertyType: "villa", bedrooms: 3, basePrice: 700_000, visibility: "hidden" });
    expect(await estimateEarnings({ city: uniqueCity("Tozeur"), type: "villa", bedrooms: 3 })).toEqual({ basis: null, range: null });
  });
});

describe("GET /host", () => {
  it("without a question: the page's own title and description, no estimate", async () => {
    const result = await callRoute(hostRoute.loader, makeRequest("/fr/host"));
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ title: "Proposez votre logement sur Darna", question: null, errors: null, estimate: null, commissionPercent: 10 });
    expect((result.data as { description: string }).description).toMatch(/10 %/);
  });

  it("answers the form's question from the query string", async () => {
    const city = uniqueCity("Djerba");
    for (const basePrice of [200_000, 250_000, 300_000]) {
      await createPublicListing({ city, propertyType: "guesthouse", bedrooms: 6, basePrice });
    }
    const result = await callRoute(hostRoute.loader, makeRequest(`/host?city=${encodeURIComponent(city)}&type=guesthouse&bedrooms=6`));
    expect(result.data).toMatchObject({
      question: { city, type: "guesthouse", bedrooms: 6 },
      errors: null,
      estimate: { basis: "cityTypeBedrooms", range: { nightlyLow: 200_000, nightlyHigh: 300_000 } },
    });
  });

  it("a wrong field is reported beside it, and nothing is estimated", async () => {
    const result = await callRoute(hostRoute.loader, makeRequest("/host?city=+&type=castle&bedrooms=99"));
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      question: null,
      estimate: null,
      errors: { city: "host-landing:errors.city", type: "host-landing:errors.type", bedrooms: "host-landing:errors.bedrooms" },
    });
  });
});
