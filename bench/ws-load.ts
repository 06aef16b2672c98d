// Run by bench/ws.bench.ts under vite-node (the app modules use import.meta.glob). Realtime messaging on loopback (issue 7 point 8).
// Opens BENCH_SOCKETS (default 5,000) websockets to one server (ws server + messaging protocol,
// temporary SQLite database, no Redis): BENCH_PAIRS traveler/host pairs (default 50), each user
// holding an equal share of the sockets. Each pair's traveler then sends BENCH_MESSAGES messages
// (default 5) with `private_message`; every socket of both participants must get each one. Prints
// the time to open and register the sockets, and message delivery latency p50/p99 (send → each
// receiving socket). Bounded: at most 20,000 sockets, and every wait has a timeout.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { WebSocket } from "ws";
import { percentile } from "./lib/stats";

const SOCKETS = Math.min(20_000, Number(process.env.BENCH_SOCKETS ?? 5_000));
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 50));
const MESSAGES = Math.max(1, Number(process.env.BENCH_MESSAGES ?? 5));
const perUser = Math.max(1, Math.floor(SOCKETS / (PAIRS * 2)));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "darna-bench-ws-"));
process.env.DATABASE_URL = `sqlite:${path.join(dataDir, "bench.sqlite")}`;
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = "false";
delete process.env.REDIS_URL;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const timeout = new Promise<T>((_, reject) => {
    setTimeout(() => reject(new Error(`timeout: ${what}`)), ms).unref();
  });
  return Promise.race([promise, timeout]);
}

async function main() {
  const { migrate } = await import("~/db/migrator.server");
  await migrate();
  const { attachWebSocketServer, closeWebSocketServer } = await import("~/realtime/ws-server.server");
  const { registerMessagingRealtime } = await import("~/services/messaging-realtime.server");
  const { createSession } = await import("~/services/auth-sessions.server");
  const { startConversation } = await import("~/services/messaging.server");
  const { createBookingUser, createPublicListing } = await import("../tests/factories/booking-factories");
  const { getSequelize } = await import("~/db/sequelize.server");

  const pairs: Array<{ uid: string; traveler: string; host: string; travelerId: number }> = [];
  for (let i = 0; i < PAIRS; i += 1) {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const { conversationUID } = await startConversation(traveler, { propertyId: listing.id, checkIn: "2099-01-10", checkOut: "2099-01-12", message: "Hello" });
    pairs.push({
      uid: conversationUID,
      traveler: (await createSession(traveler.id, "api")).id,
      host: (await createSession(host.id, "api")).id,
      travelerId: traveler.id,
    });
  }

  const server = http.createServer((_req, res) => res.end());
  server.maxConnections = 25_000;
  attachWebSocketServer(server);
  registerMessagingRealtime();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const url = `ws://127.0.0.1:${port}/ws`;
  const origin = `http://127.0.0.1:${port}`;

  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  let received = 0;

  function open(token: string): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { origin });
      socket.on("error", reject);
      socket.on("open", () => socket.send(JSON.stringify({ event: "register", token })));
      socket.on("message", (raw) => {
        const event = JSON.parse(String(raw)) as { event: string; message?: { body: string } };
        if (event.event === "registered") resolve(socket);
        else if (event.event === "message" && event.message) {
          const started = sentAt.get(event.message.body);
          if (started !== undefined) {
            latencies.push(performance.now() - started);
            received += 1;
          }
        }
      });
    });
  }

  const openStarted = performance.now();
  const sockets: WebSocket[] = [];
  const senders: WebSocket[] = [];
  for (const pair of pairs) {
    for (const token of [pair.traveler, pair.host]) {
      // Open a user's sockets in parallel, users one after another (bounded concurrency).
      const batch = await withTimeout(Promise.all(Array.from({ length: perUser }, () => open(token))), 60_000, "opening sockets");
      sockets.push(...batch);
      if (token === pair.traveler) senders.push(batch[0]!);
    }
  }
  const openMs = performance.now() - openStarted;

  const expected = PAIRS * MESSAGES * perUser * 2;
  const sendStarted = performance.now();
  for (let round = 0; round < MESSAGES; round += 1) {
    pairs.forEach((pair, index) => {
      const body = `bench ${round}-${index}-${crypto.randomBytes(4).toString("hex")}`;
      sentAt.set(body, performance.now());
      senders[index]!.send(JSON.stringify({ event: "private_message", token: pair.traveler, conversationUID: pair.uid, message: body }));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await withTimeout(
    new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (received >= expected) {
          clearInterval(check);
          resolve();
        }
      }, 10);
    }),
    120_000,
    `deliveries (${received}/${expected})`,
  ).catch((error: Error) => console.error(error.message));
  const sendMs = performance.now() - sendStarted;

  latencies.sort((a, b) => a - b);
  console.log(`sockets open and registered: ${sockets.length} in ${(openMs / 1000).toFixed(1)} s`);
  console.log(`messages: ${PAIRS * MESSAGES} sent, ${received}/${expected} deliveries in ${(sendMs / 1000).toFixed(1)} s`);
  console.log(
    `delivery latency (send → each socket): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );

  for (const socket of sockets) socket.terminate();
  await closeWebSocketServer();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await getSequelize().close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(received >= expected ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
