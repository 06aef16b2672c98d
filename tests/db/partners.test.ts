// Partner proposals, partner pages and favorites of partners (issue 21 points 2, 3, 7 and 9;
// ADR 181): the /partner-proposal form (errors next to fields, "add another" without
// JavaScript, nothing lost), operators approving or refusing at /admin/partners with e-mails in
// the proposer's language (403 for anyone else), the public page's 404 rules, and the favorites
// API's real ID_Prestataire list, all held against openapi.json where they are API routes.
import { beforeAll, describe, expect, it } from "vitest";
import { Partner } from "~/db/models/partner.server";
import { PartnerProposal } from "~/db/models/partner-proposal.server";
import * as adminProposalRoute from "~/routes/($lang).admin.partners.$id";
import * as adminListRoute from "~/routes/($lang).admin.partners._index";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as favoritesRoute from "~/routes/($lang).favorites";
import * as partnerPageRoute from "~/routes/($lang).partner-details.$id";
import * as proposalRoute from "~/routes/($lang).partner-proposal";
import * as profileFavoritesRoute from "~/routes/($lang).profile.favorites";
import { action as favouriteProviders } from "~/routes/api.v1.GestionPartenaire.selectFavouriteByIDUser";
import { action as proposalsApi } from "~/routes/api.v1.partner-proposals";
import { loader as partnerApi } from "~/routes/api.v1.partners.$id";
import { PartnerProposalBodySchema } from "~/schemas/partner-proposal";
import { canSeePartnerContact } from "~/services/partners/partner-page.server";
import { seed as seedProposals } from "../../migrations/seeders/61-demo-proposals";
import { createSession } from "~/utils/auth-sessions.server";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";
import { createAccount, lastEmailTo, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, toastOf } from "../factories/account-requests";

const ORIGIN = "http://localhost:4321";
const operatorJar = new CookieJar();
const travelerJar = new CookieJar();
let operatorEmail = "";
let traveler: Awaited<ReturnType<typeof createAccount>>;

function formRequest(path: string, pairs: Array<[string, string]>, jar?: CookieJar): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (jar && jar.cookies.size > 0) headers.set("Cookie", jar.header());
  return new Request(new URL(path, ORIGIN), { method: "POST", headers, body: new URLSearchParams(pairs) });
}

function getRequest(path: string, jar?: CookieJar): Request {
  const headers = new Headers();
  if (jar && jar.cookies.size > 0) headers.set("Cookie", jar.header());
  return new Request(new URL(path, ORIGIN), { headers });
}

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, formRequest("/auth", [["email", email], ["password", TEST_PASSWORD], ["website", ""]], jar), { jar });
}

let counter = 0;
function proposalFields(overrides: Record<string, string> = {}): Array<[string, string]> {
  counter += 1;
  const fields: Record<string, string> = {
    name: `Kayak Tabarka ${counter}`,
    description: "Sea kayaking along the coral coast of Tabarka, with a local guide and snorkelling gear.",
    "priceRanges[0].min": "40",
    "priceRanges[0].max": "75.500",
    "priceRanges[1].min": "",
    "priceRanges[1].max": "",
    "availability[0].date": "2030-06-01",
    "availability[0].from": "09:00",
    "availability[0].to": "12:30",
    "availability[1].date": "",
    "availability[1].from": "",
    "availability[1].to": "",
    email: `kayak-${counter}-${Date.now()}@partners.test.darna.tn`,
    phone: "+216 78 670 000",
    website: "https://kayak-tabarka.example.com",
    ...overrides,
  };
  return [...Object.entries(fields), ["languages", "fr"], ["languages", "ar"]];
}

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

async function propose(pairs: Array<[string, string]>, jar?: CookieJar, path = "/partner-proposal") {
  return callRoute(proposalRoute.action, formRequest(path, pairs, jar), { jar });
}

async function latestProposal(email: string) {
  return (await PartnerProposal.findOne({ where: { email }, order: [["id", "DESC"]] }))!;
}

function emailOf(pairs: Array<[string, string]>): string {
  return pairs.find(([name]) => name === "email")![1];
}

