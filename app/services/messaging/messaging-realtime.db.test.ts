import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { createRealtimeBus, type RealtimeBus } from "~/realtime/bus.server";
import { SocketRegistry } from "~/realtime/socket-registry.server";
import { attachWebSocketServer } from "~/realtime/ws-server.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createMessagingHandler, pingSlices, realtimeToken, registerMessagingRealtime } from "~/services/messaging/messaging-realtime.server";
import { readThread, unseenCount } from "~/services/messaging/messaging.server";
import { startConversation } from "~/services/messaging/message-sending.server";
import { resetSingleton, singleton } from "~/utils/singleton.server";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const dates = { checkIn: "2099-04-10", checkOut: "2099-04-14" };

interface Client {
  socket: WebSocket;
  events: Array<Record<string, unknown>>;
  next(predicate: (event: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  send(payload: unknown): void;
  closed: Promise<number>;
}

function connect(url: string, options: { origin?: string; cookie?: string } = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.Cookie = options.cookie;
    const socket = new WebSocket(url, { origin: options.origin ?? new URL(url).origin.replace(/^ws/, "http"), headers });
    const events: Array<Record<string, unknown>> = [];
    const waiters: Array<{ predicate: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }> = [];
    socket.on("message", (raw) => {
      const event = JSON.parse(String(raw)) as Record<string, unknown>;
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
    const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
    socket.on("error", reject);
    socket.on("open", () =>
      resolve({
        socket,
        events,
        closed,
        send: (payload) => socket.send(JSON.stringify(payload)),
        next(predicate, timeoutMs = 5_000) {
          const found = events.find(predicate);
          if (found) {
            events.splice(events.indexOf(found), 1);
            return Promise.resolve(found);
          }
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event; got ${JSON.stringify(events)}`)), timeoutMs);
            waiters.push({
              predicate,
              resolve: (event) => {
                clearTimeout(timer);
                events.splice(events.indexOf(event), 1);
                done(event);
              },
            });
          });
        },
      }),
    );
  });
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`)));
}

describe("messaging over the realtime socket", () => {
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    resetSingleton("realtime-bus");
    singleton("realtime-bus", () => createRealtimeBus({ redisUrl: REDIS_URL }));
    server = http.createServer((_req, res) => res.end());
    attachWebSocketServer(server);
    registerMessagingRealtime();
    url = await listen(server);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function scenario() {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const stranger = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const { conversationUID } = await startConversation(traveler, { propertyId: listing.id, ...dates, message: "Hello" });
    const [hostToken, travelerToken, strangerToken] = await Promise.all(
      [host, traveler, stranger].map(async (user) => (await createSession(user.id, "api")).id),
    );
    return { host, traveler, stranger, conversationUID, hostToken: hostToken!, travelerToken: travelerToken!, strangerToken: strangerToken! };
  }

  it("registers, stores a private message and pushes it to every socket of both participants", async () => {
    const s = await scenario();
    const traveler = await connect(url);
    const hostA = await connect(url);
    const hostB = await connect(url);
    traveler.send({ event: "register", token: s.travelerToken });
    hostA.send({ event: "register", token: s.hostToken });
    hostB.send({ event: "register", token: s.hostToken });
    await traveler.next((e) => e.event === "registered");
    expect(await hostA.next((e) => e.event === "registered")).toMatchObject({ unseen: 1 });
    await hostB.next((e) => e.event === "registered");

    traveler.send({ event: "private_message", token: s.travelerToken, conversationUID: s.conversationUID, message: "Arriving at 6pm" });
    for (const client of [hostA, hostB, traveler]) {
      const event = await client.next((e) => e.event === "message");
      expect(event).toMatchObject({ conversationUID: s.conversationUID, message: { body: "Arriving at 6pm", senderId: s.traveler.id } });
    }
    const thread = await readThread(s.host, s.conversationUID);
    expect(thread.messages.map((m) => m.body)).toEqual(["Hello", "Arriving at 6pm"]);

    // Same rules as the form: contact details are refused, with the translated message.
    traveler.send({ event: "private_message", token: s.travelerToken, conversationUID: s.conversationUID, message: "mail me: a@b.com" });
    expect(await traveler.next((e) => e.event === "error")).toEqual({
      event: "error",
      message: "This message contains illegal content; make a reservation to send it.",
    });
    for (const client of [traveler, hostA, hostB]) client.socket.close();
  });

  it("marks a message seen live in the open thread: the server's unseen count drops and the socket gets it back", async () => {
    const s = await scenario();
    const traveler = await connect(url);
    const host = await connect(url);
    traveler.send({ event: "register", token: s.travelerToken });
    host.send({ event: "register", token: s.hostToken });
    await traveler.next((e) => e.event === "registered");
    expect(await host.next((e) => e.event === "registered")).toMatchObject({ unseen: 1 });
    traveler.send({ event: "private_message", token: s.travelerToken, conversationUID: s.conversationUID, message: "Arriving at 6pm" });
    const { message } = (await host.next((e) => e.event === "message")) as { message: { id: number } };
    expect(await unseenCount(s.host.id)).toBe(2);
    host.send({ event: "seen", token: s.hostToken, conversationUID: s.conversationUID, messageId: message.id });
    expect(await host.next((e) => e.event === "unseen")).toEqual({ event: "unseen", unseen: 0 });
    expect(await unseenCount(s.host.id)).toBe(0);
    // Not for a stranger, nor with another socket's token.
    const stranger = await connect(url);
    stranger.send({ event: "register", token: s.strangerToken });
    await stranger.next((e) => e.event === "registered");
    stranger.send({ event: "seen", token: s.strangerToken, conversationUID: s.conversationUID, messageId: message.id });
    expect(await stranger.next((e) => e.event === "error")).toEqual({ event: "error", message: "This conversation does not exist." });
    stranger.send({ event: "seen", token: s.hostToken, conversationUID: s.conversationUID, messageId: message.id });
    expect(await stranger.next((e) => e.event === "error")).toMatchObject({ message: "Sign in to use messaging." });
    for (const client of [traveler, host, stranger]) client.socket.close();
  });

  it("refuses a stranger's messages to someone else's conversation, and a foreign token", async () => {
    const s = await scenario();
    const stranger = await connect(url);
    const host = await connect(url);
    stranger.send({ event: "register", token: s.strangerToken });
    host.send({ event: "register", token: s.hostToken });
    await stranger.next((e) => e.event === "registered");
    await host.next((e) => e.event === "registered");
    stranger.send({ event: "private_message", token: s.strangerToken, conversationUID: s.conversationUID, message: "hi there" });
    expect(await stranger.next((e) => e.event === "error")).toEqual({ event: "error", message: "This conversation does not exist." });
    // Using someone else's token on a registered socket is refused too.
    stranger.send({ event: "private_message", token: s.travelerToken, conversationUID: s.conversationUID, message: "hi there" });
    expect(await stranger.next((e) => e.event === "error")).toMatchObject({ message: "Sign in to use messaging." });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(host.events.filter((e) => e.event === "message")).toEqual([]);
    stranger.socket.close();
    host.socket.close();
  });

  it("closes a socket whose register token is not valid", async () => {
    const client = await connect(url);
    client.send({ event: "register", token: "x".repeat(43) });
    expect(await client.next((e) => e.event === "error")).toMatchObject({ message: "Sign in to use messaging." });
    expect(await client.closed).toBe(4401);
  });

  it("accepts the page's realtime token only with the session cookie of the upgrade", async () => {
    const s = await scenario();
    const { tokenCookie } = await import("~/utils/auth.server");
    const session = await createSession(s.traveler.id, "web");
    const cookie = (await tokenCookie.serialize(session.id)).split(";")[0]!;
    const withCookie = await connect(url, { cookie });
    withCookie.send({ event: "register", token: realtimeToken(session.id) });
    await withCookie.next((e) => e.event === "registered");
    const withoutCookie = await connect(url);
    withoutCookie.send({ event: "register", token: realtimeToken(session.id) });
    expect(await withoutCookie.next((e) => e.event === "error")).toMatchObject({ message: "Sign in to use messaging." });
    withCookie.socket.close();
  });

  it("never pushes a conversation's messages to a stranger's registered socket", async () => {
    const s = await scenario();
    const stranger = await connect(url);
    const host = await connect(url);
    stranger.send({ event: "register", token: s.strangerToken });
    host.send({ event: "register", token: s.hostToken });
    await stranger.next((e) => e.event === "registered");
    await host.next((e) => e.event === "registered");
    // Asking for the conversation by id over the socket does not work either.
    stranger.send({ event: "read", token: s.strangerToken, conversationUID: s.conversationUID });
    expect(await stranger.next((e) => e.event === "error")).toMatchObject({ message: "This request is not understood." });
    const traveler = await connect(url);
    traveler.send({ event: "register", token: s.travelerToken });
    await traveler.next((e) => e.event === "registered");
    traveler.send({ event: "private_message", token: s.travelerToken, conversationUID: s.conversationUID, message: "For the host only" });
    await host.next((e) => e.event === "message");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stranger.events.filter((e) => e.event === "message")).toEqual([]);
    for (const client of [stranger, host, traveler]) client.socket.close();
  });

  it("caps payloads at 64 KB: a bigger frame closes the socket (1009), a smaller one gets an answer", async () => {
    const s = await scenario();
    const client = await connect(url);
    client.send({ event: "register", token: s.travelerToken });
    await client.next((e) => e.event === "registered");
    client.send({ event: "private_message", token: s.travelerToken, conversationUID: s.conversationUID, message: "a".repeat(60 * 1024) });
    expect(await client.next((e) => e.event === "error")).toMatchObject({ message: "A message holds at most 2000 characters" });
    client.send({ event: "private_message", token: s.travelerToken, conversationUID: s.conversationUID, message: "a".repeat(65 * 1024) });
    expect(await client.closed).toBe(1009);
  });

  it("rate-limits each socket", async () => {
    const client = await connect(url);
    for (let i = 0; i < 30; i += 1) client.send({ event: "noop" });
    expect(await client.next((e) => e.event === "error" && e.message === "You are sending too fast. Wait a moment.")).toBeTruthy();
    client.socket.close();
  });

  it("refuses an upgrade from a foreign origin", async () => {
    await expect(connect(url, { origin: "https://evil.example" })).rejects.toThrow(/403/);
  });

  it("pings every socket and terminates one that stops answering", async () => {
    // A short ping interval for the test; the server's default is 30 s (WS_PING_INTERVAL_MS).
    const handler = createMessagingHandler(createRealtimeBus(), { pingIntervalMs: 100, authTimeoutMs: 60_000 });
    const pingServer = http.createServer((_req, res) => res.end());
    const wss = new WebSocketServer({ server: pingServer, path: "/ws" });
    wss.on("connection", (socket, request) => handler.handle(socket, request));
    const pingUrl = await listen(pingServer);
    const origin = new URL(pingUrl).origin.replace(/^ws/, "http");
    const open = (autoPong: boolean) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(pingUrl, { origin, autoPong });
        socket.once("open", () => resolve(socket));
        socket.once("error", reject);
      });
    try {
      const answering = await open(true);
      const silent = await open(false); // gets pings but never answers them (a dead peer)
      let pingsToSilent = 0;
      silent.on("ping", () => (pingsToSilent += 1));
      let answeringClosed = false;
      answering.on("close", () => (answeringClosed = true));
      const started = Date.now();
      const code = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the silent socket was not terminated")), 3_000);
        silent.once("close", (closeCode) => {
          clearTimeout(timer);
          resolve(closeCode);
        });
      });
      expect(pingsToSilent).toBeGreaterThanOrEqual(1);
      expect(code).toBe(1006); // terminated, not closed politely
      expect(Date.now() - started).toBeLessThan(2_000);
      // The socket that answers stays open through several more rounds.
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(answeringClosed).toBe(false);
      expect(answering.readyState).toBe(WebSocket.OPEN);
      expect(handler.sockets).toBe(1);
      answering.close();
    } finally {
      handler.close();
      wss.close();
      await new Promise<void>((resolve) => pingServer.close(() => resolve()));
    }
  });

  it("spreads the pings over the interval instead of pinging every socket at once (ADR 205)", async () => {
    expect([pingSlices(100), pingSlices(2_000), pingSlices(30_000), pingSlices(600_000)]).toEqual([1, 2, 30, 30]);
    // 2 s: two ticks of 1 s, each pinging half of the sockets.
    const handler = createMessagingHandler(createRealtimeBus(), { pingIntervalMs: 2_000, authTimeoutMs: 60_000 });
    const pingServer = http.createServer((_req, res) => res.end());
    const wss = new WebSocketServer({ server: pingServer, path: "/ws" });
    wss.on("connection", (socket, request) => handler.handle(socket, request));
    const pingUrl = await listen(pingServer);
    const origin = new URL(pingUrl).origin.replace(/^ws/, "http");
    const sockets: WebSocket[] = [];
    try {
      const pinged: number[] = [];
      for (let i = 0; i < 4; i++) {
        const socket = await new Promise<WebSocket>((resolve, reject) => {
          const opened = new WebSocket(pingUrl, { origin });
          opened.once("open", () => resolve(opened));
          opened.once("error", reject);
        });
        socket.on("ping", () => pinged.push(i));
        sockets.push(socket);
      }
      const pingedWithin = async (ms: number, count: number) => {
        const deadline = Date.now() + ms;
        while (Date.now() < deadline && new Set(pinged).size < count) await new Promise((resolve) => setTimeout(resolve, 20));
        return new Set(pinged).size;
      };
      // The first tick (at 1 s) pings two of the four; 300 ms later still only those two (a
      // ping-all loop would have reached all four at once); the second tick (at 2 s) the others.
      await pingedWithin(3_000, 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(new Set(pinged).size).toBe(2);
      expect(await pingedWithin(3_000, 4)).toBe(4);
      expect(pinged.length).toBe(4); // each socket once per interval
    } finally {
      for (const socket of sockets) socket.close();
      handler.close();
      wss.close();
      await new Promise<void>((resolve) => pingServer.close(() => resolve()));
    }
  });

  it("delivers across two instances through Redis", async () => {
    const s = await scenario();
    // Instance B: its own bus (own registry, Redis) and socket server, in front of the same database.
    const busB: RealtimeBus = createRealtimeBus({ redisUrl: REDIS_URL, registry: new SocketRegistry() });
    const handlerB = createMessagingHandler(busB);
    const serverB = http.createServer((_req, res) => res.end());
    const wssB = new WebSocketServer({ server: serverB, path: "/ws" });
    wssB.on("connection", (socket, request) => handlerB.handle(socket, request));
    const urlB = await listen(serverB);
    await Promise.all([busB.ready(), singleton<RealtimeBus>("realtime-bus", () => undefined as never).ready()]);
    try {
      const traveler = await connect(url);
      const host = await connect(urlB);
      traveler.send({ event: "register", token: s.travelerToken });
      host.send({ event: "register", token: s.hostToken });
      await traveler.next((e) => e.event === "registered");
      await host.next((e) => e.event === "registered");
      traveler.send({ event: "private_message", token: s.travelerToken, conversationUID: s.conversationUID, message: "Across servers" });
      expect(await host.next((e) => e.event === "message")).toMatchObject({ message: { body: "Across servers" } });
      // And back: the host writes on B, the traveler on A gets it.
      host.send({ event: "private_message", token: s.hostToken, conversationUID: s.conversationUID, message: "Received" });
      expect(await traveler.next((e) => e.event === "message" && (e.message as { body: string }).body === "Received")).toBeTruthy();
      traveler.socket.close();
      host.socket.close();
    } finally {
      handlerB.close();
      wssB.close();
      await new Promise<void>((resolve) => serverB.close(() => resolve()));
      await busB.close();
    }
  });
});
