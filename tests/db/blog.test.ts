// The blog (issue 16 points 2 and 7): the demo articles; /blog lists the page language's
// published articles newest first, a page at a time; /blog/{id-or-slug} redirects to its canonical
// URL and names its translations; only operators reach /admin/blog, where bad input is answered
// next to its field; GET /api/v1/blog and /api/v1/blog/{slug} answer as openapi.json says.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { BlogArticle } from "~/db/models/blog-article.server";
import { DEMO_ARTICLES } from "~/db/demo/blog-articles";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import * as adminEdit from "~/routes/($lang).admin.blog.$id";
import * as adminList from "~/routes/($lang).admin.blog._index";
import * as adminNew from "~/routes/($lang).admin.blog.new";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as articleRoute from "~/routes/($lang).blog.$id";
import * as listRoute from "~/routes/($lang).blog._index";
import * as homeRoute from "~/routes/($lang)._index";
import * as apiList from "~/routes/api.v1.blog._index";
import * as apiArticle from "~/routes/api.v1.blog.$slug";
import { getStorage } from "~/services/storage/storage.server";
import { seed as seedArticles } from "../../migrations/seeders/50-demo-articles";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const ORIGIN = "http://localhost:4321";
const operator = new CookieJar();
const traveler = new CookieJar();
let operatorId = 0;

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

beforeAll(async () => {
  const account = await createAccount({ role: "operator" });
  operatorId = account.id;
  await logIn(operator, account.email);
  await logIn(traveler, (await createAccount()).email);
  await seedArticles({ context: undefined as never });
});

const today = () => dateInTunis(new Date());

