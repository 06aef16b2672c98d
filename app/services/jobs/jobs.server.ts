import crypto from "node:crypto";
import os from "node:os";
import { Op, UniqueConstraintError, type InferAttributes, type Transaction, type WhereOptions } from "sequelize";
import { Job } from "~/db/models/job.server";
import { singleton } from "~/utils/singleton.server";

// A small database-backed job queue. Jobs are rows; a runner claims a due job with one atomic
// UPDATE guarded by its lock, so with several server instances each job runs once, and jobs
// scheduled before a restart still run after it. A claim is (lockedBy, attempts): the runner
// renews its lock while the handler works, and records the outcome only if it still holds that
// claim, so a handler that outlived its lock never writes over the next worker's result.
export type JobHandler = (payload: unknown, context: { now: Date; job: Job }) => Promise<void>;

const handlers = singleton("job-handlers", () => new Map<string, JobHandler>());

export function registerJobHandler(name: string, handler: JobHandler) {
  handlers.set(name, handler);
}

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one job per key; enqueueing the same key again is a no-op. */
  uniqueKey?: string;
  maxAttempts?: number;
  transaction?: Transaction;
}

export async function enqueueJob(name: string, payload: unknown, options: EnqueueOptions = {}): Promise<Job | null> {
  try {
    return await Job.create(
      {
        name,
        payload: JSON.stringify(payload ?? null),
        uniqueKey: options.uniqueKey ?? null,
        runAt: options.runAt ?? new Date(),
        maxAttempts: options.maxAttempts ?? 5,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
      },
      { transaction: options.transaction },
    );
  } catch (error) {
    if (error instanceof UniqueConstraintError && options.uniqueKey) return null;
    throw error;
  }
}

export interface RunOptions {
  now?: Date;
  workerId?: string;
  limit?: number;
  lockMs?: number;
  /** Checked before each claim: true stops claiming (the server is stopping). */
  stopping?: () => boolean;
}

/** Claims and runs the jobs due at `now`. Returns how many this worker ran. */
export async function runDueJobs(options: RunOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const workerId = options.workerId ?? defaultWorkerId();
  const lockMs = options.lockMs ?? 60_000;
  const candidates = await Job.findAll({
    where: {
      status: "pending",
      runAt: { [Op.lte]: now },
      [Op.or]: [{ lockedUntil: null }, { lockedUntil: { [Op.lt]: now } }],
    },
    order: [["runAt", "ASC"], ["id", "ASC"]],
    limit: options.limit ?? 20,
  });

  let ran = 0;
  for (const candidate of candidates) {
    if (options.stopping?.()) break;
    const attempt = candidate.attempts + 1;
    const [claimed] = await Job.update(
      { lockedBy: workerId, lockedUntil: new Date(now.getTime() + lockMs), attempts: attempt },
      {
        where: {
          id: candidate.id,
          status: "pending",
          attempts: candidate.attempts,
          [Op.or]: [{ lockedUntil: null }, { lockedUntil: { [Op.lt]: now } }],
        },
      },
    );
    if (claimed !== 1) continue; // another instance took it
    const job = (await Job.findByPk(candidate.id))!;
    const handler = handlers.get(job.name);
    // Only this claim may record the outcome (or renew the lock).
    const ours = { id: job.id, status: "pending", lockedBy: workerId, attempts: attempt };
    const lease = keepLocked(ours, now, lockMs);
    let outcome: Partial<InferAttributes<Job>>;
    let failure: string | null = null;
    try {
      if (!handler) throw new Error(`no handler registered for job "${job.name}"`);
      await handler(JSON.parse(job.payload), { now, job });
      outcome = { status: "done", lockedBy: null, lockedUntil: null, lastError: null };
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      const failed = attempt >= job.maxAttempts;
      // Retry with exponential backoff: 30 s, 1 min, 2 min…
      const retryAt = new Date(now.getTime() + 30_000 * 2 ** Math.max(0, attempt - 1));
      outcome = {
        status: failed ? "failed" : "pending",
        runAt: failed ? job.runAt : retryAt,
        lockedBy: null,
        lockedUntil: null,
        lastError: failure.slice(0, 2000),
      };
    } finally {
      await lease.stop();
    }
    const [recorded] = await Job.update(outcome, { where: ours });
    if (recorded !== 1) {
      // The lock ran out and another worker claimed the job: its result stands.
      console.error(`jobs: "${job.name}" #${job.id} lost its lock (attempt ${attempt}); outcome not recorded`);
      continue;
    }
    if (failure === null) ran += 1;
    else console.error(`jobs: "${job.name}" #${job.id} failed (attempt ${attempt}): ${failure}`);
  }
  return ran;
}

/**
 * Pushes the claim's lock forward every third of `lockMs` while its handler runs, so a slow
 * handler keeps its job. Times follow the runner's `now` plus the real time elapsed.
 */
function keepLocked(claim: WhereOptions<Job>, now: Date, lockMs: number): { stop: () => Promise<void> } {
  const started = Date.now();
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const lockedUntil = new Date(now.getTime() + (Date.now() - started) + lockMs);
    renewing = renewing
      .then(() => Job.update({ lockedUntil }, { where: claim }))
      .catch((error: unknown) => console.error("jobs: lock renewal failed", error instanceof Error ? error.message : error));
  }, Math.max(10, Math.floor(lockMs / 3)));
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Gives back the jobs this worker still holds (a stop that could not wait for a handler): they are
 * due again at once for another instance instead of after their lock runs out.
 */
export async function releaseJobClaims(workerId: string = defaultWorkerId()): Promise<number> {
  const [released] = await Job.update({ lockedBy: null, lockedUntil: null }, { where: { status: "pending", lockedBy: workerId } });
  return released;
}

function defaultWorkerId() {
  return singleton("job-worker-id", () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`);
}

/**
 * Polls for due jobs until stopped. Started once per server process (see server.ts). The stop
 * claims nothing more, waits up to `graceMs` for the job being run, then releases this worker's
 * claims (ADR 201).
 */
export function startJobRunner(options: { intervalMs?: number } = {}): (graceMs?: number) => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    let done!: () => void;
    running = new Promise((resolve) => (done = resolve));
    try {
      while (!stopped && (await runDueJobs({ stopping: () => stopped })) > 0) {
        // keep draining while there is work
      }
    } catch (error) {
      console.error("jobs: runner error", error instanceof Error ? error.message : error);
    } finally {
      running = null;
      done();
    }
  };
  const timer = setInterval(tick, options.intervalMs ?? 5_000);
  timer.unref();
  void tick();
  return async (graceMs = 5_000) => {
    stopped = true;
    clearInterval(timer);
    if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    await releaseJobClaims().catch((error: unknown) => console.error("jobs: could not release claims", error instanceof Error ? error.message : error));
  };
}
