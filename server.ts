// Darna's HTTP server: Express with compression, security headers, logging, rate limits, the
// Remix request handler (Vite middleware in development, the production build otherwise),
// /healthz, and a WebSocket server on /ws. Development runs it with tsx; `npm run build`
// compiles it (scripts/build-server.mjs) and production runs plain `node $BUILD_DIR/node/server.js`.
import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import { hasDemoAccounts, migrate, seedIfEmpty, withSchemaLock } from "~/db/migrator.server";
import { getSequelize, isDatabaseReachable } from "~/db/sequelize.server";
import { documentCache } from "~/services/document-cache/document-cache.server";
import { broadcastDataVersion } from "~/services/document-cache/version-broadcast.server";
import { serveStoredFiles } from "~/services/storage/serve-stored-files.server";
import { getStorage, UPLOADS_PATH, usesObjectStorage } from "~/services/storage/storage.server";
import { attachWebSocketServer, closeWebSocketServer } from "~/realtime/ws-server.server";
import { plainApiError } from "~/utils/api-error-body";
import { checkEnvironment, env } from "~/utils/env.server";
import { pageCaching, uploadsOnlyImages } from "~/utils/page-caching.server";
import { pageCompression } from "~/utils/page-compression.server";
import { createPageGate, gatedPages } from "~/utils/page-gate.server";
import { precompressedAssets } from "~/utils/precompressed-assets.server";
import { getLimiters, getLimitsRedis } from "~/utils/limits.server";
import { requestGuard } from "~/utils/request-guard.server";
import { requestRateLimit } from "~/utils/request-rate-limit.server";
import { installRouteMatchCache, installServerRoutesCache } from "~/utils/route-match-cache.server";
import { forwardedHostForAllowedOrigin, isRequestFromAllowedOrigin } from "~/utils/same-origin";
import { isSiteReady, markSiteReady } from "~/utils/site-state.server";
import { onlyUnderTopLevelEntries } from "~/utils/static-files.server";
import { applySourceMapSupport } from "~/utils/source-maps.server";
import { announceDatabaseReady, superviseWorkers, workerNumber } from "~/utils/worker-processes.server";

/** Migrates, seeds an empty database (SEED_DEMO), then tells whether the site runs in demo mode. */
async function prepareDatabase(): Promise<void> {
  // Instances that start together take turns (a lock in the database): one migrates and seeds,
  // the next finds it done.
  const seeded = await withSchemaLock(async () => {
    await migrate();
    return env.seedDemo && (await seedIfEmpty());
  });
  if (seeded) console.log("darna: empty database, demo data seeded");
  const demo = env.seedDemo && (await hasDemoAccounts());
  markSiteReady({ demo });
  announceDatabaseReady();
  if (demo) console.log("darna: demo mode (demo accounts present): sandbox card payments, demo ribbon");
}

/**
 * Migrates (and seeds an empty database). While the database is down the server still answers
 * (error pages, /healthz 503) and tries again with backoff; resolves once the database is ready.
 */
async function prepareDatabaseWithRetry(): Promise<void> {
  for (let delayMs = 2_000; ; delayMs = Math.min(delayMs * 2, 60_000)) {
    try {
      await prepareDatabase();
      return;
    } catch (error) {
      console.error(`darna: database not ready (${error instanceof Error ? error.message : error}); retrying`);
      await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    }
  }
}

/** The site's own origin (APP_URL's), allowed for form posts and WebSockets even behind a proxy that rewrites Host. */
function appOrigins(): string[] {
  return [new URL(env.appUrl).origin];
}

type BuildWithJobs = ServerBuild & {
  entry: {
    module: {
      startBackgroundJobs?: () => (graceMs?: number) => Promise<void>;
      flushPageViews?: () => Promise<void>;
      queuePageView?: (request: { url: string }, options: { status: number }) => void;
    };
  };
};

let draining = false;
/** SIGTERM was received: in-flight requests finish, nothing new starts. */
function isDraining() {
  return draining;
}