const approval = { intent: "approve", descriptionEn: "Sea kayaking in Tabarka.", descriptionFr: "Kayak de mer à Tabarka.", descriptionEs: "Kayak de mar en Tabarka." };

async function decide(id: number, fields: Record<string, string>, jar: CookieJar = operatorJar) {
  return callRoute(adminProposalRoute.action, formRequest(`/admin/partners/${id}`, Object.entries(fields), jar), { params: { id: String(id) }, jar });
}

beforeAll(async () => {
  const operator = await createAccount({ role: "operator" });
  operatorEmail = operator.email;
  await logIn(operatorJar, operator.email);
  traveler = await createAccount();
  await logIn(travelerJar, traveler.email);
});

describe("/partner-proposal", () => {
  it("answers bad input with translated errors next to the fields and keeps what was typed", async () => {
    const result = await propose(
      proposalFields({
        name: "",
        website: "ftp://nope",
        "priceRanges[0].min": "90",
        "priceRanges[0].max": "20",
        "availability[0].from": "14:00",
        "availability[0].to": "10:00",
        phone: "12",
      }).filter(([name]) => name !== "languages"),
    );
    expect(result.status).toBe(400);
    const reply = result.data as Reply;
    expect(reply.error).toMatchObject({
      name: ["partners:errors.name"],
      website: ["partners:errors.website"],
      "priceRanges[0].max": ["partners:errors.priceOrder"],
      "availability[0].to": ["partners:errors.timeOrder"],
      languages: ["partners:errors.languages"],
      phone: ["partners:errors.phone"],
    });
    expect(reply.initialValue).toMatchObject({ description: expect.stringContaining("Tabarka"), website: "ftp://nope" });
    expect((reply.initialValue?.priceRanges as unknown[])[0]).toEqual({ min: "90", max: "20" });
    const empty = await propose(proposalFields({ "priceRanges[0].min": "", "priceRanges[0].max": "", "availability[0].date": "", "availability[0].from": "", "availability[0].to": "" }));
    expect(empty.status).toBe(400);
    expect((empty.data as Reply).error).toMatchObject({ priceRanges: ["partners:errors.priceRequired"], availability: ["partners:errors.availabilityRequired"] });
    expect(await PartnerProposal.count({ where: { email: emailOf(proposalFields()) } })).toBe(0);
  });

  it("adds another price row without JavaScript, nothing typed lost", async () => {
    const pairs = proposalFields();
    const intent = JSON.stringify({ type: "insert", payload: { name: "priceRanges", defaultValue: { min: "", max: "" } } });
    const result = await propose([...pairs, ["__intent__", intent]]);
    expect(result.status).toBe(200);
    const reply = result.data as Reply;
    expect((reply.initialValue?.priceRanges as unknown[]).length).toBe(3);
    expect(reply.initialValue).toMatchObject({ name: pairs[0]![1], email: emailOf(pairs), languages: ["fr", "ar"] });
    expect((reply.initialValue?.priceRanges as unknown[])[0]).toEqual({ min: "40", max: "75.500" });
    expect(await PartnerProposal.count({ where: { email: emailOf(pairs) } })).toBe(0);
  });

  it("saves a proposal sent without an account, with a toast and e-mails to the proposer and the team", async () => {
    const pairs = proposalFields();
    const result = await propose(pairs, undefined, "/fr/partner-proposal");
    expect(result.status).toBe(303);
    expect(await toastOf(result)).toMatchObject({ type: "success", message: "partners:proposal.sent" });
    const proposal = await latestProposal(emailOf(pairs));
    expect(proposal).toMatchObject({ userId: null, status: "pending", language: "fr", website: "https://kayak-tabarka.example.com" });
    expect(JSON.parse(proposal.priceRanges)).toEqual([{ min: 40_000, max: 75_500 }]);
    expect(JSON.parse(proposal.availability)).toEqual([{ date: "2030-06-01", from: "09:00", to: "12:30" }]);
    expect(JSON.parse(proposal.languages)).toEqual(["fr", "ar"]);
    const receipt = await lastEmailTo(proposal.email, "partner-proposal-received");
    expect(receipt?.language).toBe("fr");
    expect(receipt?.subject).toContain("Nous avons reçu");
    const team = await lastEmailTo(operatorEmail, "partner-proposal-team");
    expect(team?.links.some((link) => link.endsWith(`/admin/partners/${proposal.id}`))).toBe(true);
  });
});

