// Experiences (issue 21, ADR 182/184), with JavaScript on and off: a partner creates an experience
// on /dashboard/experiences/new and adds a photo on its photos page, an operator approves it on
// /admin/experiences, and it appears on /experiences with its cover.
import { Experience } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { testPhoto } from "../factories/listing-factories";
import { createOperator, createUser, signedInPage, uniqueTag } from "./support/factories";
import { expect, test, translation, waitForHydration } from "./support/fixtures";

const x = (key: string) => translation("en", key, "experiences");

test("a partner creates an experience, an operator approves it, it is listed", async ({ page, browser, javaScriptEnabled }) => {
  const tag = uniqueTag();
  const city = `Tabarka${tag}`;
  const partnerUser = await createUser({ firstName: "Mehdi" });
  await Partner.create({
    userId: partnerUser.id, name: `Coral Divers ${tag}`, description: JSON.stringify({ en: "Diving." }), languages: JSON.stringify(["fr", "en"]),
    email: `divers-${tag}@test.darna.tn`, phone: "+21678000000", website: null, city,
  });
  const partnerPage = await signedInPage(browser, partnerUser, javaScriptEnabled);
  await partnerPage.goto("/dashboard/experiences/new");
  if (javaScriptEnabled) await waitForHydration(partnerPage);
  await partnerPage.getByLabel(x("create.titleEn")).fill(`Coral dive ${tag}`);
  await partnerPage.getByLabel(x("create.titleFr")).fill(`Plongée corail ${tag}`);
  await partnerPage.getByLabel(x("create.titleEs")).fill(`Buceo coral ${tag}`);
  await partnerPage.getByLabel(x("create.descriptionEn")).fill("Dive the coral reef with a guide.");
  await partnerPage.getByLabel(x("create.descriptionFr")).fill("Plongez sur le récif avec un guide.");
  await partnerPage.getByLabel(x("create.descriptionEs")).fill("Bucea en el arrecife con un guía.");
  await partnerPage.getByLabel(x("create.city")).fill(city);
  await partnerPage.getByLabel(x("create.governorate")).fill("Jendouba");
  await partnerPage.getByLabel(x("create.duration")).fill("120");
  await partnerPage.getByLabel(x("languages.fr"), { exact: true }).check();
  await partnerPage.getByLabel(x("create.price")).fill("90");
  await partnerPage.getByLabel(x("create.capacity")).fill("6");
  const start = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await partnerPage.getByLabel(x("create.firstStart")).fill(`${start}T09:00`);
  await partnerPage.getByRole("button", { name: x("create.submit") }).click();
  await partnerPage.waitForURL(/\/dashboard\/experiences$/);
  const experience = (await Experience.findOne({ where: { city } }))!;
  expect(experience.status).toBe("pending");

  // Its photo, through the photos page (a plain multipart form).
  await partnerPage.goto(`/dashboard/experiences/${experience.id}/photos`);
  await partnerPage.locator('input[type="file"][name="photos"]').setInputFiles({ name: "reef.jpg", mimeType: "image/jpeg", buffer: await testPhoto(7) });
  await partnerPage.getByRole("button", { name: translation("en", "photos.upload", "listing") }).click();
  await expect(partnerPage.locator(".photo-grid__item--cover")).toHaveCount(1);

  // An operator approves it.
  const operator = await createOperator();
  const operatorPage = await signedInPage(browser, operator, javaScriptEnabled);
  await operatorPage.goto("/admin/experiences");
  const pending = operatorPage.getByTestId(`pending-experience-${experience.id}`);
  await pending.getByRole("button", { name: x("moderation.approve") }).click();
  await expect(operatorPage.getByTestId(`pending-experience-${experience.id}`)).toHaveCount(0);

  // It is listed, with its cover.
  await page.goto(`/experiences?city=${encodeURIComponent(city)}`);
  const card = page.getByTestId(`experience-${experience.id}`);
  await expect(card).toContainText(`Coral dive ${tag}`);
  await expect(card.getByTestId("experience-cover")).toHaveAttribute("src", /\/uploads\/experiences\//);
  await partnerPage.context().close();
  await operatorPage.context().close();
});