export async function createApp(): Promise<{ app: express.Express; loadBuild: () => Promise<ServerBuild> }> {
  // Production's route table is fixed: a pathname's route matches are computed once (ADR 232,
  // ADR 240), and the route tree pages render with is built once.
  if (env.isProduction) {
    installRouteMatchCache();
    installServerRoutesCache();
  }
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.trustProxy);

  // 200 only once the database is migrated and the demo data seeded: a load balancer (or a test)
  // that waits for it finds a site whose pages and demo accounts work.
  // A stopping server (SIGTERM) says so: the balancer takes it out, and kept-alive connections close after their answer.
  app.use((_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      if (isDraining() && !this.headersSent) this.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  });
  app.get("/healthz", async (_req, res) => {
    if (isDraining()) return void res.status(503).json({ status: "stopping" });
    const database = (await isDatabaseReachable()) ? "up" : "down";
    if (!isSiteReady()) return void res.status(503).json({ status: "starting", database });
    res.status(database === "up" ? 200 : 503).json({ status: database === "up" ? "ok" : "unavailable", database });
  });

  // Gzip level 3 and brotli quality 3 for what is compressed per request (ADR 240).
  app.use(pageCompression());

  // No state change from another site's page: refuse non-GET requests with a foreign Origin.
  const allowedOrigins = appOrigins();
  app.use((req, res, next) => {
    const allowed = isRequestFromAllowedOrigin({
      method: req.method,
      host: req.headers.host,
      origin: req.headers.origin,
      secFetchSite: req.get("sec-fetch-site"),
      allowedOrigins,
    });
    if (allowed) {
      // APP_URL's origin behind a proxy that rewrote Host: Remix checks Origin against the host too.
      const forwardedHost = forwardedHostForAllowedOrigin({
        method: req.method,
        host: req.headers.host,
        origin: req.headers.origin,
        allowedOrigins,
        forwardedHost: req.get("x-forwarded-host"),
      });
      if (forwardedHost) req.headers["x-forwarded-host"] = forwardedHost;
      return next();
    }
    res.status(403).json(plainApiError("forbidden", req.originalUrl, req.get("accept-language"), "cross_site"));
  });

  // Malformed URLs, oversized bodies and non-form posts to pages end here, never in a 500.
  app.use(requestGuard());

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      crossOriginEmbedderPolicy: false,
      // Helmet's default "no-referrer" makes browsers send `Origin: null` on form posts.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Vite's development client injects its own inline scripts, so the policy is production's.
      contentSecurityPolicy: env.isProduction
        ? {
            useDefaults: true,
            directives: {
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              "img-src": ["'self'", "data:", "blob:", "https:"],
              "style-src": ["'self'", "'unsafe-inline'"],
              "connect-src": ["'self'", "ws:", "wss:"],
              "form-action": ["'self'"],
              "upgrade-insecure-requests": null,
            },
          }
        : false,
    }),
  );

  if (env.logRequests) {
    app.use(morgan("tiny", { skip: (req) => req.url.startsWith("/assets/") }));
  }

  app.use(requestRateLimit({ limit: env.rateLimitPerMinute, redis: getLimitsRedis(), prefix: env.redisKeyPrefix }));

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let loadBuild: () => Promise<ServerBuild>;
  if (env.isProduction) {
    const buildDirectory = path.resolve(env.buildDir);
    // Brotli or gzip made at build time when the browser takes it (issue 18 point 9), else the file as it is.
    app.use("/assets", precompressedAssets(path.join(buildDirectory, "client/assets"), { maxAge: "1y" }));
    app.use("/assets", express.static(path.join(buildDirectory, "client/assets"), { immutable: true, maxAge: "1y" }));
    // Only requests for the names the client folder holds reach the disk (ADR 240).
    const clientDirectory = path.join(buildDirectory, "client");
    app.use(onlyUnderTopLevelEntries(clientDirectory, express.static(clientDirectory, { maxAge: "1h" })));
    build = (await import(pathToFileURL(path.join(buildDirectory, "server/index.js")).href)) as ServerBuild;
    const productionBuild = build;
    loadBuild = async () => productionBuild;
  } else {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    app.use(express.static("public", { maxAge: "1h" }));
    build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
    loadBuild = build;
  }
  // The public uploads: from the disk, or through the app from the bucket with the same cache headers (ADR 200).
  app.use(
    UPLOADS_PATH,
    uploadsOnlyImages(),
    usesObjectStorage() ? serveStoredFiles(getStorage()) : express.static(env.uploadDir, { maxAge: "7d" }),
  );

  // Signed-out visitors' public pages served again while nothing they show has changed (ADR 244).
  if (env.isProduction && env.documentCacheMb > 0) {
    const { entry } = build as BuildWithJobs;
    app.use(documentCache({ maxBytes: env.documentCacheMb * 1024 * 1024, onHit: (url) => entry.module.queuePageView?.({ url }, { status: 200 }) }));
    if (env.redisUrl) broadcastDataVersion({ redisUrl: env.redisUrl, channel: `${env.redisKeyPrefix}document-version` });
  }

  // Session-dependent answers are never cached; anonymous pages get an ETag (ADR 090).
  app.use(pageCaching());

  const remix = createRequestHandler({
    build,
    mode: env.nodeEnv,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? null }),
  });
  // Pages a few at a time per process, in order of arrival (ADR 258); PAGE_CONCURRENCY=0: all at once.
  app.all("*", env.pageConcurrency > 0 ? gatedPages(remix, createPageGate(env.pageConcurrency)) : remix);
  return { app, loadBuild };
}

