// Experiences (issue 21, ADR 182), with JavaScript on and off: a visitor finds an experience on
// /experiences (filtered by city, the total shown for the people asked for) and is asked to sign
// in to book; a traveler books two places with the plain form and lands on the booking, its places
// held for payment; the partner's account sees the booking on /dashboard/experiences.
// Paying for an experience is not built yet (see the helper's report): the journey stops at the hold.
import { Experience, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { createUser, signedInPage, uniqueTag } from "./support/factories";
import { expect, test, translation, waitForHydration } from "./support/fixtures";

const x = (key: string) => translation("en", key, "experiences");

test("a traveler books an experience and its partner sees the booking", async ({ page, browser, javaScriptEnabled }) => {
  const tag = uniqueTag();
  const city = `Kerkennah${tag}`;
  const partnerUser = await createUser({ firstName: "Hedi" });
  const partner = await Partner.create({
    userId: partnerUser.id, name: `Kerkennah Boats ${tag}`, description: JSON.stringify({ en: "Boat trips." }), languages: JSON.stringify(["fr", "en"]),
    email: `boats-${tag}@test.darna.tn`, phone: "+21674000000", website: null, city,
  });
  const experience = await Experience.create({
    partnerId: partner.id, title: JSON.stringify({ en: `Felucca trip ${tag}`, fr: `Sortie en felouque ${tag}`, es: `Paseo en falucho ${tag}` }),
    description: JSON.stringify({ en: "Fishing with a charfia fisherman." }), city, governorate: "Sfax", durationMinutes: 180,
    languages: JSON.stringify(["fr", "en"]), pricePerPerson: 55_000, capacity: 6, status: "approved",
  });
  await ExperienceSlot.create({ experienceId: experience.id, startsAt: new Date(Date.now() + 12 * 86_400_000), capacity: 6 });

  // A visitor: the list with the total for 2 people, the experience, and "sign in to book".
  await page.goto(`/experiences?city=${encodeURIComponent(city)}&people=2`);
  const card = page.getByTestId(`experience-${experience.id}`);
  await expect(card).toContainText(`Felucca trip ${tag}`);
  await expect(card).toContainText("110");
  await card.getByRole("link", { name: `Felucca trip ${tag}` }).click();
  await page.waitForURL(new RegExp(`/experiences/${experience.id}$`));
  await expect(page.getByRole("link", { name: partner.name })).toHaveAttribute("href", `/partner-details/${partner.id}`);
  await expect(page.getByRole("link", { name: x("details.signInToBook") })).toBeVisible();

  // A traveler books two places.
  const traveler = await createUser();
  const travelerPage = await signedInPage(browser, traveler, javaScriptEnabled);
  await travelerPage.goto(`/experiences/${experience.id}`);
  if (javaScriptEnabled) await waitForHydration(travelerPage);
  await travelerPage.getByLabel(x("details.people")).fill("2");
  await travelerPage.getByLabel(x("details.acceptTerms")).check();
  await travelerPage.getByRole("button", { name: x("details.submit") }).click();
  await travelerPage.waitForURL(/\/experience-bookings\/\d+$/);
  await expect(travelerPage.getByTestId("experience-booking-status")).toHaveText(x("bookingStatus.pending_payment"));
  const reference = (await travelerPage.getByRole("heading", { level: 1 }).textContent())!.replace("Booking ", "").trim();
  expect(reference).toMatch(/^DX[2-9A-Z]{8}$/);

  // The partner sees it.
  const partnerPage = await signedInPage(browser, partnerUser, javaScriptEnabled);
  await partnerPage.goto("/dashboard/experiences");
  await expect(partnerPage.getByTestId("partner-bookings")).toContainText(reference);
  await expect(partnerPage.getByTestId("partner-bookings")).toContainText(`Felucca trip ${tag}`);
  await travelerPage.context().close();
  await partnerPage.context().close();
});
