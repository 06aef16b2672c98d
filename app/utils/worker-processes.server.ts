// WEB_CONCURRENCY > 1 in production (ADR 253): this process becomes node:cluster's primary. It
// serves nothing itself: it holds the port and hands each new connection to one of its worker
// processes in turn, each of them the whole server (server.ts's start()), so a page's rendering
// uses every core instead of one. The workers are instances of one site like separate machines
// (ADR 201, 203): rate limits, realtime fan-out and the document cache's data version go through
// Redis (checkEnvironment requires REDIS_URL), jobs are claimed in the database.
//
// The first worker migrates and seeds; the others are started once it says the database is ready,
// so two processes never migrate one SQLite file at once. A worker that dies is replaced (after a
// pause that grows while they keep dying young); SIGTERM or SIGINT stops every worker gracefully
// (each finishes its requests and its job, ADR 201) and the primary exits once they all have.
import cluster, { type Worker } from "node:cluster";

const DATABASE_READY = "darna:database-ready";

/** In a worker: its number (1 for the first, replacements get new ones), null outside a cluster. */
export function workerNumber(): number | null {
  return cluster.worker?.id ?? null;
}

/** In a worker: tells the primary the database is migrated and seeded (nothing outside a cluster). */
export function announceDatabaseReady(): void {
  if (cluster.isWorker) process.send?.({ type: DATABASE_READY });
}

export interface Supervision {
  /** Resolves with the exit code the primary should end with, once every worker has stopped. */
  stopped: Promise<number>;
  stop(signal: NodeJS.Signals): void;
}

const youngMs = 60_000;
const firstPauseMs = 500;
const longestPauseMs = 30_000;

export function superviseWorkers({ count, shutdownTimeoutMs, log = console.log }: { count: number; shutdownTimeoutMs: number; log?: (line: string) => void }): Supervision {
  const workers = new Map<number, { worker: Worker; startedAt: number }>();
  const pauses = new Map<number, number>();
  let othersStarted = false;
  let stopping = false;
  let worstExit = 0;
  let resolveStopped: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => (resolveStopped = resolve));

  const startOthers = () => {
    if (othersStarted || stopping) return;
    othersStarted = true;
    for (let index = 1; index < count; index += 1) fork(index);
  };

  function fork(index: number): void {
    const worker = cluster.fork();
    workers.set(index, { worker, startedAt: Date.now() });
    worker.on("message", (message: unknown) => {
      if ((message as { type?: string } | null)?.type === DATABASE_READY) startOthers();
    });
    worker.on("exit", (code, signal) => {
      const started = workers.get(index);
      if (started?.worker !== worker) return;
      workers.delete(index);
      if (stopping) {
        if (code !== 0) worstExit = 1;
        if (workers.size === 0) resolveStopped(worstExit);
        return;
      }
      // Dying young again and again (a bad configuration, the database gone) must not spin.
      const young = Date.now() - started.startedAt < youngMs;
      const pause = young ? Math.min((pauses.get(index) ?? firstPauseMs / 2) * 2, longestPauseMs) : firstPauseMs;
      pauses.set(index, pause);
      log(`darna: server process ${index + 1} ended (${signal ?? `exit ${code}`}); another starts in ${pause} ms`);
      setTimeout(() => {
        if (!stopping) fork(index);
      }, pause);
    });
  }

  fork(0);
  log(`darna: ${count} server processes share the port (WEB_CONCURRENCY)`);

  return {
    stopped,
    stop(signal) {
      if (stopping) return;
      stopping = true;
      log(`darna: ${signal} received, stopping ${workers.size} server processes`);
      if (workers.size === 0) return resolveStopped(0);
      for (const { worker } of workers.values()) worker.process.kill("SIGTERM");
      // Each worker exits 1 after SHUTDOWN_TIMEOUT_MS on its own; this only covers one that hangs.
      setTimeout(() => {
        for (const { worker } of workers.values()) worker.process.kill("SIGKILL");
        resolveStopped(1);
      }, shutdownTimeoutMs + 5_000).unref();
    },
  };
}
