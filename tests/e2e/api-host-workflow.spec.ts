// The host workflow through the API only (issue 22 point 7, bench/api-host-workflow.ts), run in
// CI against the e2e server: the demo host creates a listing with 5 photos and submits it, the
// demo operator approves it on the moderation page, the host blocks dates, the demo traveler
// requests a stay, the host accepts, the traveler pays with the sandbox card, and the host sees
// the stay confirmed and its earning. No browser: it runs once (in the js-on project).
// It also registers a webhook endpoint on a local receiver and checks the signed deliveries of
// reservation.requested and reservation.paid (the e2e server allows private webhook URLs).
import { runApiHostWorkflow, type WorkflowStep } from "../../bench/api-host-workflow";
import { expect, test } from "./support/fixtures";

test.describe.configure({ timeout: 120_000 });

test("a host's whole workflow through the API, the approval on the moderation page", async ({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "no browser: the same HTTP calls with JavaScript on or off");
  const steps: WorkflowStep[] = [];
  const report = await runApiHostWorkflow({
    baseUrl: process.env.E2E_BASE_URL!,
    checkWebhooks: true,
    onStep: (step) => steps.push(step),
  });
  const names = steps.map((step) => step.name);
  const detail = (prefix: string) => steps.find((step) => step.name.startsWith(prefix))?.detail;
  expect(report.listingId).toBeGreaterThan(0);
  expect(report.reservationId).toBeGreaterThan(0);
  expect(detail("host uploads 5 photos")).toEqual({ photos: 5 });
  expect(detail("host submits the listing")).toEqual({ moderationState: "pending_review" });
  expect(detail("operator approves")).toEqual({ moderationState: "approved", status: "visible" });
  expect(detail("host blocks dates")).toMatchObject({ changed: 3 });
  expect(detail("traveler requests a stay")).toMatchObject({ status: "pending_host" });
  expect(detail("host accepts")).toEqual({ status: "pending_payment" });
  expect(detail("traveler pays with the sandbox card")).toMatchObject({ state: "success" });
  expect(detail("host sees the stay confirmed")).toMatchObject({ status: "confirmed" });
  expect(Number(detail("host sees the earning")?.net)).toBeGreaterThan(0);
  expect(names).toEqual(expect.arrayContaining(["webhook reservation.requested received and signed", "webhook reservation.paid received and signed"]));
});
