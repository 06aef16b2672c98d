// A whole host workflow through the public API only (issue 22 point 7, ADR 224), against a
// running Darna server with the demo data (its demo accounts and the sandbox card gateway):
//
//   1. the demo host gets a bearer token (POST /api/v1/auth/token);
//   2. creates a listing (POST /api/v1/host/listings, PATCH its sections), uploads 5 photos
//      (multipart POST …/photos) and submits it (POST …/submit);
//   3. an operator approves it through the moderation page (signs in on /auth with a cookie jar
//      and posts the decision form of /admin/listings/{id}) — the one step that is not the API;
//   4. the host blocks dates (POST …/calendar/blocks) and reads them back (GET …/calendar);
//   5. with `checkWebhooks` only: registers a webhook endpoint (POST /api/v1/webhooks/endpoints)
//      on a local receiver and, later, checks signed deliveries of reservation.requested and
//      reservation.paid (the server must allow private webhook URLs: WEBHOOKS_ALLOW_PRIVATE=true);
//   6. the demo traveler requests a stay (POST /api/v1/reservations), the host accepts it
//      (POST /api/v1/reservations/{id}/accept), the traveler pays with the sandbox's success card
//      (POST …/payments, then the gateway's hosted form) and verifies the payment
//      (GET /api/v1/payments/{reference});
//   7. the host sees the stay confirmed (GET /api/v1/reservations/{id}) and its earning
//      (GET /api/v1/host/revenues).
//
// runApiHostWorkflow() throws at the first step that does not hold, naming it; it answers every
// step with its time. tests/e2e/api-host-workflow.spec.ts runs it against the e2e server in CI;
// `npm run bench -- api-host-workflow` runs it against API_HOST_WORKFLOW_URL, or starts a
// production server with the demo data (bench/api-host-workflow.bench.ts).
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface WorkflowOptions {
  /** The server, e.g. http://127.0.0.1:4123 (its demo data loaded). */
  baseUrl: string;
  hostEmail?: string;
  travelerEmail?: string;
  operatorEmail?: string;
  /** The demo accounts' password (migrations/seeders/02-demo-accounts.ts). */
  password?: string;
  /**
   * Step 5: register a webhook endpoint and check its signed deliveries. Its receiver listens on
   * 127.0.0.1, so the server must allow private webhook URLs (WEBHOOKS_ALLOW_PRIVATE=true).
   */
  checkWebhooks?: boolean;
  /** How long to wait for each webhook delivery (default 60 s). */
  webhookTimeoutMs?: number;
  /** Called after each step (the bench prints them). */
  onStep?: (step: WorkflowStep) => void;
}

export interface WorkflowStep {
  name: string;
  ms: number;
  detail: Record<string, unknown>;
}

export interface WorkflowReport {
  listingId: number;
  reservationId: number;
  steps: WorkflowStep[];
  totalMs: number;
}

const DEMO_PASSWORD = "darna-demo-2025";
const SUCCESS_CARD = "4242424242424242";

type Json = Record<string, unknown>;

class StepFailure extends Error {}

function fail(step: string, message: string, body?: unknown): never {
  throw new StepFailure(`api-host-workflow: ${step}: ${message}${body === undefined ? "" : ` — ${JSON.stringify(body).slice(0, 600)}`}`);
}

/** Today in Africa/Tunis, plus `days`, as YYYY-MM-DD. */
function tunisDate(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Tunis", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Five small real JPEG photos (the server checks and re-encodes every file). */
async function makePhotos(): Promise<Array<{ name: string; data: Buffer }>> {
  const { default: sharp } = await import("sharp");
  return Promise.all(
    [0, 1, 2, 3, 4].map(async (seed) => ({
      name: `workflow-${seed}.jpg`,
      data: await sharp({ create: { width: 640, height: 420, channels: 3, background: { r: 40 + seed * 40, g: 120, b: 200 - seed * 30 } } }).jpeg().toBuffer(),
    })),
  );
}

class Client {
  constructor(
    readonly baseUrl: string,
    private readonly token: string | null = null,
  ) {}

  withToken(token: string): Client {
    return new Client(this.baseUrl, token);
  }

  async call(step: string, method: string, path: string, body?: unknown, expected: number[] = [200, 201, 204]): Promise<Json> {
    const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": "en" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["Content-Type"] = "application/json";
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body: payload, redirect: "manual" });
    const text = await response.text();
    let data: unknown = {};
    try {
      data = text ? JSON.parse(text) : {};
    } catch {
      fail(step, `${method} ${path} answered ${response.status} with a body that is not JSON`, text.slice(0, 200));
    }
    if (!expected.includes(response.status)) fail(step, `${method} ${path} answered ${response.status}`, data);
    return data as Json;
  }
}

