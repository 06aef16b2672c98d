// The messaging protocol on the realtime socket (/ws, SPEC.md §7, ADR 080).
//
//   client → { "event": "register", "token": … }
//   client → { "event": "private_message", "token", "conversationUID", "message" }
//   client → { "event": "seen", "token", "conversationUID", "messageId" }   (shown live in the open thread)
//   server → { "event": "registered", "unseen": n, "notifications": n } | { "event": "message", conversationUID, message }
//          | { "event": "notifications", "unread": n }   (a notification recorded or read: ADR 146)
//          | { "event": "unseen", "unseen": n }   (after "seen")
//          | { "event": "error", "message": <translated> }
//
// `token` is one of: the page's realtime token (an HMAC of the `Token` cookie's session id, only
// valid on a socket whose upgrade request carried that cookie — pages never see the session id,
// the cookie stays HttpOnly), a web session id, or an API bearer token. Messages follow the same
// rules as the form (sendMessage). Each socket is rate-limited; unregistered sockets are closed
// after AUTH_TIMEOUT_MS; a ping every PING_INTERVAL_MS drops sockets that stop answering.
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";
import { getRealtimeBus, type RealtimeBus } from "~/realtime/bus.server";
import { onConnection } from "~/realtime/ws-server.server";
import { findActiveSession } from "~/utils/auth-sessions.server";
import { markSeen, unseenCount } from "~/services/messaging/messaging.server";
import { sendMessage } from "~/services/messaging/message-sending.server";
import { unreadCount } from "~/services/notifications/notification-reads.server";
import { isAppError } from "~/utils/app-error";
import { tokenCookie } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, type Language } from "~/utils/i18n";
import { getFixedT, languageCookie } from "~/utils/i18n.server";
import { singleton } from "~/utils/singleton.server";
import { getLimiters } from "~/utils/limits.server";
import { userRoleOf, type UserRole } from "~/domain/staff-roles";

export const AUTH_TIMEOUT_MS = env.wsAuthTimeoutMs;
export const PING_INTERVAL_MS = env.wsPingIntervalMs;
/** Token bucket per socket: RATE_BURST events at once, refilled at RATE_PER_SECOND. */
export const RATE_BURST = 20;
export const RATE_PER_SECOND = 2;

