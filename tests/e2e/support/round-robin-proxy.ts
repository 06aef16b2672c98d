// A small round-robin reverse proxy for tests and benches that run several app instances (issue 20).
// It behaves like a production balancer (nginx, HAProxy) in the ways a restart depends on:
// - requests go to the backends in turn; the request body is read first, so a request can be sent
//   again to another backend;
// - a backend whose connection is refused (stopped listening after SIGTERM, not started yet) is
//   ejected for `ejectMs` and the request is retried on the next one — a request that reached a
//   backend and got no answer is retried only when its method is idempotent (as nginx's
//   proxy_next_upstream does);
// - a health check polls `healthPath` every `healthIntervalMs`: a backend answering anything but 200
//   (503 while starting or stopping) or refusing the connection gets no new requests until it
//   answers 200 again (a slow answer changes nothing; with no healthy backend, all are tried);
// - WebSocket upgrades are passed through to the next healthy backend;
// - Host is kept (the app compares Origin with it) and X-Forwarded-For is added.
// No backend left: 502, as a real proxy answers.
//
//   const proxy = await startRoundRobinProxy({ backends: ["http://127.0.0.1:4001", "http://127.0.0.1:4002"] });
//   proxy.url; proxy.setBackends([...]); proxy.stats(); await proxy.close();
//
// Also runnable on its own process (benches keep its CPU apart from the load generator's):
//   node --import tsx tests/e2e/support/round-robin-proxy.ts <port> <backend-url>...
// prints "proxy listening on <url>" and takes new backends as a JSON array on standard input.
import http from "node:http";
import net from "node:net";
import { pathToFileURL } from "node:url";

export interface RoundRobinProxyOptions {
  backends: string[];
  /** Port to listen on (127.0.0.1); default: a free one. */
  port?: number;
  /** Health check path; default /healthz. */
  healthPath?: string;
  /** Health check period; default 250 ms. 0: no health check. */
  healthIntervalMs?: number;
  /** How long a backend that refused a connection is left out; default 1,000 ms. */
  ejectMs?: number;
}

export interface ProxyStats {
  /** Answers sent to clients, by status code. */
  statuses: Record<number, number>;
  /** Requests sent again to another backend after a refused or dropped connection. */
  retries: number;
  /** Answers each backend gave (its URL → count). */
  byBackend: Record<string, number>;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Replaces the backend list (kept: the health state of URLs already known). */
  setBackends(backends: string[]): void;
  stats(): ProxyStats;
  close(): Promise<void>;
}

interface Backend {
  url: URL;
  healthy: boolean;
  ejectedUntil: number;
}

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

