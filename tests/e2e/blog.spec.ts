// The blog (issue 16 points 2, 6 and 8), with JavaScript on and off: an operator writes an article
// in English with a cover, translates it into French and publishes both; /blog and /fr/blog list
// them, each article names the other as its hreflang alternate and nothing of the raw HTML typed
// in the Markdown reaches the page; /blogs stays a 404. With JavaScript on, the start-up step: a
// signed-out page opens no socket and prefetches nothing; a signed-in one does both about 1 s
// after it has loaded.
import sharp from "sharp";
import { createOperator, createUser, signIn, uniqueTag } from "./support/factories";
import { expect, test, translation, waitForHydration, type Page } from "./support/fixtures";

const b = (key: string, language: "en" | "fr" | "es" = "en") => translation(language, key, "blog");

async function writeArticle(page: Page, javaScriptEnabled: boolean, fields: { title: string; summary: string; body: string; cover?: Buffer }) {
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByTestId("article-title").fill(fields.title);
  await page.getByTestId("article-summary").fill(fields.summary);
  await page.getByTestId("article-body").fill(fields.body);
  if (fields.cover) await page.getByTestId("article-cover").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: fields.cover });
  await page.getByTestId("article-save-publish").click();
  await page.waitForURL(/\/admin\/blog\/\d+$/);
  await expect(page.getByTestId("article-state")).toContainText(b("admin.published"));
}

test("an operator writes an article in two languages; /blog and /fr/blog list them with hreflang alternates", async ({ page, javaScriptEnabled }) => {
  const tag = uniqueTag();
  const operator = await createOperator();
  await signIn(page, operator, javaScriptEnabled);

  await page.goto("/admin/blog");
  await page.getByTestId("article-new").click();
  await page.waitForURL(/\/admin\/blog\/new$/);
  const cover = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#c2185b" } }).png().toBuffer();
  await writeArticle(page, javaScriptEnabled, {
    title: `Kairouan in a day ${tag}`,
    summary: "Carpets, makroudh and the Great Mosque.",
    body: `## Start early\n\n- the Great Mosque\n- the Aghlabid basins\n\n<script>document.title = "hacked"</script><a href="javascript:alert(1)" onclick="alert(2)">bad link</a>`,
    cover,
  });
  await expect(page.locator(".blog-form__cover")).toBeVisible();

  await page.getByTestId("translate-fr").click();
  await page.waitForURL(/translationOf=\d+/);
  await expect(page.getByTestId("article-language")).toHaveValue("fr");
  await writeArticle(page, javaScriptEnabled, {
    title: `Kairouan en un jour ${tag}`,
    summary: "Tapis, makroudh et Grande Mosquée.",
    body: "## Partir tôt\n\n1. la Grande Mosquée\n2. les bassins des Aghlabides",
  });

  // /blog: English only, newest first.
  await page.goto("/blog");
  const english = page.getByRole("link", { name: `Kairouan in a day ${tag}` });
  await expect(english).toBeVisible();
  await expect(page.getByRole("link", { name: `Kairouan en un jour ${tag}` })).toHaveCount(0);
  await english.click();
  await page.waitForURL(new RegExp(`/en/blog/kairouan-in-a-day-${tag.toLowerCase()}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Kairouan in a day ${tag}` })).toBeVisible();
  await expect(page.getByTestId("article-body").getByRole("heading", { level: 2, name: "Start early" })).toBeVisible();
  await expect(page.getByTestId("article-body").locator("li")).toHaveCount(2);
  // The raw HTML typed in the Markdown did not come through.
  await expect(page.getByTestId("article-body").locator("script")).toHaveCount(0);
  await expect(page.getByTestId("article-body").getByText("bad link")).not.toHaveAttribute("href", /javascript/);
  await expect(page.getByTestId("article-body").locator("[onclick]")).toHaveCount(0);
  await expect(page).not.toHaveTitle("hacked");
  await expect(page.locator(".blog-article__cover")).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/en/blog/kairouan-in-a-day-${tag.toLowerCase()}$`));
  await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute("href", new RegExp(`/fr/blog/kairouan-en-un-jour-${tag.toLowerCase()}$`));

  // /fr/blog: the French version, which points back to the English one.
  await page.goto("/fr/blog");
  await expect(page.getByRole("heading", { level: 1, name: b("list.title", "fr") })).toBeVisible();
  await page.getByRole("link", { name: `Kairouan en un jour ${tag}` }).click();
  await page.waitForURL(new RegExp(`/fr/blog/kairouan-en-un-jour-${tag.toLowerCase()}$`));
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`/en/blog/kairouan-in-a-day-${tag.toLowerCase()}$`));
  await expect(page.getByTestId("article-body").getByRole("heading", { level: 2, name: "Partir tôt" })).toBeVisible();
});

test("/blogs, the list route SPEC.md marks disabled, is a 404; a traveler cannot open /admin/blog", async ({ page, javaScriptEnabled }) => {
  expect((await page.goto("/blogs"))!.status()).toBe(404);
  expect((await page.goto("/fr/blogs"))!.status()).toBe(404);
  const traveler = await createUser();
  await signIn(page, traveler, javaScriptEnabled);
  expect((await page.goto("/admin/blog"))!.status()).toBe(403);
});

test("the start-up step: nothing for a signed-out visitor; for a signed-in host, the socket and a prefetch about 1 s after load", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the start-up step is JavaScript");
  const sockets: number[] = [];
  page.on("websocket", () => sockets.push(Date.now()));

  await page.goto("/blog");
  await waitForHydration(page);
  await page.waitForTimeout(2500);
  expect(sockets).toEqual([]);
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);

  const host = await createUser({ host: true });
  await signIn(page, host, true);
  // A fresh page load of a signed-in page (the sign-in page's own start-up is left behind first).
  await page.goto("about:blank");
  sockets.length = 0;
  await page.goto("/blog", { waitUntil: "load" });
  const loadedAt = Date.now();
  await expect(page.locator('link[rel="prefetch"][href*="/dashboard"]')).toHaveCount(1);
  await expect.poll(() => sockets.length).toBe(1);
  // Not at load: about a second after it.
  expect(sockets[0]! - loadedAt).toBeGreaterThanOrEqual(700);
});
