// Idempotency-Key on creating POSTs (issue 22 point 3, ADR 221), on SQLite and MariaDB: the same
// key and body within 24 hours replays the first answer without doing the work again; another
// body is a 422; concurrent requests with one key create one reservation; expired keys are
// cleaned by the job runner.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { IdempotencyKey } from "~/db/models/idempotency-key.server";
import { Job } from "~/db/models/job.server";
import { Reservation } from "~/db/models/reservation.server";
import { API_AREAS } from "~/openapi/document.server";
import { getOpenApiDocument } from "~/openapi/document.server";
import * as reservationsRoute from "~/routes/api.v1.reservations._index";
import * as partnerProposalsRoute from "~/routes/api.v1.partner-proposals";
import { PRUNE_IDEMPOTENCY_JOB, scheduleIdempotencyPrune } from "~/services/api-tokens/idempotency-jobs.server";
import { createToken } from "~/services/api-tokens/tokens.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser, createPublicListing, stayFrom } from "../factories/booking-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;
const now = new Date();

function post(path: string, token: string | null, body: unknown, key?: string): Request {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key !== undefined) headers["Idempotency-Key"] = key;
  return new Request(`http://localhost:4321${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}
const book = (request: Request) => (reservationsRoute.action as unknown as Handler)({ request, params: {}, context: {} });

async function setUp() {
  const traveler = await createBookingUser();
  const listing = await createPublicListing();
  const token = (await createSession(traveler.id, "api")).id;
  const body = { propertyId: listing.id, adults: 2, children: 0, infants: 0, pets: 0, acceptTerms: true, ...stayFrom(now, 20, 2) };
  return { traveler, listing, token, body };
}

describe("Idempotency-Key", () => {
  it("is accepted by every creating POST named in the document, with the header and the 409/422 answers documented", () => {
    const operations = API_AREAS.flatMap((area) => area.operations);
    const idempotent = operations.filter((operation) => operation.idempotent);
    // Every POST that creates something (answers 201) takes a key, except these, each for a reason.
    const NOT_IDEMPOTENT: Record<string, string> = {
      createPersonalAccessToken: "replaying its answer would mean storing the token in clear (ADR 221)",
      createWebhookEndpoint: "the same: the signing secret is shown once and never stored for replay",
    };
    const creating = operations.filter((operation) => operation.method === "post" && operation.responses[201]);
    expect(creating.length).toBeGreaterThan(10);
    for (const operation of creating) {
      if (operation.operationId in NOT_IDEMPOTENT) expect(operation.idempotent, operation.operationId).toBeUndefined();
      else expect(operation.idempotent, `${operation.operationId} creates something: flag it idempotent`).toBe(true);
    }
    expect(idempotent.map((operation) => operation.operationId)).toEqual(expect.arrayContaining(["createReservation", "requestPayout", "createListingDraft"]));
    const document = getOpenApiDocument();
    for (const operation of idempotent) {
      expect(operation.method).toBe("post");
      const documented = document.paths[operation.path]!.post!;
      expect(documented.parameters).toContainEqual({ $ref: "#/components/parameters/IdempotencyKey" });
      expect(Object.keys(documented.responses)).toEqual(expect.arrayContaining(["409", "422"]));
    }
  });

  it("replays the first answer (status and body) for the same key and body, without booking again", async () => {
    const { traveler, token, body } = await setUp();
    const key = crypto.randomUUID();
    const first = await book(post("/api/v1/reservations", token, body, key));
    expect(first.status).toBe(201);
    const created = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations", first.clone())) as { id: number };
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();

    const again = await book(post("/api/v1/reservations", token, body, key));
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await again.json()).toEqual(await first.json());
    expect(await Reservation.count({ where: { travelerId: traveler.id } })).toBe(1);
    expect(created.id).toBeGreaterThan(0);

    // Without the key the same body is a new attempt: the nights are taken.
    expect((await book(post("/api/v1/reservations", token, body))).status).toBe(409);
  });

  it("answers 422 idempotency_key_reused for the same key with another body, translated", async () => {
    const { token, body } = await setUp();
    const key = crypto.randomUUID();
    expect((await book(post("/api/v1/reservations", token, body, key))).status).toBe(201);
    const other = await book(post("/api/v1/reservations?lng=es", token, { ...body, adults: 1 }, key));
    expect(other.status).toBe(422);
    const error = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations", other)) as { error: { code: string; message: string } };
    expect(error.error).toEqual({ code: "idempotency_key_reused", message: "Esta Idempotency-Key ya se usó con otra solicitud." });
  });

  it("keeps keys per user: another user's same key runs on its own", async () => {
    const { token, body, listing } = await setUp();
    const key = crypto.randomUUID();
    expect((await book(post("/api/v1/reservations", token, body, key))).status).toBe(201);
    const someone = await createBookingUser();
    const theirs = { ...body, ...stayFrom(now, 40, 2), propertyId: listing.id };
    const response = await book(post("/api/v1/reservations", (await createSession(someone.id, "api")).id, theirs, key));
    expect(response.status).toBe(201);
    expect(response.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("runs ten concurrent requests with one key once: one reservation, the others replay it or get 409 idempotency_in_progress", async () => {
    const { traveler, body } = await setUp();
    const { token } = await createToken(traveler.id, { name: "bot", scopes: ["reservations:write"], expiresInDays: 1 });
    const key = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => book(post("/api/v1/reservations", token, body, key))));
    const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> })));
    expect(await Reservation.count({ where: { travelerId: traveler.id } })).toBe(1);
    const created = bodies.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of created) expect(answer.body).toEqual(created[0]!.body);
    for (const answer of bodies.filter((one) => one.status !== 201)) {
      expect(answer.status).toBe(409);
      expect((answer.body.error as { code: string }).code).toBe("idempotency_in_progress");
    }
    expect(await IdempotencyKey.count({ where: { idemKey: key } })).toBe(1);
  });

  it("answers 409 idempotency_in_progress while the first request with the key is still running", async () => {
    const { traveler, token, body } = await setUp();
    const key = crypto.randomUUID();
    const text = JSON.stringify(body);
    const hash = crypto.createHash("sha256").update("POST /api/v1/reservations\n").update(text).digest("hex");
    await IdempotencyKey.create({
      owner: `user:${traveler.id}`,
      idemKey: key,
      requestHash: hash,
      state: "in_progress",
      lockedUntil: new Date(Date.now() + 60_000),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const response = await book(post("/api/v1/reservations", token, body, key));
    expect(response.status).toBe(409);
    const error = (await expectApiResponseMatchesOpenApi("post", "/api/v1/reservations", response)) as { error: { code: string } };
    expect(error.error.code).toBe("idempotency_in_progress");
    expect(await Reservation.count({ where: { travelerId: traveler.id } })).toBe(0);
  });

  it("refuses a malformed key with 400 and works for anonymous creating POSTs too (per client address)", async () => {
    const { token, body } = await setUp();
    const bad = await book(post("/api/v1/reservations", token, body, "x".repeat(300)));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_idempotency_key");

    const proposal = {
      name: "Desert trips",
      description: "Camel rides and nights under the stars near Douz.",
      priceRanges: [{ min: 20_000, max: 50_000 }],
      availability: [{ date: stayFrom(now, 10, 1).checkIn, from: "09:00", to: "12:00" }],
      languages: ["fr"],
      email: "desert@example.tn",
      phone: "+21620000000",
    };
    const send = (address: string) =>
      (partnerProposalsRoute.action as unknown as Handler)({ request: post("/api/v1/partner-proposals", null, proposal, "proposal-1"), params: {}, context: { clientIp: address } });
    const first = await send("10.1.1.1");
    const answer = await first.clone().text();
    expect(first.status, answer).toBe(201);
    const replayed = await send("10.1.1.1");
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replayed.text()).toBe(answer);
    const elsewhere = await send("10.2.2.2");
    expect(elsewhere.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("deletes keys past their 24 hours in the job runner's hourly clean-up", async () => {
    const { token, body } = await setUp();
    const key = crypto.randomUUID();
    expect((await book(post("/api/v1/reservations", token, body, key))).status).toBe(201);
    await IdempotencyKey.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { idemKey: key } });
    const fresh = crypto.randomUUID();
    expect((await book(post("/api/v1/reservations", token, { ...body, ...stayFrom(now, 50, 2) }, fresh))).status).toBe(201);

    await scheduleIdempotencyPrune(new Date());
    await runDueJobs({ now: new Date(Date.now() + 1000) });
    expect(await IdempotencyKey.count({ where: { idemKey: key } })).toBe(0);
    expect(await IdempotencyKey.count({ where: { idemKey: fresh } })).toBe(1);
    // The run scheduled the next hour's.
    expect(await Job.count({ where: { name: PRUNE_IDEMPOTENCY_JOB, status: "pending" } })).toBe(1);
  });
});
