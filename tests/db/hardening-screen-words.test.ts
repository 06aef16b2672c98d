// Screens that say the right thing (issue 12, point 6), as the pages answer: words, not slugs or
// raw placeholders, in the visitor's language.
import { describe, expect, it } from "vitest";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as becomeHostStepRoute from "~/routes/($lang).become-host.$step";
import * as paymentRoute from "~/routes/($lang).payment";
import { DEFAULT_BOOKING_WINDOW_DAYS } from "~/domain/stay-rules";
import { addDays, todayInTunis } from "~/domain/stay-dates";
import { formatStayDate } from "~/utils/stay-date";
import { saveAddress } from "~/services/listings/listing-wizard.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest } from "../factories/account-requests";
import { createPublicListing } from "../factories/booking-factories";

async function signedIn(email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const login = await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
  expect(login.status).toBe(302);
  return jar;
}

describe("the listing wizard", () => {
  it("names the unfinished steps by their titles in the host's language, not by slug", async () => {
    const host = await createAccount();
    const jar = await signedIn(host.email);
    const id = await saveAddress({ id: host.id, role: "user" }, null, { governorate: "tunis", delegation: "La Marsa", city: "La Marsa", street: "3 rue du Maroc", postalCode: "2070" });
    const answer = await callRoute(
      becomeHostStepRoute.action,
      makeRequest(`/fr/become-host/verification?listing=${id}`, { form: { intent: "submit" }, jar }),
      { params: { lang: "fr", step: "verification" }, jar },
    );
    expect(answer.status).toBe(422);
    const steps = String((answer.data as { values: { steps: string } }).values.steps).split(", ");
    expect(steps).toContain("Type de logement");
    expect(steps).toContain("Titre et descriptions");
    expect(steps).not.toContain("property-type");
  });
});

describe("the booking page", () => {
  it("gives the booking window's last day with its refusal, so the message is not a raw {{date}}", async () => {
    const traveler = await createAccount();
    const jar = await signedIn(traveler.email);
    const listing = await createPublicListing();
    const today = todayInTunis(new Date());
    const stay = { propertyId: String(listing.id), checkIn: addDays(today, 400), checkOut: addDays(today, 402), adults: "1", method: "card", acceptTerms: "on" };
    const answer = await callRoute(paymentRoute.action, makeRequest("/payment", { form: stay, jar }));
    expect(answer.status).toBe(400);
    const reply = answer.data as { error: Record<string, string[]>; values: { date: string } };
    expect(reply.error[""]).toEqual(["rules:stay.checkInTooFar"]);
    expect(reply.values.date).toBe(addDays(today, DEFAULT_BOOKING_WINDOW_DAYS));
    expect(formatStayDate("fr", reply.values.date)).not.toContain("{{");
  });
});