describe("/admin/partners", () => {
  it("is for operators only", async () => {
    const pairs = proposalFields();
    await propose(pairs);
    const proposal = await latestProposal(emailOf(pairs));
    expect((await callRoute(adminListRoute.loader, getRequest("/admin/partners", travelerJar))).status).toBe(403);
    expect(
      (await callRoute(adminProposalRoute.loader, getRequest(`/admin/partners/${proposal.id}`, travelerJar), { params: { id: String(proposal.id) } })).status,
    ).toBe(403);
    expect((await decide(proposal.id, approval, travelerJar)).status).toBe(403);
    const anonymous = await callRoute(adminListRoute.loader, getRequest("/admin/partners"));
    expect(anonymous.status).toBe(302);
    expect((await PartnerProposal.findByPk(proposal.id))!.status).toBe("pending");
    const list = await callRoute(adminListRoute.loader, getRequest("/admin/partners", operatorJar));
    expect((list.data as { proposals: Array<{ id: number }> }).proposals.map((row) => row.id)).toContain(proposal.id);
    expect((await callRoute(adminProposalRoute.loader, getRequest("/admin/partners/999999", operatorJar), { params: { id: "999999" } })).status).toBe(404);
  });

  it("approves a signed-in traveler's proposal: the partner is theirs, public, described per language, and they are e-mailed", async () => {
    const pairs = proposalFields({ email: traveler.email });
    await propose(pairs, travelerJar);
    const proposal = await latestProposal(traveler.email);
    expect(proposal.userId).toBe(traveler.id);
    const missing = await decide(proposal.id, { ...approval, descriptionFr: "" });
    expect(missing.status).toBe(400);
    expect((missing.data as { fieldErrors: Record<string, string[]> }).fieldErrors.descriptionFr).toEqual(["partners:errors.description"]);
    const result = await decide(proposal.id, { ...approval, city: "Tabarka" });
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({ type: "success", message: "partners:admin.approved" });
    const decided = (await PartnerProposal.findByPk(proposal.id))!;
    expect(decided.status).toBe("approved");
    const partner = (await Partner.findByPk(decided.partnerId!))!;
    expect(partner).toMatchObject({ userId: traveler.id, name: pairs[0]![1], status: "active", city: "Tabarka", email: traveler.email });
    expect(JSON.parse(partner.description)).toEqual({ en: approval.descriptionEn, fr: approval.descriptionFr, es: approval.descriptionEs });
    const mail = await lastEmailTo(traveler.email, "partner-proposal-approved");
    expect(mail?.links.some((link) => link.endsWith(`/partner-details/${partner.id}`))).toBe(true);
    // Decided once: a second decision is refused and changes nothing.
    const again = await decide(proposal.id, { intent: "refuse", reason: "Too late" });
    expect(again.status).toBe(409);
    expect((await PartnerProposal.findByPk(proposal.id))!.status).toBe("approved");
  });

  it("links the account holding the e-mail address, or none with a sign-up e-mail", async () => {
    const holder = await createAccount();
    await propose(proposalFields({ email: holder.email }));
    const linked = await latestProposal(holder.email);
    await decide(linked.id, approval);
    expect((await Partner.findByPk((await PartnerProposal.findByPk(linked.id))!.partnerId!))!.userId).toBe(holder.id);

    const pairs = proposalFields();
    await propose(pairs, undefined, "/es/partner-proposal");
    const stranger = await latestProposal(emailOf(pairs));
    await decide(stranger.id, approval);
    const partner = (await Partner.findByPk((await PartnerProposal.findByPk(stranger.id))!.partnerId!))!;
    expect(partner.userId).toBeNull();
    const mail = await lastEmailTo(stranger.email, "partner-proposal-approvedSignUp");
    expect(mail?.language).toBe("es");
    expect(mail?.text).toContain(stranger.email);
  });

  it("refuses with a reason, e-mailed in the proposer's language", async () => {
    const pairs = proposalFields();
    await propose(pairs, undefined, "/fr/partner-proposal");
    const proposal = await latestProposal(emailOf(pairs));
    expect((await decide(proposal.id, { intent: "refuse", reason: "" })).status).toBe(400);
    const result = await decide(proposal.id, { intent: "refuse", reason: "Activité hors de notre zone" });
    expect(result.status).toBe(302);
    expect((await PartnerProposal.findByPk(proposal.id))!).toMatchObject({ status: "refused", refusalReason: "Activité hors de notre zone", partnerId: null });
    const mail = await lastEmailTo(proposal.email, "partner-proposal-refused");
    expect(mail?.language).toBe("fr");
    expect(mail?.text).toContain("Activité hors de notre zone");
  });
});

