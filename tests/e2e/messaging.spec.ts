// Messaging journeys (issue 7): from the listing's page, contact a host with dates (without dates:
// the rule's message), the host replies, the traveler sees it (JavaScript on and off); live delivery between two browsers (JavaScript on); a new session's token replaces the socket (JavaScript on); a stranger cannot
// read someone else's conversation.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { WebSocket } from "ws";
import { dbGet } from "./support/database";
import { createListing, createUser, signIn, type TestUser } from "./support/factories";
import { expect, isoDaysFromNow, test, translation, waitForHydration } from "./support/fixtures";

const m = (key: string) => translation("en", key, "messages");
const a = (key: string) => translation("en", key, "auth");
const s = (key: string) => translation("en", key, "search");
const p = (key: string) => translation("en", key, "property");

/** A host (reading the site in French) with a public listing, and a traveler: this test's own. */
async function conversationScene() {
  const host = await createUser({ host: true, firstName: "Leila", language: "fr" });
  const listing = await createListing({ host });
  const traveler = await createUser({ firstName: "Amira" });
  return { host, traveler, listingId: listing.id };
}

async function logIn(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  return page;
}

/** Leaves the page for about:blank, so no socket of the page that signing in landed on can show up later. */
async function blank(page: Page) {
  await page.goto("about:blank");
}

/** The traveler writes to the host about a listing through the API (no browser of theirs involved). */
async function travelerWritesThroughApi(request: APIRequestContext, traveler: TestUser, listingId: number, message: string) {
  const tokenResponse = await request.post("/api/v1/auth/token", {
    data: { email: traveler.email, password: traveler.password },
  });
  expect(tokenResponse.status()).toBe(200);
  const { token } = (await tokenResponse.json()) as { token: string };
  const response = await request.post("/api/v1/conversations", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      propertyId: listingId,
      checkIn: isoDaysFromNow(60),
      checkOut: isoDaysFromNow(62),
      message,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { conversationUID: string }).conversationUID;
}

/** The reply form's button (demo hosts read the site in French, travelers in English). */
function sendButton(page: Page) {
  return page.locator(".messages__form button[type=submit]");
}

/** Replaces the page's Web Audio with a stand-in that counts notification chimes (window.chimes). */
async function installChimeCounter(page: Page) {
  await page.evaluate(() => {
    const win = window as unknown as { chimes: number; AudioContext: unknown };
    win.chimes = 0;
    const node = () => ({ connect() {}, start() {}, stop() {}, type: "", frequency: { value: 0 } });
    win.AudioContext = class {
      currentTime = 0;
      destination = {};
      constructor() {
        win.chimes += 1;
      }
      createGain() {
        return { connect() {}, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } };
      }
      createOscillator() {
        return node();
      }
      close() {
        return Promise.resolve();
      }
    };
  });
}

/**
 * The traveler's journey from the listing's page: pick dates in the quote form, then write to the
 * host in "Contact host"; lands in the conversation.
 */
