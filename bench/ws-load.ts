// One load-generating process of bench/ws.bench.ts (forked with an IPC channel; several of them
// share the sockets so the client side is not one event loop's bottleneck). It holds whole
// conversations: both users' sockets live here, so a message's send and its deliveries are timed
// on one clock (performance.now()).
//
//   worker → { type: "ready" } once loaded
//   parent → { type: "open", urls, origins, perUser, concurrency, pairs }   opens and registers
//            (with several instances, a user's sockets go to them in turn, the host's starting one
//            further than the traveler's: a message then reaches sockets on every instance)
//   worker → { type: "progress", … } every second, { type: "opened", … } when every socket settled
//   parent → { type: "send", messages, ratePerSecond, drainMs }           sends, waits for deliveries
//   worker → { type: "sent", … } when every delivery arrived (or drainMs after the last send)
//   parent → { type: "report" }  →  worker → { type: "report", … } (also mid-run, on a timeout)
import { WebSocket } from "ws";
import type { BenchPair } from "./ws-seed";

export type ParentMessage =
  | { type: "open"; urls: string[]; origins: string[]; perUser: number; concurrency: number; pairs: BenchPair[] }
  | { type: "send"; messages: number; ratePerSecond: number; drainMs: number }
  | { type: "report" };

export interface WorkerCounts {
  registered: number;
  failed: number;
  closedAfterOpen: number;
  sent: number;
  expected: number;
  delivered: number;
  serverErrors: number;
  firstError: string | null;
}

export type WorkerMessage =
  | { type: "ready" }
  | ({ type: "progress" } & WorkerCounts)
  | ({ type: "opened"; openMs: number } & WorkerCounts)
  | ({ type: "sent"; sendMs: number } & WorkerCounts)
  | ({ type: "report"; latencies: number[]; sentAfter: number[] } & WorkerCounts);

const REGISTER_TIMEOUT_MS = 15_000;

interface PairState {
  pair: BenchPair;
  travelerSockets: WebSocket[];
  /** Registered sockets of both users: each message must reach all of them. */
  registered: number;
}

const counts: WorkerCounts = {
  registered: 0,
  failed: 0,
  closedAfterOpen: 0,
  sent: 0,
  expected: 0,
  delivered: 0,
  serverErrors: 0,
  firstError: null,
};
const latencies: number[] = [];
/** For each latency, when its message was sent (ms after the send phase began). */
const sentAfter: number[] = [];
let sendStarted = 0;
/** Message body → when it was sent. */
const sentAt = new Map<string, number>();
const sockets: WebSocket[] = [];
let pairs: PairState[] = [];
let opening = false;

function post(message: WorkerMessage) {
  if (process.connected) process.send!(message);
}

function noteError(text: string) {
  counts.serverErrors += 1;
  counts.firstError ??= text;
}

/** Opens one socket and registers it; resolves true once the server answered "registered". */
function openSocket(url: string, origin: string, token: string, state: PairState, traveler: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok: boolean, why?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (ok) {
        counts.registered += 1;
        state.registered += 1;
        if (traveler) state.travelerSockets.push(socket);
      } else {
        counts.failed += 1;
        if (why) counts.firstError ??= why;
        socket.terminate();
      }
      resolve(ok);
    };
    const timer = setTimeout(() => settle(false, "register timed out"), REGISTER_TIMEOUT_MS);
    const socket = new WebSocket(url, { origin, perMessageDeflate: false });
    sockets.push(socket);
    socket.on("open", () => socket.send(JSON.stringify({ event: "register", token })));
    socket.on("unexpected-response", (_request, response) => settle(false, `upgrade answered ${response.statusCode}`));
    socket.on("error", (error) => settle(false, error.message));
    socket.on("close", (code) => {
      if (!settled) settle(false, `closed with ${code} before registering`);
      else counts.closedAfterOpen += 1;
    });
    socket.on("message", (raw) => {
      const received = performance.now();
      let event: { event?: string; message?: unknown };
      try {
        event = JSON.parse(String(raw)) as typeof event;
      } catch {
        return noteError("a frame that is not JSON");
      }
      if (event.event === "registered") return settle(true);
      if (event.event === "message") {
        const body = (event.message as { body?: unknown } | undefined)?.body;
        const started = typeof body === "string" ? sentAt.get(body) : undefined;
        if (started !== undefined) {
          latencies.push(received - started);
          sentAfter.push(started - sendStarted);
          counts.delivered += 1;
        }
        return;
      }
      if (event.event === "error") noteError(String(event.message));
    });
  });
}

async function open(message: Extract<ParentMessage, { type: "open" }>) {
  opening = true;
  const started = performance.now();
  pairs = message.pairs.map((pair) => ({ pair, travelerSockets: [], registered: 0 }));
  const jobs: Array<() => Promise<boolean>> = [];
  for (const state of pairs) {
    for (let i = 0; i < message.perUser; i += 1) {
      const traveler = i % message.urls.length;
      const host = (i + 1) % message.urls.length;
      jobs.push(() => openSocket(message.urls[traveler]!, message.origins[traveler]!, state.pair.travelerToken, state, true));
      jobs.push(() => openSocket(message.urls[host]!, message.origins[host]!, state.pair.hostToken, state, false));
    }
  }
  // A fixed number of handshakes in flight: thousands at once only queue in the kernel's backlog
  // and behind the database, and a socket that waits too long is closed by the server unregistered.
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.max(1, message.concurrency) }, lane));
  opening = false;
  post({ type: "opened", openMs: performance.now() - started, ...counts });
}

async function send(message: Extract<ParentMessage, { type: "send" }>) {
  const started = performance.now();
  sendStarted = started;
  // Round after round over the conversations, each message from the next of the traveler's sockets
  // (a socket's own rate limit is 2 events/s with a burst of 20).
  const queue: Array<{ state: PairState; socket: WebSocket }> = [];
  for (let round = 0; round < message.messages; round += 1) {
    for (const state of pairs) {
      const socket = state.travelerSockets[round % Math.max(1, state.travelerSockets.length)];
      if (socket) queue.push({ state, socket });
    }
  }
  const rate = Math.max(1, message.ratePerSecond);
  let index = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(queue.length, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      for (; index < due; index += 1) {
        const { state, socket } = queue[index]!;
        if (socket.readyState !== WebSocket.OPEN) continue;
        const body = `bench message ${counts.sent}`;
        counts.sent += 1;
        counts.expected += state.registered;
        sentAt.set(body, performance.now());
        socket.send(JSON.stringify({ event: "private_message", token: state.pair.travelerToken, conversationUID: state.pair.conversationUID, message: body }));
      }
      if (index >= queue.length) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const lastSent = performance.now();
  await new Promise<void>((resolve) => {
    const check = () => {
      if (counts.delivered >= counts.expected || performance.now() - lastSent > message.drainMs) resolve();
      else setTimeout(check, 10);
    };
    check();
  });
  post({ type: "sent", sendMs: performance.now() - started, ...counts });
}

const progress = setInterval(() => {
  if (opening) post({ type: "progress", ...counts });
}, 1_000);

process.on("message", (message: ParentMessage) => {
  if (message.type === "open") void open(message);
  else if (message.type === "send") void send(message);
  else if (message.type === "report") post({ type: "report", latencies, sentAfter, ...counts });
});
post({ type: "ready" });
// The bench is gone (finished, killed or crashed): drop every socket and leave.
process.on("disconnect", () => {
  clearInterval(progress);
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});
