import { beforeEach, describe, expect, it } from "vitest";
import { Job } from "~/db/models/job.server";
import { enqueueJob, registerJobHandler, releaseJobClaims, runDueJobs, startJobRunner } from "~/services/jobs/jobs.server";

const runs: Array<{ id: unknown; worker: string }> = [];
let failuresLeft = 0;

registerJobHandler("test:record", async (payload, { job }) => {
  runs.push({ id: (payload as { id: unknown }).id, worker: job.lockedBy ?? "" });
});
registerJobHandler("test:flaky", async () => {
  if (failuresLeft > 0) {
    failuresLeft -= 1;
    throw new Error("temporary failure");
  }
});

registerJobHandler("test:slow", async (payload, { job }) => {
  await new Promise((resolve) => setTimeout(resolve, (payload as { ms: number }).ms));
  runs.push({ id: "slow", worker: job.lockedBy ?? "" });
});
// Worker "a" is so slow that its lock runs out: worker "b" claims the job and finishes it (or
// fails it) before "a" comes back with the opposite outcome.
let overtakenAt: Date | null = null;
registerJobHandler("test:overtaken", async (payload, { job }) => {
  const { aSucceeds } = payload as { aSucceeds: boolean };
  runs.push({ id: "overtaken", worker: job.lockedBy ?? "" });
  if (job.lockedBy === "a") {
    await runDueJobs({ now: overtakenAt!, workerId: "b" });
    if (!aSucceeds) throw new Error("a failed late");
  } else if (aSucceeds) {
    throw new Error("b failed");
  }
});

beforeEach(async () => {
  runs.length = 0;
  await Job.destroy({ where: {} });
});

