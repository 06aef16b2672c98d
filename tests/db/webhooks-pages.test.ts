// /profile/developers without JavaScript: plain form posts (ADR 222). Registering shows the secret
// in that answer only; a single ticked event is still a list; errors are translated keys next to
// their fields; turn off/on, replay and delete redirect with a toast; another user's endpoint is a 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Job } from "~/db/models/job.server";
import { WebhookEndpoint } from "~/db/models/webhook.server";
import { writeTransaction } from "~/db/write-transaction.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as pageRoute from "~/routes/($lang).profile.developers";
import { recordWebhookEvent } from "~/services/webhooks/webhook-events.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";

const ownerJar = new CookieJar();
const strangerJar = new CookieJar();
let ownerId: number;

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "false";
  const owner = await createAccount();
  ownerId = owner.id;
  await logIn(ownerJar, owner.email);
  await logIn(strangerJar, (await createAccount()).email);
});
afterAll(() => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
});

type Page = Awaited<ReturnType<typeof pageRoute.loader>>;
type Answer = { reply: { error?: Record<string, string[]> }; secret: { url: string; value: string } | null };

describe("/profile/developers", () => {
  it("registers an endpoint with plain form posts, shows its secret once, lists deliveries, turns it off and on, replays, deletes", async () => {
    const post = (form: Record<string, string>, jar = ownerJar) => callRoute(pageRoute.action, makeRequest("/profile/developers", { form, jar }));

    const empty = await post({ intent: "create", url: "" });
    expect(empty.status).toBe(400);
    expect((empty.data as Answer).reply.error).toMatchObject({ url: ["developers:errors.url"], events: ["developers:errors.events"] });
    const plainHttp = await post({ intent: "create", url: "http://example.com/hook", events: "review.posted" });
    expect(plainHttp.status).toBe(400);
    expect((plainHttp.data as Answer).reply.error).toMatchObject({ url: ["developers:errors.httpsRequired"] });

    const created = await post({ intent: "create", url: "https://example.com/hook", events: "calendar.changed" });
    expect(created.status).toBe(201);
    const secret = (created.data as Answer).secret!;
    expect(secret.value).toMatch(/^whsec_/);
    const endpoint = (await WebhookEndpoint.findOne({ where: { userId: ownerId } }))!;
    expect(endpoint.secret).toBe(secret.value);
    expect(JSON.parse(endpoint.events)).toEqual(["calendar.changed"]);

    const now = new Date();
    await writeTransaction((transaction) => recordWebhookEvent(transaction, { userId: ownerId, type: "calendar.changed", data: {}, now }));
    const page = (await callRoute(pageRoute.loader, makeRequest("/profile/developers", { jar: ownerJar }))).data as Page;
    expect(JSON.stringify(page)).not.toContain(secret.value);
    expect(page.endpoints).toHaveLength(1);
    expect(page.endpoints[0]).toMatchObject({ url: "https://example.com/hook", enabled: true, deliveries: [{ type: "calendar.changed", status: "pending", attempts: 0 }] });

    const off = await post({ intent: "disable", endpoint: String(endpoint.id) });
    expect(await toastOf(off)).toMatchObject({ message: "developers:profile.updated" });
    expect((await endpoint.reload()).enabled).toBe(false);
    await post({ intent: "enable", endpoint: String(endpoint.id) });
    expect((await endpoint.reload()).enabled).toBe(true);

    const deliveryId = String(page.endpoints[0]!.deliveries[0]!.id);
    expect((await post({ intent: "replay", delivery: deliveryId }, strangerJar)).status).toBe(404);
    const replayed = await post({ intent: "replay", delivery: deliveryId });
    expect(await toastOf(replayed)).toMatchObject({ message: "developers:profile.replayed" });
    expect(await Job.count({ where: { name: "webhooks:replay", status: "pending" } })).toBeGreaterThan(0);

    expect((await post({ intent: "delete", endpoint: String(endpoint.id) }, strangerJar)).status).toBe(404);
    const deleted = await post({ intent: "delete", endpoint: String(endpoint.id) });
    expect(deleted.location).toBe("/profile/developers");
    expect(await WebhookEndpoint.count({ where: { userId: ownerId } })).toBe(0);

    expect((await post({ intent: "nonsense" })).status).toBe(400);
    expect((await callRoute(pageRoute.loader, makeRequest("/profile/developers"))).location).toMatch(/^\/auth/);
  });
});