/** The token a page gives its script for the socket: bound to the session, not the session id. */
export function realtimeToken(sessionId: string): string {
  return crypto.createHmac("sha256", env.sessionSecret).update(`ws:${sessionId}`).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

interface SocketState {
  userId: number | null;
  role: UserRole;
  token: string | null;
  language: Language;
  alive: boolean;
  /** Which tick of the ping interval checks this socket (see pingSlices). */
  slot: number;
  tokens: number;
  refilledAt: number;
}

async function cookieSessionId(request: IncomingMessage): Promise<string | null> {
  const header = request.headers.cookie;
  if (!header) return null;
  try {
    const value = await tokenCookie.parse(header);
    return typeof value === "string" && value.length > 0 ? value : null;
  } catch {
    return null;
  }
}

async function languageOf(request: IncomingMessage): Promise<Language> {
  try {
    const value: unknown = await languageCookie.parse(request.headers.cookie ?? null);
    return isLanguage(value) ? value : fallbackLanguage;
  } catch {
    return fallbackLanguage;
  }
}

async function resolveToken(token: unknown, cookieSession: Promise<string | null>) {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return null;
  const sessionId = await cookieSession;
  if (sessionId && safeEqual(token, realtimeToken(sessionId))) return findActiveSession(sessionId, { kind: "web" });
  return findActiveSession(token);
}

const PING_SLICES = 30;

/** Into how many ticks a ping interval is cut: one per second of it, from 1 to PING_SLICES. */
export function pingSlices(pingIntervalMs: number): number {
  return Math.min(PING_SLICES, Math.max(1, Math.floor(pingIntervalMs / 1_000)));
}

export function createMessagingHandler(
  bus: RealtimeBus = getRealtimeBus(),
  options: { pingIntervalMs?: number; authTimeoutMs?: number } = {},
) {
  const pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
  const authTimeoutMs = options.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  const states = new Map<WebSocket, SocketState>();

  // Each socket is pinged once per interval, but not all in one go: 5,000 pings in one loop held
  // the event loop ~100–200 ms, and every message delivered meanwhile waited (ADR 205). The
  // sockets are spread over up to PING_SLICES slices (one per second of the interval), one slice
  // per tick.
  const slices = pingSlices(pingIntervalMs);
  let nextSlot = 0;
  let tick = 0;
  const ping = setInterval(() => {
    const slot = tick++ % slices;
    for (const [socket, state] of states) {
      if (state.slot !== slot) continue;
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  }, pingIntervalMs / slices);
  ping.unref();

  function handle(socket: WebSocket, request: IncomingMessage) {
    const state: SocketState = {
      userId: null,
      role: "user",
      token: null,
      language: fallbackLanguage,
      alive: true,
      slot: nextSlot++ % slices,
      tokens: RATE_BURST,
      refilledAt: Date.now(),
    };
    states.set(socket, state);
    // Sockets open at once per address and per user (ADR 090): past either, a translated error and close.
    const limiters = getLimiters();
    const address = `ip:${request.socket.remoteAddress ?? "unknown"}`;
    // Shared across instances with Redis (ADR 201): the answer is awaited before any event runs.
    let addressAdmitted = false;
    const admission = limiters.socketsPerAddress.acquire(address).then((admitted) => {
      addressAdmitted = admitted;
    });
    let countedUser: string | null = null;
    const cookieSession = cookieSessionId(request);
    void languageOf(request).then((language) => {
      if (state.userId === null) state.language = language;
    });
    // Serialise each socket's events so a register is done before the next message runs.
    let queue: Promise<void> = admission;

    const send = (payload: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    const sendError = async (key: string, values?: Record<string, unknown>) => {
      const t = await getFixedT(state.language, ["messages", "api"]);
      send({ event: "error", message: String(t(key, values)) });
    };

    const authTimer = setTimeout(() => {
      if (state.userId === null) {
        void sendError("messages:errors.unauthenticated").finally(() => socket.close(4401, "unauthenticated"));
      }
    }, authTimeoutMs);
    authTimer.unref();

    socket.on("pong", () => {
      state.alive = true;
    });
    socket.on("close", () => {
      void queue.finally(() => {
        if (addressAdmitted) void limiters.socketsPerAddress.release(address);
        if (countedUser) void limiters.socketsPerUser.release(countedUser);
      });
      clearTimeout(authTimer);
      states.delete(socket);
      if (state.userId !== null) bus.registry.remove(state.userId, socket);
    });
    socket.on("error", () => socket.terminate());

    const takeToken = () => {
      const now = Date.now();
      state.tokens = Math.min(RATE_BURST, state.tokens + ((now - state.refilledAt) / 1000) * RATE_PER_SECOND);
      state.refilledAt = now;
      if (state.tokens < 1) return false;
      state.tokens -= 1;
      return true;
    };

    const process = async (raw: string) => {
      let data: { event?: unknown; token?: unknown; conversationUID?: unknown; message?: unknown; messageId?: unknown };
      try {
        data = JSON.parse(raw) as typeof data;
        if (data === null || typeof data !== "object") throw new Error("not an object");
      } catch {
        return sendError("messages:errors.badRequest");
      }
      if (data.event === "register") {
        const found = await resolveToken(data.token, cookieSession);
        if (!found) {
          await sendError("messages:errors.unauthenticated");
          socket.close(4401, "unauthenticated");
          return;
        }
        if (isLanguage(found.user.language)) state.language = found.user.language;
        const userKey = `user:${found.user.id}`;
        if (countedUser !== userKey) {
          if (!(await limiters.socketsPerUser.acquire(userKey))) {
            await sendError("limits:tooMany.connections");
            socket.close(4429, "too many connections");
            return;
          }
          if (countedUser) void limiters.socketsPerUser.release(countedUser);
          countedUser = userKey;
        }
        if (state.userId !== null && state.userId !== found.user.id) bus.registry.remove(state.userId, socket);
        state.userId = found.user.id;
        state.role = userRoleOf(found.user.role);
        state.token = data.token as string;
        if (isLanguage(found.user.language)) state.language = found.user.language;
        clearTimeout(authTimer);
        bus.registry.add(found.user.id, socket);
        send({ event: "registered", unseen: await unseenCount(found.user.id), notifications: await unreadCount(found.user.id) });
        return;
      }
      if (data.event === "private_message") {
        if (state.userId === null || typeof data.token !== "string" || data.token !== state.token) {
          return sendError("messages:errors.unauthenticated");
        }
        try {
          // Delivery (to this socket too) goes through the bus inside sendMessage.
          await sendMessage({ id: state.userId, role: state.role }, data.conversationUID, data.message);
        } catch (error) {
          if (isAppError(error)) return sendError(error.key, error.values);
          console.error("messaging: ws private_message failed", error);
          return sendError("api:errors.server_error");
        }
        return;
      }
      if (data.event === "seen") {
        // A message shown live in the open thread: the server's marker follows, so it does not
        // count as unseen on the next load. The socket gets the fresh total back.
        if (state.userId === null || typeof data.token !== "string" || data.token !== state.token) {
          return sendError("messages:errors.unauthenticated");
        }
        try {
          await markSeen({ id: state.userId, role: state.role }, data.conversationUID, data.messageId);
        } catch (error) {
          if (isAppError(error)) return sendError(error.key, error.values);
          console.error("messaging: ws seen failed", error);
          return sendError("api:errors.server_error");
        }
        send({ event: "unseen", unseen: await unseenCount(state.userId) });
        return;
      }
      return sendError("messages:errors.badRequest");
    };

    void admission.then(() => {
      if (addressAdmitted) return;
      void languageOf(request)
        .then((language) => getFixedT(language, ["limits"]))
        .then((t) => send({ event: "error", message: String(t("limits:tooMany.connections")) }))
        .finally(() => socket.close(4429, "too many connections"));
    });

    socket.on("message", (raw, isBinary) => {
      state.alive = true;
      if (!takeToken()) {
        void sendError("messages:errors.rateLimited");
        return;
      }
      if (isBinary) {
        void sendError("messages:errors.badRequest");
        return;
      }
      const text = Array.isArray(raw) ? Buffer.concat(raw).toString("utf8") : Buffer.from(raw as ArrayBuffer).toString("utf8");
      queue = queue.then(() => (addressAdmitted ? process(text) : undefined)).catch((error) => console.error("messaging: ws handler failed", error));
    });
  }

  return {
    handle,
    close() {
      clearInterval(ping);
    },
    get sockets() {
      return states.size;
    },
  };
}

/** Takes over the realtime server's new sockets, once per process (idempotent). */
export function registerMessagingRealtime() {
  return singleton("messaging-realtime", () => {
    const handler = createMessagingHandler();
    onConnection((socket, request) => handler.handle(socket, request));
    return handler;
  });
}