async function contactHost(page: Page, listingId: number, message: string, javaScriptEnabled: boolean): Promise<string> {
  const checkIn = isoDaysFromNow(30);
  const checkOut = isoDaysFromNow(33);
  await page.goto(`/property-details/${listingId}`);
  if (javaScriptEnabled) await waitForHydration(page);
  const stay = page.locator(".quote-form");
  await stay.getByLabel(s("form.checkIn")).fill(checkIn);
  await stay.getByLabel(s("form.checkOut")).fill(checkOut);
  await stay.getByRole("button", { name: p("quote.submit") }).click();
  await page.waitForURL((url) => url.searchParams.get("checkIn") === checkIn);
  if (javaScriptEnabled) await waitForHydration(page);
  const contact = page.getByTestId("contact-host");
  // The dates chosen on the page go with the message.
  await expect(contact.locator("input[name=checkIn]")).toHaveValue(checkIn);
  await expect(contact.locator("input[name=checkOut]")).toHaveValue(checkOut);
  await contact.getByLabel(m("messageLabel")).fill(message);
  await contact.getByRole("button", { name: m("contact.submit") }).click();
  await page.waitForURL(/\/messages\/[0-9a-f]{32}$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("contact host without dates: told to select a date, the message kept; signed-out visitors sign in and come back; no form for the host", async ({
  browser,
  javaScriptEnabled,
}) => {
  const scene = await conversationScene();
  const { listingId } = scene;
  const checkIn = isoDaysFromNow(40);
  const checkOut = isoDaysFromNow(42);

  // Signed out: a link to sign in, which comes back to the page with its dates.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/property-details/${listingId}?checkIn=${checkIn}&checkOut=${checkOut}`);
  await expect(visitor.getByTestId("contact-host").locator("textarea")).toHaveCount(0);
  await visitor.getByTestId("contact-sign-in").click();
  await visitor.waitForURL((url) => url.pathname === "/auth");
  await visitor.getByLabel(a("fields.email")).fill(scene.traveler.email);
  await visitor.getByLabel(a("fields.password")).fill(scene.traveler.password);
  await visitor.getByRole("button", { name: a("login.submit") }).click();
  await visitor.waitForURL((url) => url.pathname === `/property-details/${listingId}` && url.searchParams.get("checkIn") === checkIn);
  await expect(visitor.getByTestId("contact-host").locator("input[name=checkOut]")).toHaveValue(checkOut);

  // Without dates: "Select a date before contacting the host", and what was typed is still there.
  const traveler = await logIn(browser, scene.traveler);
  await traveler.goto(`/property-details/${listingId}`);
  if (javaScriptEnabled) await waitForHydration(traveler);
  const contact = traveler.getByTestId("contact-host");
  await contact.getByLabel(m("messageLabel")).fill("Is there parking nearby?");
  await contact.getByRole("button", { name: m("contact.submit") }).click();
  await expect(traveler.getByText(m("errors.selectDates")).first()).toBeVisible();
  await expect(traveler.getByLabel(m("messageLabel"))).toHaveValue("Is there parking nearby?");
  expect(new URL(traveler.url()).pathname).not.toMatch(/\/messages\/[0-9a-f]{32}$/);
  if (!javaScriptEnabled) {
    // Without JavaScript the form went to /messages/new, where the dates can be picked.
    await traveler.getByLabel(m("contact.checkIn")).fill(checkIn);
    await traveler.getByLabel(m("contact.checkOut")).fill(checkOut);
    await traveler.getByRole("button", { name: m("contact.submit") }).click();
    await traveler.waitForURL(/\/messages\/[0-9a-f]{32}$/);
    await expect(traveler.getByTestId("message").filter({ hasText: "Is there parking nearby?" })).toBeVisible();
  }

  // The host does not contact themselves.
  const host = await logIn(browser, scene.host);
  await host.goto(`/property-details/${listingId}`);
  await expect(host.getByTestId("property-page")).toBeVisible();
  await expect(host.getByTestId("contact-host")).toHaveCount(0);
});

test("contact the host with dates, the host replies, the traveler sees it; contact details refused; strangers get 404", async ({
  browser,
  javaScriptEnabled,
}) => {
  const scene = await conversationScene();
  const { listingId } = scene;
  const traveler = await logIn(browser, scene.traveler);
  const uid = await contactHost(traveler, listingId, "Hello, is the place quiet at night?", javaScriptEnabled);
  await expect(traveler.getByTestId("message").filter({ hasText: "Hello, is the place quiet at night?" })).toBeVisible();
  await expect(traveler.getByTestId("reservation-panel")).toContainText(m("reservation.none"));

  // Contact details before a paid reservation: refused with the rule's message.
  if (javaScriptEnabled) await waitForHydration(traveler);
  await traveler.getByTestId("message-input").fill("call me on 98 765 432");
  await sendButton(traveler).click();
  await expect(traveler.getByText(m("errors.illegalContent"))).toBeVisible();
  await expect(traveler.getByTestId("message").filter({ hasText: "98 765 432" })).toHaveCount(0);

  const host = await logIn(browser, scene.host);
  await host.goto("/dashboard/messages");
  const link = host.getByTestId("conversation-link").filter({ has: host.getByTestId("conversation-unseen") });
  await expect(link.first()).toBeVisible();
  // The shell's user menu shows the unseen count too (server-rendered, JavaScript or not).
  await expect(host.getByTestId("nav-unseen")).toBeVisible();
  await host.goto(`/dashboard/messages/${uid}`);
  await expect(host.getByTestId("message").filter({ hasText: "Hello, is the place quiet at night?" })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(host);
  await host.getByTestId("message-input").fill("Very quiet, and the terrace faces the sea.");
  await sendButton(host).click();
  await expect(host.getByTestId("message").filter({ hasText: "Very quiet, and the terrace faces the sea." })).toBeVisible();

  await traveler.goto(`/messages/${uid}`);
  await expect(traveler.getByTestId("message").filter({ hasText: "Very quiet, and the terrace faces the sea." })).toBeVisible();

  const stranger = await logIn(browser, await createUser({ host: true, firstName: "Youssef" }));
  const response = await stranger.goto(`/messages/${uid}`);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByText("Very quiet")).toHaveCount(0);
  const hostSide = await stranger.goto(`/dashboard/messages/${uid}`);
  expect(hostSide?.status()).toBe(404);
});

test("with JavaScript, a message appears on the other side without a reload", async ({ browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "live delivery needs JavaScript");
  const scene = await conversationScene();
  const { listingId } = scene;
  const traveler = await logIn(browser, scene.traveler);
  const uid = await contactHost(traveler, listingId, "Can we arrive late?", true);
  const host = await logIn(browser, scene.host);
  await host.goto(`/dashboard/messages/${uid}`);
  await waitForHydration(host);
  await waitForHydration(traveler);
  await expect(traveler.getByTestId("socket-status")).toHaveAttribute("data-status", "live");
  await expect(host.getByTestId("socket-status")).toHaveAttribute("data-status", "live");
  // A marker on the window: if the page reloaded, it would be gone.
  await traveler.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await installChimeCounter(traveler);

  await host.getByTestId("message-input").fill("Yes, the key box code comes with the booking.");
  await sendButton(host).click();
  await expect(traveler.getByTestId("message").filter({ hasText: "Yes, the key box code comes with the booking." })).toBeVisible();
  expect(await traveler.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  // The incoming message played the notification sound (once).
  await expect.poll(() => traveler.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBe(1);
  // Shown in the open thread, it is seen on the server too: it will not count as unseen on the next load.
  const seenState = () =>
    dbGet<{ seen: number; newest: number }>(
      `SELECT c.traveler_last_read_id AS seen, (SELECT MAX(m.id) FROM messages m WHERE m.conversation_id = c.id) AS newest
         FROM conversations c WHERE c.uid = ?`,
      [uid],
    );
  await expect
    .poll(async () => {
      const row = await seenState();
      return row && row.seen === row.newest;
    })
    .toBe(true);

  // And the other way, with the host on the list page: the unseen badge updates live.
  // (Other journeys may leave the host unseen messages too: the count must grow, this conversation's by one.)
  await host.goto("/dashboard/messages");
  await waitForHydration(host);
  await expect(host.getByTestId("socket-status")).toHaveAttribute("data-status", "live");
  const badge = host.getByTestId("unseen-badge");
  const unseenTotal = async () => ((await badge.isVisible()) ? Number(/\d+/.exec((await badge.textContent()) ?? "")?.[0] ?? 0) : 0);
  const before = await unseenTotal();
  const row = host.locator(`a[data-testid=conversation-link][href$="/${uid}"]`);
  await expect(row.getByTestId("conversation-unseen")).toHaveCount(0);
  await traveler.getByTestId("message-input").fill("Perfect, thank you!");
  await sendButton(traveler).click();
  await expect(traveler.getByTestId("message").filter({ hasText: "Perfect, thank you!" })).toBeVisible();
  await expect(row.getByTestId("conversation-unseen")).toHaveText("1");
  // One's own message makes no sound.
  expect(await traveler.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBe(1);
  await expect(badge).toBeVisible();
  await expect.poll(unseenTotal).toBeGreaterThan(before);
});

test("with JavaScript, a new session's token closes the old socket and registers a new one, without a reload", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the realtime client needs JavaScript");
  const scene = await conversationScene();
  const { listingId } = scene;
  const traveler = await logIn(browser, scene.traveler);
  const uid = await contactHost(traveler, listingId, "Is there parking nearby?", true);
  // The conversation page's own socket opens before the listener below is attached (after the
  // reload it is gone): only the sockets of the reloaded page are followed.
  await waitForHydration(traveler);
  await expect(traveler.getByTestId("socket-status")).toHaveAttribute("data-status", "live");

  // Every socket the page opens, with the token it registered with.
  const sockets: { closed: boolean; tokens: string[] }[] = [];
  traveler.on("websocket", (ws) => {
    if (!ws.url().endsWith("/ws")) return;
    const entry = { closed: false, tokens: [] as string[] };
    sockets.push(entry);
    ws.on("framesent", (frame) => {
      try {
        const data = JSON.parse(String(frame.payload)) as { event?: string; token?: string };
        if (data.event === "register" && data.token) entry.tokens.push(data.token);
      } catch {
        // not JSON: ignore
      }
    });
    ws.on("close", () => (entry.closed = true));
  });
  await traveler.reload();
  await waitForHydration(traveler);
  await expect(traveler.getByTestId("socket-status")).toHaveAttribute("data-status", "live");
  // The socket of the page before the reload may show up too (it can open after the listener is
  // attached): what matters is that every socket so far registered with one and the same token.
  const registered = () => sockets.flatMap((socket) => socket.tokens);
  await expect.poll(() => registered().length).toBeGreaterThan(0);
  expect(new Set(registered()).size).toBe(1);
  const firstToken = registered()[0]!;
  const withFirstToken = () => sockets.filter((socket) => socket.tokens.includes(firstToken));
  await expect.poll(() => withFirstToken().filter((socket) => !socket.closed).length).toBe(1);
  await traveler.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

  // Signing in again (as another tab would) gives this browser a new session, hence a new token.
  const response = await traveler.context().request.post("/auth", {
    form: { email: scene.traveler.email, password: scene.traveler.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);

  // The next client navigation loads the new token: the old socket is closed for good and a new
  // one registers with the new token.
  await traveler.locator(`a[data-testid=conversation-link][href$="/${uid}"]`).click();
  await expect.poll(() => withFirstToken().every((socket) => socket.closed)).toBe(true);
  await expect
    .poll(() => sockets.filter((socket) => !socket.closed && socket.tokens.length > 0 && !socket.tokens.includes(firstToken)).length)
    .toBe(1);
  await expect(traveler.getByTestId("socket-status")).toHaveAttribute("data-status", "live");
  // A socket never registers again under another token: the old one was closed, not reused.
  for (const socket of withFirstToken()) expect(new Set(socket.tokens)).toEqual(new Set([firstToken]));
  expect(await traveler.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
});

test("with JavaScript, leaving the page closes the socket without a reconnect; coming back from the back/forward cache reconnects", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the realtime client needs JavaScript");
  const traveler = await logIn(browser, await createUser());
  await blank(traveler);
  const sockets: { closed: boolean }[] = [];
  traveler.on("websocket", (ws) => {
    if (!ws.url().endsWith("/ws")) return;
    const entry = { closed: false };
    sockets.push(entry);
    ws.on("close", () => (entry.closed = true));
  });
  await traveler.goto("/messages");
  await waitForHydration(traveler);
  await expect(traveler.getByTestId("socket-status")).toHaveAttribute("data-status", "live");
  expect(sockets).toHaveLength(1);

  // The browser fires "pagehide" when the page is left (or put in the back/forward cache).
  await traveler.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true })));
  await expect.poll(() => sockets[0]!.closed).toBe(true);
  // The first reconnect would come within a second (backoff 0.5–1 s): none comes.
  await traveler.waitForTimeout(2_500);
  expect(sockets).toHaveLength(1);

  // Restored from the back/forward cache: connects again.
  await traveler.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })));
  await expect.poll(() => sockets.length).toBe(2);
  await expect(traveler.getByTestId("socket-status")).toHaveAttribute("data-status", "live");
});