/** A multipart post of the article form, as the browser sends it. */
function articlePost(path: string, jar: CookieJar, fields: Record<string, string>, cover?: { name: string; data: Buffer; type: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (cover) body.append("cover", new Blob([new Uint8Array(cover.data)], { type: cover.type }), cover.name);
  else body.append("cover", new Blob([]), "");
  return new Request(new URL(path, ORIGIN), { method: "POST", body, headers: { Cookie: jar.header() } });
}

type Reply = { reply: { status?: string; error?: Record<string, string[] | null> } };

describe("the demo articles", () => {
  it("seeds three published articles per language, linked as translations, with covers on disk; seeding twice adds nothing", async () => {
    for (const language of ["en", "fr", "es"]) {
      expect(await BlogArticle.count({ where: { language, published: true } })).toBe(DEMO_ARTICLES.length);
    }
    const groups = await BlogArticle.findAll({ attributes: ["translationGroup"], where: { translationGroup: DEMO_ARTICLES.map((_, i) => `demo-article-${i + 1}`) } });
    expect(groups).toHaveLength(DEMO_ARTICLES.length * 3);
    const first = await BlogArticle.findOne({ where: { slug: DEMO_ARTICLES[0]!.versions.en.slug } });
    expect(await getStorage().get(`${first!.coverKey}-640.webp`)).toBeTruthy();
    await seedArticles({ context: undefined as never });
    expect(await BlogArticle.count({ where: { translationGroup: DEMO_ARTICLES.map((_, i) => `demo-article-${i + 1}`) } })).toBe(DEMO_ARTICLES.length * 3);
  });
});

describe("/blog and /blog/{id-or-slug}", () => {
  it("lists the page language's published articles, newest first; drafts and future dates stay out", async () => {
    await BlogArticle.create({ language: "fr", slug: "brouillon-cache", translationGroup: "t-draft", title: "Brouillon", summary: "s", body: "b", publishDate: today(), published: false, authorId: null });
    await BlogArticle.create({ language: "fr", slug: "demain-cache", translationGroup: "t-future", title: "Demain", summary: "s", body: "b", publishDate: addDays(today(), 1), published: true, authorId: null });
    const fr = await callRoute(listRoute.loader, makeRequest("/fr/blog"));
    const items = (fr.data as { items: Array<{ slug: string; lang: string; publishedAt: string }> }).items;
    expect(items.map((item) => item.lang)).toEqual(["fr", "fr", "fr"]);
    expect(items.map((item) => item.slug)).toEqual(["djerba-a-son-rythme", "vers-le-sahara-tozeur-douz-ksar-ghilane", "tunis-carthage-sidi-bou-said-en-trois-jours"]);
    const en = await callRoute(listRoute.loader, makeRequest("/blog"));
    expect((en.data as { items: Array<{ lang: string }> }).items.every((item) => item.lang === "en")).toBe(true);
    expect((await callRoute(listRoute.loader, makeRequest("/fr/blog?page=5"))).status).toBe(404);
  });

  it("pages the list", async () => {
    for (let i = 0; i < 10; i++) {
      await BlogArticle.create({ language: "es", slug: `relleno-${i}`, translationGroup: `t-pad-${i}`, title: `Relleno ${i}`, summary: "s", body: "b", publishDate: addDays(today(), -100 - i), published: true, authorId: null });
    }
    const first = (await callRoute(listRoute.loader, makeRequest("/es/blog"))).data as { items: unknown[]; total: number; pageCount: number };
    expect(first.total).toBe(13);
    expect(first.items).toHaveLength(9);
    expect(first.pageCount).toBe(2);
    const second = (await callRoute(listRoute.loader, makeRequest("/es/blog?page=2"))).data as { items: Array<{ slug: string }> };
    expect(second.items.map((item) => item.slug)).toEqual(["relleno-6", "relleno-7", "relleno-8", "relleno-9"]);
  });

  it("shows an article at its canonical URL with its translations; an id or a path without prefix redirects there", async () => {
    const slug = DEMO_ARTICLES[1]!.versions.fr.slug;
    const page = await callRoute(articleRoute.loader, makeRequest(`/fr/blog/${slug}`), { params: { id: slug } });
    expect(page.status).toBe(200);
    const { article } = page.data as { article: { html: string; translations: Array<{ lang: string; slug: string }> } };
    expect(article.html).toContain("<h2>Quand partir</h2>");
    expect(article.translations).toEqual([
      { lang: "en", slug: DEMO_ARTICLES[1]!.versions.en.slug },
      { lang: "es", slug: DEMO_ARTICLES[1]!.versions.es.slug },
      { lang: "fr", slug },
    ]);
    const meta = articleRoute.meta({ data: page.data } as Parameters<typeof articleRoute.meta>[0]) as Array<Record<string, string>>;
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/fr/blog/${slug}` });
    expect(meta).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "es", href: `${ORIGIN}/es/blog/${DEMO_ARTICLES[1]!.versions.es.slug}` });
    expect(meta).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${ORIGIN}/en/blog/${DEMO_ARTICLES[1]!.versions.en.slug}` });

    const byId = await BlogArticle.findOne({ where: { slug } });
    const redirected = await callRoute(articleRoute.loader, makeRequest(`/blog/${byId!.id}`), { params: { id: String(byId!.id) } });
    expect(redirected.status).toBe(301);
    expect(redirected.location).toBe(`/fr/blog/${slug}`);
    const bare = await callRoute(articleRoute.loader, makeRequest(`/blog/${DEMO_ARTICLES[1]!.versions.en.slug}`), { params: { id: DEMO_ARTICLES[1]!.versions.en.slug } });
    expect(bare.location).toBe(`/en/blog/${DEMO_ARTICLES[1]!.versions.en.slug}`);
  });

  it("answers 404 for a draft, a slug of another language, a bad reference", async () => {
    for (const [path, id] of [
      ["/fr/blog/brouillon-cache", "brouillon-cache"],
      ["/fr/blog/djerba-at-its-own-pace", "djerba-at-its-own-pace"],
      ["/blog/..%2Fetc", "../etc"],
      ["/blog/0", "0"],
    ] as const) {
      expect((await callRoute(articleRoute.loader, makeRequest(path), { params: { id } })).status, path).toBe(404);
    }
  });

  it("links the latest three articles of the language from the home page", async () => {
    const home = await callRoute(homeRoute.loader, makeRequest("/es"));
    const articles = (home.data as { articles: Array<{ slug: string; lang: string }> }).articles;
    expect(articles.map((article) => article.slug)).toEqual(["djerba-a-su-ritmo", "hacia-el-sahara-tozeur-douz-ksar-ghilane", "tunez-cartago-sidi-bou-said-en-tres-dias"]);
  });
});