describe("job runner", () => {
  const now = new Date("2026-06-01T10:00:00Z");

  it("runs a due job once and leaves future jobs alone", async () => {
    await enqueueJob("test:record", { id: "due" }, { runAt: new Date("2026-06-01T09:59:00Z") });
    await enqueueJob("test:record", { id: "later" }, { runAt: new Date("2026-06-01T11:00:00Z") });
    expect(await runDueJobs({ now })).toBe(1);
    expect(await runDueJobs({ now })).toBe(0);
    expect(runs.map((r) => r.id)).toEqual(["due"]);
    expect(await runDueJobs({ now: new Date("2026-06-01T11:00:00Z") })).toBe(1);
    expect(runs.map((r) => r.id)).toEqual(["due", "later"]);
  });

  it("gives each job to exactly one of several concurrent workers", async () => {
    for (let i = 0; i < 30; i++) await enqueueJob("test:record", { id: i }, { runAt: now });
    const counts = await Promise.all(
      ["a", "b", "c", "d"].map((workerId) => runDueJobs({ now, workerId, limit: 50 })),
    );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(runs.map((r) => r.id).sort((x, y) => Number(x) - Number(y))).toEqual([...Array(30).keys()]);
  });

  it("runs jobs left by a process that stopped (they are rows, and stale locks expire)", async () => {
    const job = (await enqueueJob("test:record", { id: "orphan" }, { runAt: now }))!;
    // A previous process claimed it and died before finishing.
    await job.update({ lockedBy: "dead-process", lockedUntil: new Date(now.getTime() + 60_000), attempts: 1 });
    expect(await runDueJobs({ now })).toBe(0);
    expect(await runDueJobs({ now: new Date(now.getTime() + 61_000), workerId: "new-process" })).toBe(1);
    expect(runs).toEqual([{ id: "orphan", worker: "new-process" }]);
  });

  it("a stopping process releases its claims: another instance runs the job at once, not after the lock runs out", async () => {
    const job = (await enqueueJob("test:record", { id: "handed-over" }, { runAt: now }))!;
    await job.update({ lockedBy: "stopping-process", lockedUntil: new Date(now.getTime() + 60_000), attempts: 1 });
    const other = (await enqueueJob("test:record", { id: "someone-else's" }, { runAt: now }))!;
    await other.update({ lockedBy: "other-process", lockedUntil: new Date(now.getTime() + 60_000), attempts: 1 });
    expect(await releaseJobClaims("stopping-process")).toBe(1);
    expect(await runDueJobs({ now, workerId: "next-process" })).toBe(1);
    expect(runs).toEqual([{ id: "handed-over", worker: "next-process" }]);
  });

  it("the runner's stop (SIGTERM) gives back the claim of a job still running past the grace: another instance runs it at once", async () => {
    const job = (await enqueueJob("test:slow", { ms: 1_500 }, { runAt: new Date(Date.now() - 1_000) }))!;
    const stop = startJobRunner({ intervalMs: 60_000 });
    for (let waited = 0; !(await job.reload()).lockedBy; waited += 20) {
      if (waited > 5_000) throw new Error("the runner never claimed the job");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const stopping = await Promise.race([stop(50).then(() => "stopped"), new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1_000))]);
    expect(stopping).toBe("stopped");
    await job.reload();
    expect({ status: job.status, lockedBy: job.lockedBy, lockedUntil: job.lockedUntil }).toEqual({ status: "pending", lockedBy: null, lockedUntil: null });
    expect(await runDueJobs({ workerId: "next-instance" })).toBe(1);
    expect(runs.filter((run) => run.worker === "next-instance")).toEqual([{ id: "slow", worker: "next-instance" }]);
    // The stopped instance's handler ends late: its outcome is not recorded over the next instance's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await job.reload();
    expect({ status: job.status, lockedBy: job.lockedBy, attempts: job.attempts }).toEqual({ status: "done", lockedBy: null, attempts: 2 });
  });

  it("stops claiming once the server is stopping", async () => {
    for (let i = 0; i < 3; i++) await enqueueJob("test:record", { id: i }, { runAt: now });
    let stopping = false;
    registerJobHandler("test:stop-after-one", async () => {
      stopping = true;
    });
    await enqueueJob("test:stop-after-one", {}, { runAt: new Date(now.getTime() - 60_000) });
    expect(await runDueJobs({ now, stopping: () => stopping })).toBe(1);
    expect(runs).toEqual([]);
  });

  it("retries a failing job with backoff and marks it failed after its last attempt", async () => {
    failuresLeft = 1;
    const job = (await enqueueJob("test:flaky", {}, { runAt: now, maxAttempts: 3 }))!;
    expect(await runDueJobs({ now })).toBe(0);
    await job.reload();
    expect(job.status).toBe("pending");
    expect(job.lastError).toBe("temporary failure");
    expect(job.runAt.getTime()).toBe(now.getTime() + 30_000);
    expect(await runDueJobs({ now: new Date(now.getTime() + 30_000) })).toBe(1);
    await job.reload();
    expect(job.status).toBe("done");

    failuresLeft = 10;
    const doomed = (await enqueueJob("test:flaky", {}, { runAt: now, maxAttempts: 2 }))!;
    await runDueJobs({ now });
    await runDueJobs({ now: new Date(now.getTime() + 3_600_000) });
    await doomed.reload();
    expect(doomed.status).toBe("failed");
    expect(doomed.attempts).toBe(2);
  });

  it("renews the lock of a slow handler: another worker does not run the job meanwhile", async () => {
    await enqueueJob("test:slow", { ms: 1_500 }, { runAt: now });
    const slow = runDueJobs({ now, workerId: "a", lockMs: 600 });
    // After 1 s the first lock (600 ms) would have run out; renewed, it has not.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await runDueJobs({ now: new Date(now.getTime() + 1_000), workerId: "b", lockMs: 600 })).toBe(0);
    expect(await slow).toBe(1);
    expect(runs).toEqual([{ id: "slow", worker: "a" }]);
    const job = (await Job.findOne({ where: { name: "test:slow" } }))!;
    expect([job.status, job.lockedBy, job.attempts]).toEqual(["done", null, 1]);
  });

  it("a handler that lost its lock does not record over the worker that took the job over", async () => {
    overtakenAt = new Date(now.getTime() + 10 * 60_000);
    // "b" finished the job; "a" then fails: the job stays done, and never runs again.
    const finished = (await enqueueJob("test:overtaken", { aSucceeds: false }, { runAt: now }))!;
    expect(await runDueJobs({ now, workerId: "a" })).toBe(0);
    await finished.reload();
    expect([finished.status, finished.lockedBy, finished.lastError, finished.attempts]).toEqual(["done", null, null, 2]);
    expect(await runDueJobs({ now: new Date(now.getTime() + 3_600_000), workerId: "c" })).toBe(0);
    expect(runs.map((run) => run.worker)).toEqual(["a", "b"]);

    // "b" failed (a retry is scheduled); "a" then succeeds: the retry stands.
    runs.length = 0;
    const retried = (await enqueueJob("test:overtaken", { aSucceeds: true }, { runAt: now }))!;
    expect(await runDueJobs({ now, workerId: "a" })).toBe(0);
    await retried.reload();
    expect([retried.status, retried.lastError]).toEqual(["pending", "b failed"]);
    expect(retried.runAt.getTime()).toBe(overtakenAt.getTime() + 60_000);
  });

  it("keeps one job per unique key", async () => {
    expect(await enqueueJob("test:record", { id: 1 }, { uniqueKey: "expire-hold:1", runAt: now })).not.toBeNull();
    expect(await enqueueJob("test:record", { id: 1 }, { uniqueKey: "expire-hold:1", runAt: now })).toBeNull();
    expect(await Job.count()).toBe(1);
  });
});
