// /api/v1/webhooks/** through their handlers, held against the OpenAPI document (ADR 222):
// register (201 with the secret once, 400 translated field errors), list, deliveries with their
// attempts, replay, turn off/on, delete; another user's endpoint or delivery is a 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/write-transaction.server";
import * as endpointRoute from "~/routes/api.v1.webhooks.endpoints.$id";
import * as deliveriesRoute from "~/routes/api.v1.webhooks.endpoints.$id_.deliveries";
import * as endpointsRoute from "~/routes/api.v1.webhooks.endpoints";
import * as replayRoute from "~/routes/api.v1.webhooks.deliveries.$id_.replay";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { recordWebhookEvent } from "~/services/webhooks/webhook-events.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser } from "../factories/booking-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const ORIGIN = "http://localhost:4321";
let receiver: WebhookReceiver;
beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  await receiver.close();
});

async function tokenFor(user: { id: number }): Promise<string> {
  return (await createSession(user.id, "api")).id;
}

function request(path: string, token: string | null, init: { method?: string; json?: unknown; lng?: string } = {}) {
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.lng) headers.set("Accept-Language", init.lng);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;
const call = (handler: unknown, req: Request, params: Record<string, string> = {}) => (handler as Handler)({ request: req, params, context: {} });

describe("/api/v1/webhooks", () => {
  it("registers, lists, shows deliveries, replays, turns off and on, deletes — the bearer's own only", async () => {
    const host = await createBookingUser();
    const token = await tokenFor(host);
    const url = receiver.url("/api-hook");

    const invalid = await call(endpointsRoute.action, request("/api/v1/webhooks/endpoints", token, { json: { url: "", events: [] }, lng: "fr" }));
    expect(invalid.status).toBe(400);
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/webhooks/endpoints", invalid)).toMatchObject({
      error: { code: "invalid_input", fields: { url: "Saisissez l’URL de votre point de réception.", events: "Choisissez au moins un événement." } },
    });

    const created = await call(endpointsRoute.action, request("/api/v1/webhooks/endpoints", token, { json: { url, events: ["calendar.changed"] } }));
    expect(created.status).toBe(201);
    const endpoint = (await expectApiResponseMatchesOpenApi("post", "/api/v1/webhooks/endpoints", created)) as { id: number; secret: string };
    expect(endpoint).toMatchObject({ url, events: ["calendar.changed"], enabled: true });
    expect(endpoint.secret).toMatch(/^whsec_/);

    const listed = await call(endpointsRoute.loader, request("/api/v1/webhooks/endpoints", token));
    const list = (await expectApiResponseMatchesOpenApi("get", "/api/v1/webhooks/endpoints", listed)) as { endpoints: Array<Record<string, unknown>> };
    expect(list.endpoints).toHaveLength(1);
    expect(list.endpoints[0]).not.toHaveProperty("secret");

    const now = new Date();
    await writeTransaction((transaction) => recordWebhookEvent(transaction, { userId: host.id, type: "calendar.changed", data: { listingId: 1 }, now }));
    receiver.answer("/api-hook", 500);
    await runDueJobs({ now });
    const deliveriesPath = `/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`;
    const page = await call(deliveriesRoute.loader, request(`${deliveriesPath}?pageSize=5`, token), { id: String(endpoint.id) });
    const deliveries = (await expectApiResponseMatchesOpenApi("get", "/api/v1/webhooks/endpoints/{id}/deliveries", page)) as {
      deliveries: Array<{ id: number; status: string; lastResponseCode: number; history: unknown[] }>;
      pageSize: number;
      total: number;
    };
    expect(deliveries).toMatchObject({ pageSize: 5, total: 1 });
    expect(deliveries.deliveries[0]).toMatchObject({ status: "pending", lastResponseCode: 500 });
    const badPage = await call(deliveriesRoute.loader, request(`${deliveriesPath}?pageSize=101`, token), { id: String(endpoint.id) });
    expect(badPage.status).toBe(400);

    const deliveryId = deliveries.deliveries[0]!.id;
    const stranger = await tokenFor(await createBookingUser());
    const notMine = await call(replayRoute.action, request(`/api/v1/webhooks/deliveries/${deliveryId}/replay`, stranger, { method: "POST" }), { id: String(deliveryId) });
    expect(notMine.status).toBe(404);
    const replayed = await call(replayRoute.action, request(`/api/v1/webhooks/deliveries/${deliveryId}/replay`, token, { method: "POST" }), { id: String(deliveryId) });
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/webhooks/deliveries/{id}/replay", replayed)).toEqual({ queued: true, deliveryId });
    const before = receiver.received.length;
    await runDueJobs({ now: new Date(now.getTime() + 1000) });
    expect(receiver.received.length).toBeGreaterThan(before);

    const off = await call(endpointRoute.action, request(`/api/v1/webhooks/endpoints/${endpoint.id}`, token, { method: "PATCH", json: { enabled: false } }), { id: String(endpoint.id) });
    expect(await expectApiResponseMatchesOpenApi("patch", "/api/v1/webhooks/endpoints/{id}", off)).toMatchObject({ enabled: false, disabledReason: "owner" });
    const strangerDelete = await call(endpointRoute.action, request(`/api/v1/webhooks/endpoints/${endpoint.id}`, stranger, { method: "DELETE" }), { id: String(endpoint.id) });
    expect(strangerDelete.status).toBe(404);
    const deleted = await call(endpointRoute.action, request(`/api/v1/webhooks/endpoints/${endpoint.id}`, token, { method: "DELETE" }), { id: String(endpoint.id) });
    expect(deleted.status).toBe(204);
    const gone = await call(deliveriesRoute.loader, request(deliveriesPath, token), { id: String(endpoint.id) });
    expect(gone.status).toBe(404);
  });

  it("needs a bearer token", async () => {
    const response = await call(endpointsRoute.loader, request("/api/v1/webhooks/endpoints", null));
    expect(response.status).toBe(401);
  });
});

describe("the parity map of the developers pages", () => {
  it("names route files that exist and operations the OpenAPI document has", async () => {
    const { parity } = await import("../support/api-parity/developers");
    const { getOpenApiDocument } = await import("~/openapi/document.server");
    const fs = await import("node:fs");
    const paths = getOpenApiDocument().paths as Record<string, Record<string, unknown>>;
    for (const entry of parity) {
      expect(fs.existsSync(`app/routes/${entry.route}`)).toBe(true);
      for (const api of "api" in entry ? entry.api : []) {
        const [method, path] = api.split(" ");
        expect(paths[path!]?.[method!.toLowerCase()], api).toBeDefined();
      }
    }
  });
});