async function createPartner(overrides: Partial<{ status: "active" | "suspended" }> = {}) {
  counter += 1;
  return Partner.create({
    userId: null,
    name: `Hammam Tour ${counter}`,
    description: JSON.stringify({ en: "A tour of the old hammams.", fr: "Une visite des vieux hammams." }),
    languages: JSON.stringify(["fr", "en"]),
    email: `hammam-${counter}@partners.test.darna.tn`,
    phone: "+216 71 000 000",
    website: null,
    city: "Tunis",
    status: overrides.status ?? "active",
  });
}

describe("/partner-details/{id}", () => {
  it("shows an active partner in the page's language (English when missing), contact hidden; 404 otherwise", async () => {
    const partner = await createPartner();
    const page = async (path: string, id: string, jar?: CookieJar) => callRoute(partnerPageRoute.loader, getRequest(path, jar), { params: { id } });
    const fr = await page(`/fr/partner-details/${partner.id}`, String(partner.id));
    expect(fr.status).toBe(200);
    expect(fr.data).toMatchObject({ partner: { name: partner.name, description: "Une visite des vieux hammams.", languages: ["fr", "en"], contact: null, rating: null } });
    const es = await page(`/es/partner-details/${partner.id}`, String(partner.id), travelerJar);
    expect(es.data).toMatchObject({ partner: { description: "A tour of the old hammams.", contact: null }, saved: false });
    expect(await canSeePartnerContact(traveler.id, partner.id)).toBe(false);
    const suspended = await createPartner({ status: "suspended" });
    expect((await page(`/partner-details/${suspended.id}`, String(suspended.id))).status).toBe(404);
    expect((await page("/partner-details/999999", "999999")).status).toBe(404);
    expect((await page("/partner-details/abc", "abc")).status).toBe(404);
  });

  it("GET /api/v1/partners/{id} answers the same, and 404 for suspended partners", async () => {
    const partner = await createPartner();
    const response = await partnerApi({ request: getRequest(`/api/v1/partners/${partner.id}?lng=fr`), params: { id: String(partner.id) }, context: {} });
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/partners/{id}", response)).toMatchObject({
      id: partner.id,
      description: "Une visite des vieux hammams.",
      contact: null,
    });
    const suspended = await createPartner({ status: "suspended" });
    const missing = await partnerApi({ request: getRequest(`/api/v1/partners/${suspended.id}`), params: { id: String(suspended.id) }, context: {} });
    expect(missing.status).toBe(404);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/partners/{id}", missing);
  });
});

