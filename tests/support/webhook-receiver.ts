// A local HTTP server that receives webhook deliveries in the tests: it keeps every request (raw
// body and headers) and answers what the test queued (a status, or a delay past the timeout),
// 200 once the queue is empty. Listens on 127.0.0.1 on a free port.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url(path: string): string;
  received: ReceivedDelivery[];
  /** The next answers for `path`, in order: a status, or { delayMs } (then 200). */
  answer(path: string, ...answers: Array<number | { delayMs: number }>): void;
  /** Forgets the answers still queued for `path` (200 from then on). */
  reset(path: string): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const queues = new Map<string, Array<number | { delayMs: number }>>();
  const received: ReceivedDelivery[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path, headers: req.headers, body, json: JSON.parse(body) as ReceivedDelivery["json"] });
      const next = queues.get(path)?.shift() ?? 200;
      if (typeof next === "number") res.writeHead(next, { "Content-Type": "text/plain" }).end(String(next));
      else setTimeout(() => res.writeHead(200).end("late"), next.delayMs).unref();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, ...answers) => queues.set(path, [...(queues.get(path) ?? []), ...answers]),
    reset: (path) => queues.delete(path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
