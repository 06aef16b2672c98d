// Co-host invitations through /dashboard/cohosts (issue 16 point 5, ADR 147): invite by e-mail
// (with its e-mail), accept, decline, withdraw, remove; an address without an account waits for
// one; bad input answers a translated error next to its field.
import { beforeAll, describe, expect, it } from "vitest";
import { CohostInvitation } from "~/db/models/cohost-invitation.server";
import type { User } from "~/db/models/user.server";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as cohostsRoute from "~/routes/($lang).dashboard.cohosts";
import { isCohostOf } from "~/services/cohosts/cohost-access.server";
import { createAccount, lastEmailTo, TEST_PASSWORD } from "../../../tests/factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../../../tests/factories/account-requests";
import { createPublicListing } from "../../../tests/factories/booking-factories";

type Page = Awaited<ReturnType<typeof cohostsRoute.loader>>;

async function signedIn(overrides: Parameters<typeof createAccount>[0] = {}): Promise<{ user: User; jar: CookieJar }> {
  const user = await createAccount({ hostMode: true, ...overrides });
  const jar = new CookieJar();
  await callRoute(loginRoute.action, makeRequest("/auth", { form: { email: user.email, password: TEST_PASSWORD, website: "" }, jar }), { jar });
  return { user, jar };
}

function post(jar: CookieJar, form: Record<string, string>, listingIds: number[] = []) {
  const request = makeRequest("/dashboard/cohosts", { form, jar });
  return (async () => {
    if (listingIds.length === 0) return callRoute(cohostsRoute.action, request);
    const body = new URLSearchParams(form);
    for (const id of listingIds) body.append("listingIds", String(id));
    return callRoute(cohostsRoute.action, new Request(request.url, { method: "POST", headers: request.headers, body }));
  })();
}

async function page(jar: CookieJar): Promise<Page> {
  const result = await callRoute(cohostsRoute.loader, makeRequest("/dashboard/cohosts", { jar }));
  expect(result.status).toBe(200);
  return result.data as Page;
}

let host: { user: User; jar: CookieJar };
let first: number;
let second: number;

beforeAll(async () => {
  host = await signedIn({ firstName: "Hedi", lastName: "Trabelsi" });
  first = (await createPublicListing({ hostId: host.user.id })).id;
  second = (await createPublicListing({ hostId: host.user.id })).id;
});