export async function startRoundRobinProxy(options: RoundRobinProxyOptions): Promise<RoundRobinProxy> {
  const healthPath = options.healthPath ?? "/healthz";
  const ejectMs = options.ejectMs ?? 1_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let backends: Backend[] = [];
  let next = 0;
  const stats: ProxyStats = { statuses: {}, retries: 0, byBackend: {} };

  const setBackends = (urls: string[]) => {
    backends = urls.map((url) => backends.find((known) => known.url.href === new URL(url).href) ?? { url: new URL(url), healthy: true, ejectedUntil: 0 });
  };
  setBackends(options.backends);

  /**
   * The next usable backend in round-robin order, `excluded` left out. When none is healthy, the
   * ones not ejected are tried anyway (as nginx does when every upstream is marked down).
   */
  const pick = (excluded: Set<Backend>): Backend | null => {
    const now = Date.now();
    for (const healthyOnly of [true, false]) {
      for (let i = 0; i < backends.length; i++) {
        const backend = backends[(next + i) % backends.length]!;
        if (excluded.has(backend) || (healthyOnly && !backend.healthy) || backend.ejectedUntil > now) continue;
        next = (next + i + 1) % backends.length;
        return backend;
      }
    }
    return null;
  };

  const eject = (backend: Backend) => {
    backend.ejectedUntil = Date.now() + ejectMs;
  };

  const answer = (res: http.ServerResponse, status: number, body: string) => {
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, { "Content-Type": "text/plain", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  };

  const forwardedHeaders = (req: http.IncomingMessage) => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const forwardedFor = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = `${forwardedFor ? `${forwardedFor}, ` : ""}${req.socket.remoteAddress ?? ""}`;
    return headers;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const headers = forwardedHeaders(req);
      if (body.length > 0) headers["content-length"] = String(body.length);
      const tried = new Set<Backend>();
      const attempt = () => {
        const backend = pick(tried);
        if (!backend) return answer(res, 502, "no backend available");
        tried.add(backend);
        const upstream = http.request(
          { host: backend.url.hostname, port: backend.url.port, method: req.method, path: req.url, headers, agent },
          (response) => {
            const status = response.statusCode ?? 502;
            stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
            stats.byBackend[backend.url.origin] = (stats.byBackend[backend.url.origin] ?? 0) + 1;
            const responseHeaders = { ...response.headers };
            for (const name of HOP_BY_HOP) delete responseHeaders[name];
            res.writeHead(status, responseHeaders);
            response.pipe(res);
            response.on("error", () => res.destroy());
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          const refused = error.code === "ECONNREFUSED";
          if (refused) eject(backend);
          // Refused: it never reached the app. Reset on a kept-alive connection the backend had
          // just closed: safe to send again only for an idempotent method.
          if (refused || (IDEMPOTENT.has(req.method ?? "GET") && !res.headersSent)) {
            stats.retries += 1;
            return attempt();
          }
          answer(res, 502, `backend error: ${error.code ?? error.message}`);
        });
        upstream.end(body);
      };
      attempt();
    });
    req.on("error", () => res.destroy());
  });

  // WebSocket (or any) upgrade: a raw tunnel to the next backend that accepts the connection.
  server.on("upgrade", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const tried = new Set<Backend>();
    const attempt = () => {
      const backend = pick(tried);
      if (!backend) return void client.end("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
      tried.add(backend);
      const upstream = net.connect(Number(backend.url.port), backend.url.hostname);
      upstream.once("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED") {
          eject(backend);
          return attempt();
        }
        client.destroy();
      });
      upstream.once("connect", () => {
        upstream.removeAllListeners("error");
        upstream.on("error", () => client.destroy());
        client.on("error", () => upstream.destroy());
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        lines.push(`X-Forwarded-For: ${client.remoteAddress ?? ""}`);
        upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        upstream.on("close", () => client.destroy());
        client.on("close", () => upstream.destroy());
      });
    };
    attempt();
  });

  let healthTimer: NodeJS.Timeout | null = null;
  if ((options.healthIntervalMs ?? 250) > 0) {
    const check = (backend: Backend) =>
      new Promise<void>((resolve) => {
        const request = http.get({ host: backend.url.hostname, port: backend.url.port, path: healthPath, timeout: 2_000 }, (response) => {
          backend.healthy = response.statusCode === 200;
          response.resume();
          resolve();
        });
        // A slow answer says the instance is busy, not gone: only a refusal or a non-200 takes it out.
        request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
        request.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code !== "ETIMEDOUT") backend.healthy = false;
          resolve();
        });
      });
    let checking = false; // one round at a time: slow answers do not pile checks up
    healthTimer = setInterval(() => {
      if (checking) return;
      checking = true;
      void Promise.all(backends.map(check)).finally(() => (checking = false));
    }, options.healthIntervalMs ?? 250);
    healthTimer.unref();
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setBackends,
    stats: () => structuredClone(stats),
    async close() {
      if (healthTimer) clearInterval(healthTimer);
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// On its own process: node --import tsx tests/e2e/support/round-robin-proxy.ts <port> <backend>...
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [port, ...urls] = process.argv.slice(2);
  const proxy = await startRoundRobinProxy({ backends: urls, port: Number(port) || 0 });
  console.log(`proxy listening on ${proxy.url}`);
  process.stdin.setEncoding("utf8");
  let pending = "";
  process.stdin.on("data", (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() === "stats") console.log(`proxy stats ${JSON.stringify(proxy.stats())}`);
      else if (line.trim()) proxy.setBackends(JSON.parse(line) as string[]);
    }
  });
  process.on("SIGTERM", () => void proxy.close().then(() => process.exit(0)));
}
