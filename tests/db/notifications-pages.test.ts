// /notifications and /notifications/{id} without JavaScript: plain GETs and form posts (ADR 146).
import { beforeAll, describe, expect, it } from "vitest";
import { Notification } from "~/db/models/notification.server";
import { writeTransaction } from "~/db/write-transaction.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as openRoute from "~/routes/($lang).notifications.$id";
import * as listRoute from "~/routes/($lang).notifications._index";
import { DEFAULT_EMAIL } from "~/services/notifications/notification-kinds";
import { emailSettings } from "~/services/notifications/notification-reads.server";
import { notify } from "~/services/notifications/notify.server";
import { createAccount, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";

const ownerJar = new CookieJar();
const strangerJar = new CookieJar();
let ownerId: number;

async function logIn(jar: CookieJar, email: string) {
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
}

beforeAll(async () => {
  const owner = await createAccount();
  ownerId = owner.id;
  await logIn(ownerJar, owner.email);
  await logIn(strangerJar, (await createAccount()).email);
});

type Page = Awaited<ReturnType<typeof listRoute.loader>>;

describe("/notifications", () => {
  it("lists newest first with unread marked, opens one (read, then its page), marks all read, and saves the e-mail settings", async () => {
    const start = Date.now();
    for (let i = 0; i < 22; i += 1) {
      await writeTransaction((transaction) =>
        notify(transaction, { userId: ownerId, kind: "review.received", params: { listing: `Dar ${i}` }, link: `/property-details/${i}`, now: new Date(start + i * 1000) }),
      );
    }
    const first = await callRoute(listRoute.loader, makeRequest("/notifications", { jar: ownerJar }));
    const page = first.data as Page;
    expect(page).toMatchObject({ unread: 22, total: 22, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({ title: "New review of Dar 21", readAt: null });
    expect((await callRoute(listRoute.loader, makeRequest("/notifications?page=2", { jar: ownerJar }))).data).toMatchObject({ page: 2, items: [{ title: "New review of Dar 1" }, { title: "New review of Dar 0" }] });

    const id = String(page.items[0]!.id);
    expect((await callRoute(openRoute.loader, makeRequest(`/notifications/${id}`, { jar: strangerJar }), { params: { id } })).status).toBe(404);
    const opened = await callRoute(openRoute.loader, makeRequest(`/fr/notifications/${id}`, { jar: ownerJar }), { params: { id } });
    expect(opened.location).toBe("/fr/property-details/21");
    expect((await Notification.findByPk(Number(id)))!.readAt).not.toBeNull();
    const unread = (await callRoute(listRoute.loader, makeRequest("/notifications?unread=1", { jar: ownerJar }))).data as Page;
    expect(unread).toMatchObject({ unread: 21, total: 21, onlyUnread: true });

    const all = await callRoute(listRoute.action, makeRequest("/notifications", { form: { intent: "markAllRead" }, jar: ownerJar }));
    expect(all.location).toBe("/notifications");
    expect(await toastOf(all)).toMatchObject({ message: "notifications:markedAllRead" });
    expect(((await callRoute(listRoute.loader, makeRequest("/notifications", { jar: ownerJar }))).data as Page).unread).toBe(0);

    // Checkboxes: only messages and payouts ticked; every unticked category is off.
    const body = new URLSearchParams([["intent", "saveSettings"], ["email", "messages"], ["email", "payouts"]]);
    const saved = await callRoute(
      listRoute.action,
      new Request("http://localhost/notifications", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: ownerJar.header() } }),
    );
    expect(await toastOf(saved)).toMatchObject({ message: "notifications:settings.saved" });
    expect(await emailSettings(ownerId)).toEqual({ ...DEFAULT_EMAIL, reservations: false, messages: true, listings: false, claims: false });

    // Signed out: the sign-in page.
    const anonymous = await callRoute(listRoute.loader, makeRequest("/notifications"));
    expect(anonymous.location).toMatch(/^\/auth/);
  });
});
