// The messaging API answers, held against the OpenAPI document.
import { describe, expect, it } from "vitest";
import { action as notSeenAction } from "~/routes/api.v1.Conversation.MessageNotSeen";
import { action as startAction, loader as listLoader } from "~/routes/api.v1.conversations._index";
import { loader as readLoader } from "~/routes/api.v1.conversations.$conversationUID._index";
import { action as sendAction } from "~/routes/api.v1.conversations.$conversationUID.messages";
import { createSession } from "~/utils/auth-sessions.server";
import { createBookingUser, createPublicListing } from "../factories/booking-factories";
import { expectApiResponseMatchesOpenApi } from "../support/openapi";

const base = "http://localhost/api/v1";

function request(path: string, token: string | null, body?: unknown) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return new Request(`${base}${path}`, { method: body === undefined ? "GET" : "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const args = (req: Request, params: Record<string, string> = {}) => ({ request: req, params, context: {} });

describe("messaging API", () => {
  it("starts, lists, reads and sends, with the documented answers and the rules of the site", async () => {
    const host = await createBookingUser();
    const traveler = await createBookingUser();
    const stranger = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    const [hostToken, travelerToken, strangerToken] = await Promise.all(
      [host, traveler, stranger].map(async (user) => (await createSession(user.id, "api")).id),
    );

    const noDates = await startAction(args(request("/conversations", travelerToken!, { propertyId: listing.id, message: "Hi" })));
    expect(noDates.status).toBe(400);
    const noDatesBody = (await expectApiResponseMatchesOpenApi("post", "/api/v1/conversations", noDates)) as { error: { message: string } };
    expect(noDatesBody.error.message).toBe("Select a date before contacting the host");

    const illegal = await startAction(
      args(request("/conversations", travelerToken!, { propertyId: listing.id, checkIn: "2099-01-10", checkOut: "2099-01-12", message: "whatsapp me +216 98 765 432" })),
    );
    expect(illegal.status).toBe(422);
    const illegalBody = (await expectApiResponseMatchesOpenApi("post", "/api/v1/conversations", illegal)) as { error: { message: string } };
    expect(illegalBody.error.message).toBe("This message contains illegal content; make a reservation to send it.");

    const started = await startAction(
      args(request("/conversations", travelerToken!, { propertyId: listing.id, checkIn: "2099-01-10", checkOut: "2099-01-12", message: "Is parking included?" })),
    );
    expect(started.status).toBe(201);
    const { conversationUID } = (await expectApiResponseMatchesOpenApi("post", "/api/v1/conversations", started)) as { conversationUID: string };

    const hostList = await listLoader(args(request("/conversations", hostToken!)));
    const list = (await expectApiResponseMatchesOpenApi("get", "/api/v1/conversations", hostList)) as { conversations: Array<{ unseen: number }> };
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]!.unseen).toBe(1);

    const notSeen = await notSeenAction(args(request("/Conversation/MessageNotSeen", hostToken!, { ID_Utulisateur: host.id })));
    expect(notSeen.status).toBe(200);
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/Conversation/MessageNotSeen", notSeen)).toMatchObject({
      count: 1,
      messages: [{ body: "Is parking included?" }],
    });
    const foreign = await notSeenAction(args(request("/Conversation/MessageNotSeen", strangerToken!, { ID_Utulisateur: host.id })));
    expect(foreign.status).toBe(403);
    await expectApiResponseMatchesOpenApi("post", "/api/v1/Conversation/MessageNotSeen", foreign);

    const read = await readLoader(args(request(`/conversations/${conversationUID}`, hostToken!), { conversationUID }));
    expect(read.status).toBe(200);
    expect(await expectApiResponseMatchesOpenApi("get", "/api/v1/conversations/{conversationUID}", read)).toMatchObject({
      viewerRole: "host",
      messages: [{ body: "Is parking included?" }],
      reservation: null,
    });
    const afterRead = await notSeenAction(args(request("/Conversation/MessageNotSeen", hostToken!, { ID_Utulisateur: String(host.id) })));
    expect(await afterRead.json()).toEqual({ count: 0, messages: [] });

    const strangerRead = await readLoader(args(request(`/conversations/${conversationUID}`, strangerToken!), { conversationUID }));
    expect(strangerRead.status).toBe(404);
    await expectApiResponseMatchesOpenApi("get", "/api/v1/conversations/{conversationUID}", strangerRead);

    const reply = await sendAction(args(request(`/conversations/${conversationUID}/messages`, hostToken!, { message: "Yes, one car." }), { conversationUID }));
    expect(reply.status).toBe(201);
    expect(await expectApiResponseMatchesOpenApi("post", "/api/v1/conversations/{conversationUID}/messages", reply)).toMatchObject({
      body: "Yes, one car.",
      senderId: host.id,
    });
    const strangerSend = await sendAction(
      args(request(`/conversations/${conversationUID}/messages`, strangerToken!, { message: "hello" }), { conversationUID }),
    );
    expect(strangerSend.status).toBe(404);
    const anonymous = await listLoader(args(request("/conversations", null)));
    expect(anonymous.status).toBe(401);
  });
});
