// The notifications API answers, held against the OpenAPI document (issue 16 point 7).
import { describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/write-transaction.server";
import { loader as listLoader, action as listAction } from "~/routes/api.v1.notifications._index";
import { action as readAction, loader as readLoader } from "~/routes/api.v1.notifications.read";
import { notify } from "~/services/notifications/notify.server";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser } from "../factories/booking-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const base = "http://localhost/api/v1";

function request(path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const all = new Headers({ "Content-Type": "application/json", ...headers });
  if (token) all.set("Authorization", `Bearer ${token}`);
  return new Request(`${base}${path}`, { method: body === undefined ? "GET" : "POST", headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
}

const args = (req: Request) => ({ request: req, params: {}, context: {} });

async function record(userId: number, kind: string, params: Record<string, string | number>, minutes: number) {
  return writeTransaction((transaction) => notify(transaction, { userId, kind, params, link: "/dashboard/revenues", now: new Date(Date.now() + minutes * 60_000) }));
}

describe("notifications API", () => {
  it("lists the bearer's notifications with translated titles, marks some or all read, never another user's", async () => {
    const owner = await createBookingUser();
    const stranger = await createBookingUser();
    const [ownerToken, strangerToken] = await Promise.all([owner, stranger].map(async (user) => (await createSession(user.id, "api")).id));
    const first = await record(owner.id, "listing.approved", { title: "Dar Yasmine" }, 0);
    const second = await record(owner.id, "review.received", { listing: "Dar Yasmine" }, 1);
    const third = await record(owner.id, "payout.pinned", { amount: 5000 }, 2);
    const foreign = await record(stranger.id, "review.received", { listing: "Elsewhere" }, 0);

    const unauthenticated = await listLoader(args(request("/notifications", null)));
    expect(unauthenticated.status).toBe(401);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/notifications", unauthenticated);

    const all = await listLoader(args(request("/notifications?pageSize=2", ownerToken!, undefined, { "Accept-Language": "fr" })));
    expect(all.status).toBe(200);
    const body = (await expectApiResponseMatchesOpenApi("get", "/api/v1/notifications", all)) as {
      items: Array<{ id: number; title: string; readAt: string | null; link: string; kind: string }>;
      unread: number;
      total: number;
      page: number;
    };
    expect(body).toMatchObject({ unread: 3, total: 3, page: 1, pageSize: 2 });
    expect(body.items.map((item) => item.id)).toEqual([third.id, second.id]);
    expect(body.items[1]).toMatchObject({ kind: "review.received", title: "Nouvel avis sur Dar Yasmine", link: "/dashboard/revenues", readAt: null });

    // A stranger's ids change nothing, and the stranger never sees the owner's notifications.
    const strangerMarks = await readAction(args(request("/notifications/read", strangerToken!, { ids: [first.id, second.id] })));
    expect(strangerMarks.status).toBe(200);
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/notifications/read", strangerMarks)).toEqual({ marked: 0, unread: 1 });
    const strangerList = (await (await listLoader(args(request("/notifications", strangerToken!)))).json()) as { items: Array<{ id: number }> };
    expect(strangerList.items.map((item) => item.id)).toEqual([foreign.id]);

    const some = await readAction(args(request("/notifications/read", ownerToken!, { ids: [first.id, foreign.id] })));
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/notifications/read", some)).toEqual({ marked: 1, unread: 2 });
    const unread = (await expectApiResponseMatchesOpenApi("get", "/api/v1/notifications", await listLoader(args(request("/notifications?unread=1", ownerToken!))))) as {
      items: Array<{ id: number }>;
      total: number;
    };
    expect(unread.items.map((item) => item.id)).toEqual([third.id, second.id]);
    expect(unread.total).toBe(2);

    const bad = await readAction(args(request("/notifications/read", ownerToken!, { ids: ["x"] })));
    expect(bad.status).toBe(400);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/notifications/read", bad);

    const everything = await readAction(args(request("/notifications/read", ownerToken!, {})));
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/notifications/read", everything)).toEqual({ marked: 2, unread: 0 });
    // The stranger's own notification is still unread.
    const strangerAfter = (await (await listLoader(args(request("/notifications?unread=true", strangerToken!)))).json()) as { unread: number };
    expect(strangerAfter.unread).toBe(1);

    expect((await readLoader(args(request("/notifications/read", ownerToken!)))).status).toBe(405);
    expect((await listAction(args(request("/notifications", ownerToken!, {})))).status).toBe(405);
  });
});
