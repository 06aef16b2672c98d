import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { originMatchesHost } from "~/utils/same-origin";
import { singleton } from "~/utils/singleton.server";

export const WS_PATH = "/ws";
export const WS_MAX_PAYLOAD = 64 * 1024;

/** A browser's WebSocket always carries Origin; we take upgrades only from our own site. */
export function isSameOrigin(request: IncomingMessage, allowedOrigins: string[] = []): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && originMatchesHost(origin, request.headers.host, allowedOrigins);
}

export type ConnectionHandler = (socket: WebSocket, request: IncomingMessage) => void;

interface RealtimeState {
  wss: WebSocketServer;
  handlers: ConnectionHandler[];
}

export function getRealtime(): RealtimeState {
  return singleton("realtime", () => ({
    wss: new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD }),
    handlers: [] as ConnectionHandler[],
  }));
}

/** Lets a feature (messaging) take over new sockets; before that a socket is only held open. */
export function onConnection(handler: ConnectionHandler) {
  getRealtime().handlers.push(handler);
}

export function attachWebSocketServer(server: Server, options: { allowedOrigins?: string[] } = {}) {
  const { wss, handlers } = getRealtime();
  wss.on("connection", (socket, request) => {
    for (const handler of handlers) handler(socket, request);
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    if (pathname !== WS_PATH) return; // Vite's HMR socket in development has its own path.
    if (!isSameOrigin(request, options.allowedOrigins)) {
      socket.write("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  });
  return wss;
}

/** 1012 "service restart": the client reconnects (through the proxy, to another instance) after a short pause. */
export const WS_CLOSE_SERVICE_RESTART = 1012;

export async function closeWebSocketServer() {
  const { wss } = getRealtime();
  for (const client of wss.clients) client.close(WS_CLOSE_SERVICE_RESTART, "service restart");
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}