/** The page side of the operator: a cookie jar and plain form posts, as a browser without JavaScript. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async post(step: string, path: string, fields: Record<string, string>): Promise<{ status: number; location: string | null }> {
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en" };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(new URL(path, this.baseUrl), { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    await response.arrayBuffer();
    if (response.status >= 500) fail(step, `POST ${path} answered ${response.status}`);
    return { status: response.status, location: response.headers.get("Location") };
  }
}

interface Delivery {
  type: string;
  data: Json;
  signatureValid: boolean;
  headers: http.IncomingHttpHeaders;
}

/** A local webhook receiver: records each delivery and checks its Darna-Signature with the endpoint's secret. */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; secret: { value: string }; close: () => Promise<void> }> {
  const deliveries: Delivery[] = [];
  const secret = { value: "" };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const header = String(request.headers["darna-signature"] ?? "");
      const parts = Object.fromEntries(header.split(",").map((part) => part.trim().split("=") as [string, string]));
      const expected = crypto.createHmac("sha256", secret.value).update(`${parts.t}.${raw}`).digest("hex");
      const signatureValid = typeof parts.v1 === "string" && parts.v1.length === expected.length && crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
      let body: Json = {};
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        // recorded as an unreadable delivery
      }
      deliveries.push({ type: String(body.type ?? request.headers["darna-event"] ?? ""), data: (body.data as Json) ?? {}, signatureValid, headers: request.headers });
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/darna-webhooks`,
    deliveries,
    secret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitForDelivery(receiver: { deliveries: Delivery[] }, type: string, reservationId: number, timeoutMs: number): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = receiver.deliveries.find((delivery) => delivery.type === type && JSON.stringify(delivery.data).includes(String(reservationId)));
    if (found) return found;
    if (Date.now() > deadline) fail(`webhook ${type}`, `no delivery within ${timeoutMs} ms`, receiver.deliveries.map((delivery) => delivery.type));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function runApiHostWorkflow(options: WorkflowOptions): Promise<WorkflowReport> {
  const password = options.password ?? DEMO_PASSWORD;
  const steps: WorkflowStep[] = [];
  const started = Date.now();
  const step = async <T extends Record<string, unknown>>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = Date.now();
    const detail = await work();
    const record = { name, ms: Date.now() - at, detail };
    steps.push(record);
    options.onStep?.(record);
    return detail;
  };
  const anonymous = new Client(options.baseUrl);
  const receiver = options.checkWebhooks ? await startReceiver() : null;

  try {
    // 1. The host's token.
    // (The tokens stay out of the steps' details, which the bench prints.)
    let host = anonymous;
    await step("host signs in (POST /api/v1/auth/token)", async () => {
      const answer = await anonymous.call("host token", "POST", "/api/v1/auth/token", { email: options.hostEmail ?? "host@demo.darna.tn", password });
      if (typeof answer.token !== "string") fail("host token", "no token in the answer", answer);
      host = anonymous.withToken(answer.token);
      return { userId: (answer.user as Json | undefined)?.id ?? null };
    });

    // 2. A listing with 5 photos, submitted.
    const { listingId } = await step("host creates a draft (POST /api/v1/host/listings)", async () => {
      const answer = await host.call("create draft", "POST", "/api/v1/host/listings", {
        address: { governorate: "tunis", delegation: "La Marsa", city: "La Marsa", street: `${Date.now() % 1000} rue du Maroc`, postalCode: "2070" },
      });
      const listing = answer.listing as Json;
      if (listing?.moderationState !== "draft") fail("create draft", "the listing is not a draft", answer);
      return { listingId: Number(listing.id) };
    });
    await step("host saves the wizard's sections (PATCH /api/v1/host/listings/{id})", async () => {
      const answer = await host.call("sections", "PATCH", `/api/v1/host/listings/${listingId}`, {
        propertyType: { propertyType: "apartment", maxGuests: 4, bedrooms: 2, beds: 2, bathrooms: 1 },
        description: { title: "API workflow apartment", descriptionEn: "A bright apartment made through the API.", descriptionFr: "Un appartement lumineux créé par l'API." },
        amenities: { amenities: ["wifi", "kitchen"] },
        travelTypes: { travelTypes: ["relax"] },
        prices: { basePrice: 150_000, cleaningFee: 20_000, minNights: 2 },
        discounts: { weeklyDiscountPct: 0, monthlyDiscountPct: 0 },
        cancellation: { cancellationPolicy: "flexible", reservationMethod: "request" },
        houseRules: { petsAllowed: false, eventsAllowed: false, smokingAllowed: false, checkInTime: "15:00", checkOutTime: "11:00" },
        calendarLinks: {},
      });
      const missing = (answer.listing as Json).missingSteps as string[];
      if (JSON.stringify(missing) !== JSON.stringify(["photos"])) fail("sections", "only the photos should be missing", missing);
      return { missingSteps: missing };
    });
    await step("host uploads 5 photos (POST /api/v1/host/listings/{id}/photos, multipart)", async () => {
      const form = new FormData();
      for (const photo of await makePhotos()) form.append("photos", new Blob([new Uint8Array(photo.data)], { type: "image/jpeg" }), photo.name);
      const answer = await host.call("photos", "POST", `/api/v1/host/listings/${listingId}/photos`, form, [201]);
      const photos = answer.photos as Json[];
      if (photos?.length !== 5) fail("photos", "5 photos were not added", answer);
      return { photos: photos.length };
    });
    await step("host submits the listing (POST /api/v1/host/listings/{id}/submit)", async () => {
      const answer = await host.call("submit", "POST", `/api/v1/host/listings/${listingId}/submit`);
      const state = (answer.listing as Json).moderationState;
      if (state !== "pending_review") fail("submit", "the listing is not under review", answer);
      return { moderationState: state };
    });

    // 3. The operator approves on the moderation page.
    await step("operator approves on /admin/listings/{id} (page form)", async () => {
      const operator = new Browser(options.baseUrl);
      const login = await operator.post("operator sign-in", "/auth", { email: options.operatorEmail ?? "operator@demo.darna.tn", password, website: "" });
      if (login.status !== 302) fail("operator sign-in", `POST /auth answered ${login.status}`);
      const decision = await operator.post("approve", `/admin/listings/${listingId}`, { intent: "approve", note: "" });
      if (decision.status !== 302) fail("approve", `POST /admin/listings/${listingId} answered ${decision.status}`);
      const answer = await host.call("approved listing", "GET", `/api/v1/host/listings/${listingId}`);
      const listing = answer.listing as Json;
      if (listing.moderationState !== "approved" || listing.status !== "visible") fail("approve", "the listing is not approved and visible", listing);
      return { moderationState: listing.moderationState, status: listing.status };
    });

    // 4. Blocked dates.
    const blockFrom = tunisDate(40);
    const blockTo = tunisDate(42);
    await step("host blocks dates (POST /api/v1/host/listings/{id}/calendar/blocks)", async () => {
      const answer = await host.call("block", "POST", `/api/v1/host/listings/${listingId}/calendar/blocks`, { from: blockFrom, to: blockTo });
      if (answer.changed !== 3) fail("block", "3 nights should have changed", answer);
      const calendar = await host.call("calendar", "GET", `/api/v1/host/listings/${listingId}/calendar?month=${blockFrom.slice(0, 7)}`);
      const night = (calendar.nights as Json[]).find((candidate) => candidate.date === blockFrom);
      if (night?.state !== "blocked") fail("block", `${blockFrom} is not blocked in the calendar`, night);
      return { from: blockFrom, to: blockTo, changed: answer.changed };
    });

    // 5. (optional) A webhook endpoint on the local receiver.
    if (receiver) {
      await step("host registers a webhook endpoint (POST /api/v1/webhooks/endpoints)", async () => {
        const answer = await host.call("webhook endpoint", "POST", "/api/v1/webhooks/endpoints", { url: receiver.url, events: ["reservation.requested", "reservation.paid"] }, [201]);
        if (typeof answer.secret !== "string" || answer.secret.length === 0) fail("webhook endpoint", "no secret in the answer", answer);
        receiver.secret.value = answer.secret;
        return { endpointId: answer.id, url: receiver.url };
      });
    }

    // 6. A request, accepted, paid with the sandbox card.
    let traveler = anonymous;
    await step("traveler signs in (POST /api/v1/auth/token)", async () => {
      const answer = await anonymous.call("traveler token", "POST", "/api/v1/auth/token", { email: options.travelerEmail ?? "traveler@demo.darna.tn", password });
      if (typeof answer.token !== "string") fail("traveler token", "no token in the answer", answer);
      traveler = anonymous.withToken(answer.token);
      return { userId: (answer.user as Json | undefined)?.id ?? null };
    });
    const checkIn = tunisDate(20);
    const checkOut = tunisDate(23);
    const { reservationId } = await step("traveler requests a stay (POST /api/v1/reservations)", async () => {
      const answer = await traveler.call("request", "POST", "/api/v1/reservations", { propertyId: listingId, checkIn, checkOut, adults: 2, acceptTerms: true }, [201]);
      if (answer.status !== "pending_host") fail("request", "a by-request listing should answer pending_host", answer);
      return { reservationId: Number(answer.id), status: answer.status, total: answer.total };
    });
    if (receiver) {
      await step("webhook reservation.requested received and signed", async () => {
        const delivery = await waitForDelivery(receiver, "reservation.requested", reservationId, options.webhookTimeoutMs ?? 60_000);
        if (!delivery.signatureValid) fail("webhook reservation.requested", "the Darna-Signature does not verify", delivery.headers);
        return { type: delivery.type };
      });
    }
    await step("host accepts (POST /api/v1/reservations/{id}/accept)", async () => {
      const answer = await host.call("accept", "POST", `/api/v1/reservations/${reservationId}/accept`);
      if (answer.status !== "pending_payment") fail("accept", "the reservation should await payment", answer);
      return { status: answer.status };
    });
    const { paymentReference } = await step("traveler pays with the sandbox card (POST …/payments, gateway form)", async () => {
      const payment = await traveler.call("payment", "POST", `/api/v1/reservations/${reservationId}/payments`, { method: "card" }, [201]);
      const redirectUrl = payment.redirectUrl;
      if (typeof redirectUrl !== "string") fail("payment", "no redirectUrl for a card payment", payment);
      const gateway = new URL(redirectUrl, options.baseUrl);
      const card = await new Browser(options.baseUrl).post("sandbox card", `${gateway.pathname}${gateway.search}`, {
        intent: "pay",
        cardNumber: SUCCESS_CARD,
        expiry: `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`,
        cvc: "123",
        holder: "Amira Ben Salah",
      });
      if (card.status !== 302 || !card.location?.includes("ref=")) fail("sandbox card", `the gateway answered ${card.status} to ${card.location}`);
      const reference = String((payment.payment as Json).reference);
      const verified = await traveler.call("verify payment", "GET", `/api/v1/payments/${encodeURIComponent(reference)}`);
      if (verified.state !== "success") fail("verify payment", "the payment is not a success", verified);
      return { paymentReference: reference, state: verified.state };
    });
    if (receiver) {
      await step("webhook reservation.paid received and signed", async () => {
        const delivery = await waitForDelivery(receiver, "reservation.paid", reservationId, options.webhookTimeoutMs ?? 60_000);
        if (!delivery.signatureValid) fail("webhook reservation.paid", "the Darna-Signature does not verify", delivery.headers);
        return { type: delivery.type };
      });
    }

    // 7. The host sees it paid, and the earning.
    await step("host sees the stay confirmed and paid (GET /api/v1/reservations/{id})", async () => {
      const answer = await host.call("reservation", "GET", `/api/v1/reservations/${reservationId}`);
      if (answer.status !== "confirmed" || answer.side !== "host") fail("reservation", "the host should see a confirmed stay", answer);
      return { status: answer.status, paymentReference };
    });
    return await step("host sees the earning (GET /api/v1/host/revenues)", async () => {
      const answer = await host.call("revenues", "GET", `/api/v1/host/revenues?year=${checkIn.slice(0, 4)}&listing=${listingId}`);
      const row = (answer.listings as Json[]).find((candidate) => candidate.listingId === listingId);
      if (!row || !(Number(row.gross) > 0) || !(Number(row.net) > 0)) fail("revenues", "the stay's earning is missing", answer);
      return { gross: row.gross, net: row.net };
    }).then(() => ({ listingId, reservationId, steps, totalMs: Date.now() - started }));
  } finally {
    await receiver?.close();
  }
}
