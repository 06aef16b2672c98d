import { beforeEach, describe, expect, it } from "vitest";
import { Job } from "~/db/models/job.server";
import { enqueueJob, registerJobHandler, runDueJobs } from "~/services/jobs.server";

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

  it("keeps one job per unique key", async () => {
    expect(await enqueueJob("test:record", { id: 1 }, { uniqueKey: "expire-hold:1", runAt: now })).not.toBeNull();
    expect(await enqueueJob("test:record", { id: 1 }, { uniqueKey: "expire-hold:1", runAt: now })).toBeNull();
    expect(await Job.count()).toBe(1);
  });
});
