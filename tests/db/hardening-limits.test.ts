// Per-user and per-address limits (issue 12, point 3): messages per user per minute counted
// across the API, the page form and the socket together; sign-ups per address; realtime sockets
// per user and per address. Each refusal is in the user's language.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createRealtimeBus } from "~/realtime/bus.server";
import { attachWebSocketServer } from "~/realtime/ws-server.server";
import * as signupRoute from "~/routes/($lang).auth.signup";
import * as messagesPage from "~/routes/($lang).messages.($id)";
import * as messagesApi from "~/routes/api.v1.conversations.$conversationUID.messages";
import { createSession } from "~/utils/auth-sessions.server";
import { registerMessagingRealtime } from "~/services/messaging/messaging-realtime.server";
import { startConversation } from "~/services/messaging/message-sending.server";
import { tokenCookie } from "~/utils/auth.server";
import { resetSingleton, singleton } from "~/utils/singleton.server";
import { signupForm } from "../factories/account-factories";
import { callRoute, makeRequest } from "../factories/account-requests";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";

const ORIGIN = "http://localhost:4321";
let server: http.Server;
let url: string;

function withLimits(limits: Record<string, string>) {
  Object.assign(process.env, limits);
  resetSingleton("limiters");
}

beforeAll(async () => {
  resetSingleton("realtime-bus");
  singleton("realtime-bus", () => createRealtimeBus({ redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" }));
  server = http.createServer((_req, res) => res.end());
  attachWebSocketServer(server);
  registerMessagingRealtime();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
});

afterAll(async () => {
  for (const name of ["MESSAGES_PER_MINUTE", "SIGNUPS_PER_HOUR_PER_IP", "WS_CONNECTIONS_PER_USER", "WS_CONNECTIONS_PER_IP"]) delete process.env[name];
  resetSingleton("limiters");
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => resetSingleton("limiters"));

interface Client {
  socket: WebSocket;
  next(event: string): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

function connect(headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin: url.replace(/^ws/, "http").replace(/\/ws$/, ""), headers });
    const events: Array<Record<string, unknown>> = [];
    const waiting: Array<[string, (event: Record<string, unknown>) => void]> = [];
    socket.on("message", (raw) => {
      const event = JSON.parse(String(raw)) as Record<string, unknown>;
      const index = waiting.findIndex(([name]) => name === event.event);
      if (index >= 0) waiting.splice(index, 1)[0]![1](event);
      else events.push(event);
    });
    const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
    socket.on("error", reject);
    socket.on("open", () =>
      resolve({
        socket,
        closed,
        next: (name) => {
          const index = events.findIndex((event) => event.event === name);
          if (index >= 0) return Promise.resolve(events.splice(index, 1)[0]!);
          return new Promise((done) => waiting.push([name, done]));
        },
      }),
    );
  });
}

describe("limits", () => {
  it("counts a user's messages across the API, the page form and the socket, and refuses the next in their language", async () => {
    withLimits({ MESSAGES_PER_MINUTE: "4" }); // "Bonjour", two by the API, one by the page
    const host = await createBookingUser();
    const traveler = await createBookingUser({ language: "fr" });
    const listing = await createPublicListing({ hostId: host.id });
    const { conversationUID } = await startConversation(traveler, { propertyId: listing.id, checkIn: "2099-04-10", checkOut: "2099-04-14", message: "Bonjour" });
    const token = (await createSession(traveler.id, "api")).id;
    const cookie = await tokenCookie.serialize((await createSession(traveler.id, "web")).id);
    const apiPost = (message: string) =>
      messagesApi.action({
        request: new Request(new URL(`/api/v1/conversations/${conversationUID}/messages?lng=fr`, ORIGIN), {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ message }),
        }),
        params: { conversationUID },
        context: {},
      });
    expect((await apiPost("Par l'API")).status).toBe(201);
    const page = await callRoute(messagesPage.action, makeRequest(`/messages/${conversationUID}`, { form: { message: "Par la page" }, headers: { Cookie: cookie } }), {
      params: { id: conversationUID },
    });
    expect(page.status).toBe(303);
    expect((await apiPost("Encore par l'API")).status).toBe(201);
    const client = await connect();
    client.socket.send(JSON.stringify({ event: "register", token }));
    await client.next("registered");

    // The fifth message in the minute, whichever way: refused.
    const refused = await apiPost("Encore");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Vous envoyez des messages trop vite. Veuillez patienter une minute puis réessayer.",
    );
    const refusedPage = await callRoute(messagesPage.action, makeRequest(`/messages/${conversationUID}`, { form: { message: "Encore" }, headers: { Cookie: cookie } }), {
      params: { id: conversationUID },
    });
    expect(refusedPage.status).toBe(429);
    expect(JSON.stringify(refusedPage.data)).toContain("limits:tooMany.messages");
    client.socket.send(JSON.stringify({ event: "private_message", token, conversationUID, message: "Encore" }));
    expect(await client.next("error")).toEqual({ event: "error", message: "Vous envoyez des messages trop vite. Veuillez patienter une minute puis réessayer." });
    client.socket.close();
    // Someone else is not affected.
    await startConversation(await createBookingUser(), { propertyId: listing.id, checkIn: "2099-04-10", checkOut: "2099-04-14", message: "Hello" });
  });

  it("refuses more sign-ups from one address than the limit, with a translated form error", async () => {
    withLimits({ SIGNUPS_PER_HOUR_PER_IP: "2" });
    const signup = (n: number, ip: string) =>
      callRoute(
        signupRoute.action,
        makeRequest("/auth/signup", {
          form: signupForm({ email: `limit-${n}-${Date.now()}@example.tn` }),
        }),
        { context: { clientIp: ip } },
      );
    expect((await signup(1, "198.51.100.50")).status).toBe(302);
    expect((await signup(2, "198.51.100.50")).status).toBe(302);
    const refused = await signup(3, "198.51.100.50");
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain("limits:tooMany.signups");
    expect((await signup(4, "198.51.100.51")).status).toBe(302);
  });

  it("refuses a user's socket past their limit, and an address's past its own", async () => {
    withLimits({ WS_CONNECTIONS_PER_USER: "2", WS_CONNECTIONS_PER_IP: "3" });
    const user = await createBookingUser({ language: "es" });
    const token = (await createSession(user.id, "api")).id;
    const clients = [await connect(), await connect(), await connect()];
    for (const client of clients.slice(0, 2)) {
      client.socket.send(JSON.stringify({ event: "register", token }));
      await client.next("registered");
    }
    clients[2]!.socket.send(JSON.stringify({ event: "register", token }));
    expect(await clients[2]!.next("error")).toEqual({ event: "error", message: "Demasiadas conexiones abiertas. Cierra una pestaña y vuelve a intentarlo." });
    expect(await clients[2]!.closed).toBe(4429);

    // Two sockets open from this address, plus one more allowed: the fifth is refused on arrival.
    const third = await connect();
    const refused = await connect({ Cookie: "lng=ImZyIg==" });
    expect(await refused.next("error")).toEqual({ event: "error", message: "Trop de connexions ouvertes. Fermez un onglet puis réessayez." });
    expect(await refused.closed).toBe(4429);
    // Closing one frees a place.
    clients[0]!.socket.close();
    await clients[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await connect();
    again.socket.send(JSON.stringify({ event: "register", token }));
    await again.next("registered");
    for (const client of [clients[1]!, third, again]) client.socket.close();
  });
});