export async function start() {
  try {
    checkEnvironment();
  } catch (error) {
    console.error(`darna: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  applySourceMapSupport(env.isProduction);
  const databaseReady = prepareDatabaseWithRetry();
  const { app, loadBuild } = await createApp();
  let stopJobs: ((graceMs?: number) => Promise<void>) | undefined;
  if (env.runJobs) {
    void databaseReady.then(async () => {
      if (draining) return;
      const build = (await loadBuild()) as BuildWithJobs;
      stopJobs = build.entry.module.startBackgroundJobs?.();
    });
  }
  const server = http.createServer(app);
  attachWebSocketServer(server, { allowedOrigins: appOrigins() });
  const worker = workerNumber();
  server.listen(env.port, () => console.log(`darna: listening on http://localhost:${env.port}${worker === null ? "" : ` (process ${worker})`}`));

  // Graceful stop (ADR 201): stop listening (new connections are refused; the proxy sends them to
  // another instance), let in-flight requests finish, close sockets with 1012 "service restart"
  // (clients reconnect elsewhere), let the running job finish and release this worker's claims,
  // close Redis and the database, exit 0. Past SHUTDOWN_TIMEOUT_MS, exit 1.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    draining = true;
    console.log(`darna: ${signal} received, finishing in-flight requests`);
    const timeoutMs = env.shutdownTimeoutMs;
    setTimeout(() => {
      console.error(`darna: still busy after ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    void (async () => {
      await Promise.all([
        closeWebSocketServer().catch(() => {}),
        stopJobs?.(Math.max(0, timeoutMs - 2_000)),
        requestsDone,
      ]);
      // The page views queued by the last requests (ADR 232), before the database closes.
      await ((await loadBuild()) as BuildWithJobs).entry.module.flushPageViews?.().catch(() => {});
      await getLimiters().close().catch(() => {});
      await getLimitsRedis()?.quit().catch(() => {});
      await getSequelize().close().catch(() => {});
      console.log("darna: stopped");
      process.exit(0);
    })();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  return server;
}

/** WEB_CONCURRENCY > 1 in production: this process only supervises the server processes (ADR 253). */
function startServerProcesses() {
  try {
    checkEnvironment();
  } catch (error) {
    console.error(`darna: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  const supervision = superviseWorkers({ count: env.webConcurrency, shutdownTimeoutMs: env.shutdownTimeoutMs });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => supervision.stop(signal));
  void supervision.stopped.then((code) => {
    console.log("darna: stopped");
    process.exit(code);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // An invalid WEB_CONCURRENCY counts as 1 here: start() reports it with the rest of the configuration.
  const processes = (() => {
    try {
      return env.webConcurrency;
    } catch {
      return 1;
    }
  })();
  if (cluster.isPrimary && processes > 1) startServerProcesses();
  else await start();
}