test("with JavaScript, the shell holds the signed-in user's socket on every page: on the home page a host's unseen badge grows and the chime plays; visitors get no socket", async ({
  browser,
  javaScriptEnabled,
  request,
}) => {
  test.skip(!javaScriptEnabled, "the realtime connection needs JavaScript");
  const realtimeChunk = /realtime-connection[^/]*\.js/;

  // Signed out: no socket, and the realtime code is not even downloaded.
  const visitor = await (await browser.newContext()).newPage();
  const visitorSockets: string[] = [];
  const visitorScripts: string[] = [];
  visitor.on("websocket", (ws) => visitorSockets.push(ws.url()));
  visitor.on("request", (req) => visitorScripts.push(req.url()));
  await visitor.goto("/");
  await waitForHydration(visitor);
  await visitor.waitForTimeout(1_000);
  expect(visitorSockets).toEqual([]);
  expect(visitorScripts.filter((url) => realtimeChunk.test(url))).toEqual([]);

  // Signed in, on the home page: one socket, registered.
  const scene = await conversationScene();
  const host = await logIn(browser, scene.host);
  await blank(host);
  const sockets: string[] = [];
  const scripts: string[] = [];
  let registered = false;
  host.on("request", (req) => scripts.push(req.url()));
  host.on("websocket", (ws) => {
    if (!ws.url().endsWith("/ws")) return;
    sockets.push(ws.url());
    ws.on("framereceived", (frame) => {
      if (String(frame.payload).includes('"event":"registered"')) registered = true;
    });
  });
  await host.goto("/");
  await waitForHydration(host);
  await expect.poll(() => registered).toBe(true);
  expect(sockets).toHaveLength(1);
  expect(scripts.some((url) => realtimeChunk.test(url))).toBe(true);
  await installChimeCounter(host);
  await host.evaluate(() => ((window as unknown as { marker: number }).marker = 11));

  // The host is this test's own: nothing unseen until the traveler writes, then one.
  const badge = host.getByTestId("nav-unseen");
  const shown = async () => ((await badge.count()) > 0 ? Number(await badge.getAttribute("data-count")) : 0);
  expect(await shown()).toBe(0);
  await travelerWritesThroughApi(request, scene.traveler, scene.listingId, "Hello from the home page test");
  await expect.poll(shown).toBe(1);
  await expect.poll(() => host.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBeGreaterThanOrEqual(1);
  expect(await host.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(11);
  // The small screens' bottom bar (hidden on this wide one) carries the same live count.
  await expect.poll(async () => Number(await host.getByTestId("bottom-unseen").getAttribute("data-count"))).toBe(await shown());
  // The user menu's "Messages" entry carries the same count. Screen readers get "n unread
  // messages" as the description; the names stay "Account menu of …" and "Messages".
  const summary = host.locator(".user-menu > summary");
  await expect(summary).toHaveAccessibleDescription(/\d+/);
  await summary.click();
  const link = host.locator('.user-menu a[href$="/messages"]');
  const entry = link.getByTestId("menu-unseen");
  await expect(entry).toBeVisible();
  expect(Number(await entry.getAttribute("data-count"))).toBe(await shown());
  await expect(link).toHaveAccessibleName(/^\D+$/);
  await expect(link).toHaveAccessibleDescription(/\d+/);
  expect(sockets).toHaveLength(1);
});

test("with JavaScript, a socket the network drops is opened again after a backoff delay and comes back live", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the realtime client needs JavaScript");
  const traveler = await logIn(browser, await createUser());
  await blank(traveler);
  const opened: number[] = [];
  let droppedAt = 0;
  await traveler.routeWebSocket(/\/ws$/, (ws) => {
    opened.push(Date.now());
    const server = ws.connectToServer();
    if (opened.length > 1) return; // later sockets pass through untouched
    server.onMessage((message) => {
      ws.send(message);
      // The first socket is cut once it is live, as a restart or a lost network would.
      if (String(message).includes('"event":"registered"') && !droppedAt) {
        droppedAt = Date.now();
        void ws.close({ code: 1012, reason: "service restart" });
        void server.close();
      }
    });
  });
  await traveler.goto("/messages");
  await waitForHydration(traveler);
  await expect.poll(() => opened.length, { timeout: 15_000 }).toBe(2);
  // Backoff: the first retry waits 0.5–1 s, not at once.
  expect(opened[1]! - droppedAt).toBeGreaterThanOrEqual(450);
  await expect(traveler.getByTestId("socket-status")).toHaveAttribute("data-status", "live");
});

test("with JavaScript, a socket the server closes for an invalid token (4401) is not opened again", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the realtime client needs JavaScript");
  const traveler = await logIn(browser, await createUser());
  await blank(traveler);
  let opened = 0;
  await traveler.routeWebSocket(/\/ws$/, (ws) => {
    opened += 1;
    // The server's answer to a token it does not accept.
    ws.onMessage(() => {
      ws.send(JSON.stringify({ event: "error", message: "Sign in to use messaging." }));
      void ws.close({ code: 4401, reason: "unauthenticated" });
    });
  });
  await traveler.goto("/messages");
  await waitForHydration(traveler);
  await expect(traveler.getByTestId("socket-status")).toHaveAttribute("data-status", "offline");
  // A retry would come within a second (backoff 0.5–1 s): none comes.
  await traveler.waitForTimeout(2_500);
  expect(opened).toBe(1);
});

test("the socket server takes APP_URL's origin behind a proxy that rewrites Host, and refuses other sites", async ({
  javaScriptEnabled,
  baseURL,
}) => {
  test.skip(!javaScriptEnabled, "no browser involved: runs once, in the js-on project");
  const wsUrl = `${baseURL!.replace(/^http/, "ws")}/ws`;
  // The HTTP status of the upgrade: 101 when the socket opens.
  const upgrade = (origin: string, host: string) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(wsUrl, { origin, headers: { Host: host } });
      socket.once("open", () => {
        socket.close();
        resolve(101);
      });
      socket.once("unexpected-response", (req, res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      socket.once("error", reject);
    });
  // APP_URL is the e2e server's own address; the proxy hands the server another Host.
  expect(await upgrade(baseURL!, "darna-app.internal:8080")).toBe(101);
  expect(await upgrade("https://evil.example", "darna-app.internal:8080")).toBe(403);
  expect(await upgrade("https://evil.example", new URL(baseURL!).host)).toBe(403);
});
