import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageViewTracker, sendPageView } from "~/components/analytics/page-view-reporter";

describe("createPageViewTracker", () => {
  it("skips the first location, then reports each change of path or query once", () => {
    const reported: string[] = [];
    const track = createPageViewTracker((path) => reported.push(path));
    const visits: Array<[string, string]> = [
      ["/fr", ""], // first load: counted by the server
      ["/fr", ""], // same location again (e.g. a re-render or strict-mode effect)
      ["/fr/accommodation", ""],
      ["/fr/accommodation", "?page=2"],
      ["/fr/accommodation", "?page=2"],
      ["/fr/accommodation", "?page=3"],
      ["/fr", ""],
    ];
    for (const [pathname, search] of visits) track({ pathname, search });
    expect(reported).toEqual(["/fr/accommodation", "/fr/accommodation?page=2", "/fr/accommodation?page=3", "/fr"]);
  });
});

describe("sendPageView", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uses navigator.sendBeacon with the JSON body", () => {
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn();
    vi.stubGlobal("navigator", { sendBeacon });
    vi.stubGlobal("fetch", fetch);
    sendPageView("/es/host?x=1");
    expect(sendBeacon).toHaveBeenCalledWith("/api/v1/analytics/page-view", JSON.stringify({ path: "/es/host?x=1" }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("marks the hydration beacon with its kind (the dashboard's JavaScript-off share, ADR 171)", () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal("navigator", { sendBeacon });
    sendPageView("/fr/accommodation?destination=Sousse", undefined, "hydration");
    expect(sendBeacon).toHaveBeenCalledWith("/api/v1/analytics/page-view", JSON.stringify({ path: "/fr/accommodation?destination=Sousse", kind: "hydration" }));
  });

  it("falls back to a keep-alive fetch when the beacon is refused or missing", () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("navigator", { sendBeacon: () => false });
    sendPageView("/a");
    vi.stubGlobal("navigator", {});
    sendPageView("/b");
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/analytics/page-view");
    expect(init).toMatchObject({ method: "POST", keepalive: true, body: JSON.stringify({ path: "/b" }) });
  });

  it("never throws", () => {
    vi.stubGlobal("navigator", {
      sendBeacon: () => {
        throw new Error("blocked");
      },
    });
    expect(() => sendPageView("/x")).not.toThrow();
  });
});