describe("/dashboard/cohosts", () => {
  it("invites an account holder for two listings: e-mail in their language, they accept, they co-host exactly those", async () => {
    const invitee = await signedIn({ language: "fr", firstName: "Amira" });
    const sent = await post(host.jar, { intent: "invite", email: ` ${invitee.user.email.toUpperCase()} ` }, [first, second]);
    expect(sent.status).toBe(302);
    expect(await toastOf(sent)).toMatchObject({ type: "success", message: "cohosts:toast.invited" });
    const email = await lastEmailTo(invitee.user.email, "cohost-invitation");
    expect(email?.subject).toMatch(/Hedi Trabelsi vous invite/);
    expect(email?.text).toContain("/fr/dashboard/cohosts");

    const waiting = (await page(invitee.jar)).received;
    expect(waiting).toEqual([expect.objectContaining({ status: "pending", personName: "Hedi Trabelsi" })]);
    expect(waiting[0]!.listings.map((listing) => listing.id).sort()).toEqual([first, second].sort());
    expect(await isCohostOf(invitee.user.id, first)).toBe(false);

    // Someone else cannot answer it.
    const stranger = await signedIn();
    const stolen = await post(stranger.jar, { intent: "accept", invitationId: String(waiting[0]!.id) });
    expect(stolen.status).toBe(404);

    const accepted = await post(invitee.jar, { intent: "accept", invitationId: String(waiting[0]!.id) });
    expect(accepted.status).toBe(302);
    expect(await isCohostOf(invitee.user.id, first)).toBe(true);
    expect(await isCohostOf(invitee.user.id, second)).toBe(true);
    const other = await createPublicListing({ hostId: host.user.id });
    expect(await isCohostOf(invitee.user.id, other.id)).toBe(false);
    expect((await page(host.jar)).sent).toEqual(expect.arrayContaining([expect.objectContaining({ status: "accepted", personName: `Amira ${invitee.user.lastName}` })]));

    // Answering twice is refused; a second live invitation to the same person too.
    expect((await post(invitee.jar, { intent: "decline", invitationId: String(waiting[0]!.id) })).status).toBe(409);
    const again = await post(host.jar, { intent: "invite", email: invitee.user.email }, [first]);
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ fields: { email: ["cohosts:errors.alreadyInvited"] } });

    // The host removes the co-host: access ends at once, and a new invitation is possible again.
    const removed = await post(host.jar, { intent: "end", invitationId: String(waiting[0]!.id) });
    expect(removed.status).toBe(302);
    expect(await isCohostOf(invitee.user.id, first)).toBe(false);
    expect((await CohostInvitation.findByPk(waiting[0]!.id))!.status).toBe("removed");
    expect((await post(host.jar, { intent: "invite", email: invitee.user.email }, [first])).status).toBe(302);
  });

  it("the invitee declines; the host withdraws a pending one; neither grants anything", async () => {
    const declining = await signedIn();
    await post(host.jar, { intent: "invite", email: declining.user.email }, [first]);
    const [invitation] = (await page(declining.jar)).received;
    expect((await post(declining.jar, { intent: "decline", invitationId: String(invitation!.id) })).status).toBe(302);
    expect((await CohostInvitation.findByPk(invitation!.id))!.status).toBe("declined");
    expect(await isCohostOf(declining.user.id, first)).toBe(false);
    expect((await page(declining.jar)).received).toEqual([]);

    const withdrawn = await signedIn();
    await post(host.jar, { intent: "invite", email: withdrawn.user.email }, [first]);
    const [pending] = (await page(withdrawn.jar)).received;
    expect((await post(host.jar, { intent: "end", invitationId: String(pending!.id) })).status).toBe(302);
    expect((await CohostInvitation.findByPk(pending!.id))!.status).toBe("withdrawn");
    expect((await post(withdrawn.jar, { intent: "accept", invitationId: String(pending!.id) })).status).toBe(409);
    expect(await isCohostOf(withdrawn.user.id, first)).toBe(false);
    // Another host cannot end it.
    const other = await signedIn();
    expect((await post(other.jar, { intent: "end", invitationId: String(pending!.id) })).status).toBe(404);
  });

  it("an address without an account: the e-mail asks to sign up, the invitation waits for that account", async () => {
    const address = `later-${Date.now()}@test.darna.tn`;
    expect((await post(host.jar, { intent: "invite", email: address }, [second])).status).toBe(302);
    const email = await lastEmailTo(address, "cohost-invitation");
    expect(email?.text).toContain("/auth/signup");
    const newcomer = await signedIn({ email: address });
    const [waiting] = (await page(newcomer.jar)).received;
    expect(waiting).toMatchObject({ status: "pending", listings: [expect.objectContaining({ id: second })] });
    expect((await post(newcomer.jar, { intent: "accept", invitationId: String(waiting!.id) })).status).toBe(302);
    expect(await isCohostOf(newcomer.user.id, second)).toBe(true);
  });

  it("bad input: translated errors beside the fields, never a 500", async () => {
    const noEmail = await post(host.jar, { intent: "invite", email: "not-an-address" }, [first]);
    expect(noEmail.status).toBe(400);
    expect(noEmail.data).toMatchObject({ fields: { email: ["cohosts:errors.email"] } });
    const noListing = await post(host.jar, { intent: "invite", email: "someone@test.darna.tn" });
    expect(noListing.status).toBe(400);
    expect(noListing.data).toMatchObject({ fields: { listingIds: ["cohosts:errors.listings"] } });
    const self = await post(host.jar, { intent: "invite", email: host.user.email }, [first]);
    expect(self.data).toMatchObject({ fields: { email: ["cohosts:errors.self"] } });
    const foreign = await createPublicListing();
    const notMine = await post(host.jar, { intent: "invite", email: "someone@test.darna.tn" }, [first, foreign.id]);
    expect(notMine.status).toBe(403);
    expect(notMine.data).toMatchObject({ fields: { listingIds: ["cohosts:errors.notYourListing"] } });
    expect((await post(host.jar, { intent: "accept", invitationId: "abc" })).status).toBe(404);
    expect((await post(host.jar, { intent: "nope" })).status).toBe(400);
  });
});