describe("/admin/blog", () => {
  it("lets operators in only: travelers get 403, visitors are sent to sign in", async () => {
    for (const [route, path, params] of [
      [adminList, "/admin/blog", {}],
      [adminNew, "/admin/blog/new", {}],
      [adminEdit, "/admin/blog/1", { id: "1" }],
    ] as const) {
      expect((await callRoute(route.loader, makeRequest(path, { jar: operator }), { params })).status, path).toBe(200);
      expect((await callRoute(route.loader, makeRequest(path, { jar: traveler }), { params })).status, path).toBe(403);
      expect((await callRoute(route.loader, makeRequest(path), { params })).status, path).toBe(302);
    }
    const post = await callRoute(adminNew.action, articlePost("/admin/blog/new", traveler, { language: "en", title: "x", summary: "x", body: "x", publishDate: today() }));
    expect(post.status).toBe(403);
    const toggle = await callRoute(adminList.action, makeRequest("/admin/blog", { form: { intent: "unpublish:1" }, jar: traveler }));
    expect(toggle.status).toBe(403);
    expect((await BlogArticle.findByPk(1))!.published).toBe(true);
  });

  it("writes an article with a cover, translates it, publishes it; the body's HTML never passes through", async () => {
    const cover = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#0b6e69" } }).jpeg().toBuffer();
    const created = await callRoute(
      adminNew.action,
      articlePost("/admin/blog/new", operator, {
        intent: "save",
        language: "en",
        title: "Kairouan's Great Mosque",
        summary: "The oldest mosque of the Maghreb.",
        body: "## Visit\n\nGo early. <script>alert(1)</script><a href=\"javascript:alert(2)\" onclick=\"x()\">link</a>",
        publishDate: today(),
      }, { name: "kairouan.jpg", data: cover, type: "image/jpeg" }),
    );
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toMatchObject({ message: "blog:toast.created" });
    const article = await BlogArticle.findOne({ where: { slug: "kairouan-s-great-mosque" } });
    expect(article).toMatchObject({ language: "en", published: false, authorId: operatorId, coverWidth: 800, coverHeight: 500 });
    expect(created.location).toBe(`/admin/blog/${article!.id}`);
    expect(await getStorage().get(`${article!.coverKey}-640.webp`)).toBeTruthy();
    // A draft is not public.
    expect((await callRoute(articleRoute.loader, makeRequest(`/en/blog/${article!.slug}`), { params: { id: article!.slug } })).status).toBe(404);

    const translated = await callRoute(
      adminNew.action,
      articlePost("/admin/blog/new", operator, {
        intent: "publish",
        language: "fr",
        translationOf: String(article!.id),
        title: "La Grande Mosquée de Kairouan",
        slug: "grande-mosquee-kairouan",
        summary: "La plus ancienne mosquée du Maghreb.",
        body: "## Visite\n\nVenez tôt.",
        publishDate: today(),
      }),
    );
    expect(await toastOf(translated)).toMatchObject({ message: "blog:toast.createdPublished" });
    const french = await BlogArticle.findOne({ where: { slug: "grande-mosquee-kairouan" } });
    expect(french).toMatchObject({ language: "fr", published: true, translationGroup: article!.translationGroup });

    const published = await callRoute(adminList.action, makeRequest("/admin/blog", { form: { intent: `publish:${article!.id}` }, jar: operator }));
    expect(await toastOf(published)).toMatchObject({ message: "blog:toast.published" });
    const page = await callRoute(articleRoute.loader, makeRequest(`/en/blog/${article!.slug}`), { params: { id: article!.slug } });
    const { html, translations } = (page.data as { article: { html: string; translations: Array<{ lang: string }> } }).article;
    expect(html).toContain("<h2>Visit</h2>");
    expect(html).not.toMatch(/<script|alert\(1\)|javascript:|onclick/);
    expect(translations.map((t) => t.lang)).toEqual(["en", "fr"]);

    const unpublished = await callRoute(adminEdit.action, makeRequest(`/admin/blog/${article!.id}`, { form: { intent: "unpublish" }, jar: operator }), { params: { id: String(article!.id) } });
    expect(unpublished.status).toBe(302);
    expect((await BlogArticle.findByPk(article!.id))!.published).toBe(false);
  });

  it("edits an article and answers bad input next to its field, never a 500", async () => {
    const article = await BlogArticle.findOne({ where: { slug: "grande-mosquee-kairouan" } });
    const edit = (fields: Record<string, string>, cover?: { name: string; data: Buffer; type: string }) =>
      callRoute(
        adminEdit.action,
        articlePost(`/admin/blog/${article!.id}`, operator, { language: "fr", title: "Kairouan", slug: "grande-mosquee-kairouan", summary: "Résumé", body: "Texte", publishDate: today(), ...fields }, cover),
        { params: { id: String(article!.id) } },
      );
    const saved = await edit({ title: "Kairouan, ville sainte" });
    expect(saved.status).toBe(302);
    expect((await BlogArticle.findByPk(article!.id))!.title).toBe("Kairouan, ville sainte");

    const cases: Array<[Record<string, string>, string, string, number]> = [
      [{ title: "" }, "title", "blog:errors.titleRequired", 400],
      [{ slug: "Not A Slug" }, "slug", "blog:errors.slug", 400],
      [{ slug: "12345" }, "slug", "blog:errors.slug", 400],
      [{ slug: "djerba-a-son-rythme" }, "slug", "blog:errors.slugTaken", 409],
      [{ publishDate: "2025-02-30" }, "publishDate", "blog:errors.publishDate", 400],
      [{ language: "de" }, "language", "blog:errors.language", 400],
      [{ summary: "x".repeat(501) }, "summary", "blog:errors.summaryTooLong", 400],
    ];
    for (const [fields, field, key, status] of cases) {
      const answer = await edit(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect((answer.data as Reply).reply.error?.[field], JSON.stringify(fields)).toEqual([key]);
    }
    const notAnImage = await edit({}, { name: "cover.jpg", data: Buffer.from("not an image at all"), type: "image/jpeg" });
    expect(notAnImage.status).toBe(400);
    expect((notAnImage.data as Reply).reply.error?.cover).toEqual(["listing:photos.errors.notAnImage"]);

    const missing = await callRoute(adminEdit.loader, makeRequest("/admin/blog/999999", { jar: operator }), { params: { id: "999999" } });
    expect(missing.status).toBe(404);
    const publishMissing = await callRoute(adminList.action, makeRequest("/admin/blog", { form: { intent: "publish:999999" }, jar: operator }));
    expect(publishMissing.status).toBe(404);
    const editMissing = await callRoute(adminEdit.action, articlePost("/admin/blog/999999", operator, { title: "x" }), { params: { id: "999999" } });
    expect(editMissing.status).toBe(404);
  });
});

describe("GET /api/v1/blog and /api/v1/blog/{slug}", () => {
  it("lists the published articles of the language asked for, by page", async () => {
    const response = await apiList.loader({ request: new Request(`${ORIGIN}/api/v1/blog?lng=fr&pageSize=2`), params: {}, context: {} });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/blog", response)) as { items: Array<{ lang: string; publishedAt: string }>; total: number; pageSize: number; page: number };
    expect(response.status).toBe(200);
    expect(body.items.map((item) => item.lang)).toEqual(["fr", "fr"]);
    expect(body.items[0]!.publishedAt >= body.items[1]!.publishedAt).toBe(true);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect({ page: body.page, pageSize: body.pageSize }).toEqual({ page: 1, pageSize: 2 });

    const tooBig = await apiList.loader({ request: new Request(`${ORIGIN}/api/v1/blog?pageSize=101`), params: {}, context: {} });
    expect(tooBig.status).toBe(400);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/blog", tooBig);
  });

  it("gives one article with sanitized HTML and its translations; 404 for an unknown slug", async () => {
    const slug = DEMO_ARTICLES[2]!.versions.es.slug;
    const response = await apiArticle.loader({ request: new Request(`${ORIGIN}/api/v1/blog/${slug}`, { headers: { "Accept-Language": "es" } }), params: { slug }, context: {} });
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/blog/{slug}", response)) as { html: string; lang: string; translations: unknown[] };
    expect(body.lang).toBe("es");
    expect(body.html).toContain("<h2>Houmt Souk</h2>");
    expect(body.translations).toHaveLength(3);
    const missing = await apiArticle.loader({ request: new Request(`${ORIGIN}/api/v1/blog/nope-nope`), params: { slug: "nope-nope" }, context: {} });
    expect(missing.status).toBe(404);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/blog/{slug}", missing);
  });
});
