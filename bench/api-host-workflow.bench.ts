// npm run bench -- api-host-workflow: the whole host workflow through the API (bench/api-host-workflow.ts,
// issue 22 point 7, ADR 224), step by step with its times.
//
// Against API_HOST_WORKFLOW_URL when set (a running server with the demo data); otherwise builds
// into build-bench/ when sources are newer and starts a production server with a fresh SQLite
// database seeded with the demo data on a free port, stopped (by pid) on every way out.
// API_HOST_WORKFLOW_WEBHOOKS=1 adds the webhook step (registration, signed deliveries).
import { ensureBuild, startDarnaServer, type DarnaServer } from "./lib/servers";
import { runApiHostWorkflow } from "./api-host-workflow";

const givenUrl = process.env.API_HOST_WORKFLOW_URL;
const checkWebhooks = process.env.API_HOST_WORKFLOW_WEBHOOKS === "1";

let server: DarnaServer | null = null;
try {
  let baseUrl = givenUrl;
  if (!baseUrl) {
    ensureBuild("build-bench");
    server = await startDarnaServer("build-bench");
    baseUrl = server.url;
  }
  console.log(`api-host-workflow against ${baseUrl}${checkWebhooks ? " (with webhooks)" : ""}`);
  const report = await runApiHostWorkflow({
    baseUrl,
    checkWebhooks,
    onStep: (step) => console.log(`${String(step.ms).padStart(6)} ms  ${step.name}  ${JSON.stringify(step.detail)}`),
  });
  console.log(`listing ${report.listingId}, reservation ${report.reservationId}: ${report.steps.length} steps in ${report.totalMs} ms`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await server?.stop();
}
