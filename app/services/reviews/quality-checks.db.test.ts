import { describe, expect, it } from "vitest";
import { HostSuspension } from "~/db/models/host-suspension.server";
import { Job } from "~/db/models/job.server";
import { QualityCheck } from "~/db/models/quality-check.server";
import { runDueJobs } from "~/services/jobs/jobs.server";
import { decideQualityCheck, openQualityChecks, QUALITY_CHECKS_JOB, scheduleQualityChecks } from "~/services/reviews/quality-checks.server";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";
import { createCompletedStay } from "../../../tests/factories/review-factories";

// The test clock: every run is told its "now"; stays are placed relative to it.
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

async function hostWithStays(now: Date, checkedOutDaysAgo: number[]) {
  const host = await createBookingUser();
  const listing = await createPublicListing({ hostId: host.id });
  for (const ago of checkedOutDaysAgo) {
    const traveler = await createBookingUser();
    await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id, now, checkedOutDaysAgo: ago });
  }
  return host;
}

async function runDay(iso: string) {
  await scheduleQualityChecks(iso);
  // The job runs at 03:00 in Tunis; running at 09:00 UTC finds it due.
  await runDueJobs({ now: day(iso), limit: 50 });
}

describe("quality checks", () => {
  it("the job opens a check after a host's third completed stay, not before, once a day, then again 3 months later", async () => {
    const start = day("2030-03-10");
    const host = await hostWithStays(start, [40, 20]);
    await runDay("2030-03-10");
    expect(await QualityCheck.count({ where: { hostId: host.id } })).toBe(0);

    const traveler = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    // The third stay checks out on 2030-03-12.
    await createCompletedStay({ hostId: host.id, listingId: listing.id, travelerId: traveler.id, now: start, checkedOutDaysAgo: -2 });
    await runDay("2030-03-11");
    expect(await QualityCheck.count({ where: { hostId: host.id } })).toBe(0);
    await runDay("2030-03-12");
    expect((await QualityCheck.findAll({ where: { hostId: host.id } })).map((c) => c.openedOn)).toEqual(["2030-03-12"]);
    // The job schedules the next day itself; running the day again opens nothing more.
    expect(await Job.count({ where: { name: QUALITY_CHECKS_JOB, uniqueKey: `${QUALITY_CHECKS_JOB}:2030-03-13` } })).toBe(1);
    await runDueJobs({ now: day("2030-03-12") });
    expect(await QualityCheck.count({ where: { hostId: host.id } })).toBe(1);

    await runDay("2030-06-11");
    expect(await QualityCheck.count({ where: { hostId: host.id } })).toBe(1);
    await runDay("2030-06-12");
    expect((await QualityCheck.findAll({ where: { hostId: host.id }, order: [["openedOn", "ASC"]] })).map((c) => c.openedOn)).toEqual(["2030-03-12", "2030-06-12"]);
  });

  it("an operator records passed, warned (host e-mailed) or suspended (the host's listings suspended, recorded)", async () => {
    const now = day("2031-01-20");
    const operator = await createBookingUser({ role: "operator" });
    const hosts = await Promise.all([hostWithStays(now, [3, 10, 20]), hostWithStays(now, [3, 10, 20]), hostWithStays(now, [3, 10, 20])]);
    await runDay("2031-01-20");
    const tasks = (await openQualityChecks(now)).filter((task) => hosts.some((h) => h.id === task.host.id));
    expect(tasks).toHaveLength(3);
    expect(tasks[0]).toMatchObject({ completedStays: 3, hostCancellations: 0, reviewCount: 0 });
    const taskOf = (hostId: number) => tasks.find((task) => task.host.id === hostId)!;

    await decideQualityCheck(operator, taskOf(hosts[0]!.id).id, "passed", "All good.");
    await decideQualityCheck(operator, taskOf(hosts[1]!.id).id, "warned", "Answer requests faster.");
    await decideQualityCheck(operator, taskOf(hosts[2]!.id).id, "suspended", "Several stays cancelled by the host.");
    expect((await QualityCheck.findAll({ where: { hostId: hosts.map((h) => h.id) } })).map((c) => [c.hostId, c.status])).toEqual(
      expect.arrayContaining([
        [hosts[0]!.id, "passed"],
        [hosts[1]!.id, "warned"],
        [hosts[2]!.id, "suspended"],
      ]),
    );
    const warnings = (await Job.findAll({ where: { name: "reviews:email" } })).map((job) => JSON.parse(job.payload) as { kind: string; userId: number });
    expect(warnings).toContainEqual(expect.objectContaining({ kind: "qualityWarned", userId: hosts[1]!.id }));
    expect(warnings.some((w) => w.kind === "qualityWarned" && w.userId !== hosts[1]!.id)).toBe(false);
    expect(await HostSuspension.count({ where: { hostId: hosts[2]!.id, liftedAt: null, reason: "operator" } })).toBe(1);
    expect(await HostSuspension.count({ where: { hostId: hosts[0]!.id } })).toBe(0);
    await expect(decideQualityCheck(operator, taskOf(hosts[0]!.id).id, "warned", "again")).rejects.toThrow("reviews:errors.alreadyDecided");
  });
});