describe("favorites of partners", () => {
  it("saves a partner from its page; the profile and GestionPartenaire/selectFavouriteByIDUser list the active ones", async () => {
    const user = await createAccount();
    const jar = new CookieJar();
    await logIn(jar, user.email);
    const partner = await createPartner();
    const later = await createPartner();
    const heart = (id: number, intent: string, who?: CookieJar) =>
      callRoute(
        favoritesRoute.action,
        formRequest("/favorites", [["kind", "provider"], ["targetId", String(id)], ["intent", intent], ["redirectTo", `/partner-details/${id}`]], who),
      );
    const anonymous = await heart(partner.id, "add");
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toMatch(/^\/auth/);
    expect(await toastOf(anonymous)).toMatchObject({ message: "favorites:loginRequired" });
    expect((await heart(partner.id, "add", jar)).location).toBe(`/partner-details/${partner.id}`);
    await heart(later.id, "add", jar);
    const suspended = await createPartner();
    await heart(suspended.id, "add", jar);
    await suspended.update({ status: "suspended" });
    const unknown = await heart(999999, "add", jar);
    expect(await toastOf(unknown)).toMatchObject({ type: "error", message: "favorites:errors.failed" });

    const page = await callRoute(partnerPageRoute.loader, getRequest(`/partner-details/${partner.id}`, jar), { params: { id: String(partner.id) } });
    expect((page.data as { saved: boolean }).saved).toBe(true);
    const profile = await callRoute(profileFavoritesRoute.loader, getRequest("/profile/favorites", jar));
    expect((profile.data as { partners: Array<{ id: number }> }).partners.map((row) => row.id).sort()).toEqual([partner.id, later.id].sort());

    const token = (await createSession(user.id, "api")).id;
    const request = new Request(`${ORIGIN}/api/v1/GestionPartenaire/selectFavouriteByIDUser`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ID_Utulisateur: user.id }),
    });
    const response = await favouriteProviders({ request, params: {}, context: {} });
    const list = (await expectApiResponseMatchesOpenApi("post", "/api/v1/GestionPartenaire/selectFavouriteByIDUser", response)) as Array<{ ID_Prestataire: number }>;
    expect(list.map((row) => row.ID_Prestataire).sort()).toEqual([partner.id, later.id].sort());
  });
});

describe("POST /api/v1/partner-proposals", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: "Djerba Pottery",
    description: "Pottery workshops in Guellala with a master potter, for beginners and families.",
    priceRanges: [{ min: 30_000, max: 60_000 }],
    availability: [{ date: "2030-07-01", from: "10:00", to: "12:00" }],
    languages: ["ar", "fr"],
    email: `pottery-${Date.now()}@partners.test.darna.tn`,
    phone: "+216 75 600 000",
    ...overrides,
  });
  const post = (json: unknown) =>
    proposalsApi({
      request: new Request(`${ORIGIN}/api/v1/partner-proposals`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) }),
      params: {},
      context: {},
    });

  it("creates a pending proposal (201) and answers bad input with field errors (400)", async () => {
    const sent = body();
    const created = await post(sent);
    expect(created.status).toBe(201);
    const answer = (await expectApiResponseMatchesOpenApi("post", "/api/v1/partner-proposals", created)) as { id: number; status: string };
    expect(answer.status).toBe("pending");
    expect(await PartnerProposal.findByPk(answer.id)).toMatchObject({ email: sent.email, userId: null, website: null });
    const bad = await post(body({ website: "javascript:alert(1)", availability: [{ date: "2030-02-30", from: "10:00", to: "09:00" }], priceRanges: [] }));
    expect(bad.status).toBe(400);
    const error = (await expectApiResponseMatchesOpenApi("post", "/api/v1/partner-proposals", bad)) as { error: { fields?: Record<string, string> } };
    expect(error.error.fields).toMatchObject({
      website: expect.any(String),
      "availability.0.date": expect.any(String),
      "availability.0.to": expect.any(String),
      priceRanges: expect.any(String),
    });
  });
});

describe("demo data", () => {
  it("seeds one pending proposal that the API's rules accept; seeding twice adds nothing", async () => {
    await seedProposals({ context: undefined as never });
    await seedProposals({ context: undefined as never });
    const seeded = await PartnerProposal.findAll({ where: { email: "hello@sahara-stargazing.demo.darna.tn" } });
    expect(seeded).toHaveLength(1);
    const [proposal] = seeded;
    expect(proposal).toMatchObject({ status: "pending", userId: null });
    const parsed = PartnerProposalBodySchema.safeParse({
      name: proposal!.name,
      description: proposal!.description,
      priceRanges: JSON.parse(proposal!.priceRanges),
      availability: JSON.parse(proposal!.availability),
      languages: JSON.parse(proposal!.languages),
      email: proposal!.email,
      phone: proposal!.phone,
      website: proposal!.website,
    });
    expect(parsed.success).toBe(true);
  });
});
