import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { icalOf, startIcalServer, type IcalServer } from "../../../tests/support/ical-server";
import { createFeedFetcher, isInternalAddress } from "~/services/calendar-sync/feed-fetcher.server";

let server: IcalServer;
beforeAll(async () => {
  server = await startIcalServer();
});
afterAll(() => server.close());

describe("isInternalAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.20.0.1", true],
    ["192.168.1.10", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["fd12::1", true],
    ["fe80::1", true],
    ["8.8.8.8", false],
    ["41.226.1.1", false],
    ["2a00:1450:4007::1", false],
    ["not-an-ip", true],
  ])("%s → %s", (address, expected) => {
    expect(isInternalAddress(address)).toBe(expected);
  });
});

describe("the feed fetcher", () => {
  const local = createFeedFetcher({ allowPrivate: true, timeoutMs: 500, maxBytes: 64 * 1024 });

  it("reads a calendar", async () => {
    server.set("/ok.ics", { body: icalOf([["2027-01-01", "2027-01-03"]]) });
    const result = await local.fetch(server.url("/ok.ics"));
    expect(result.ok && result.body).toContain("BEGIN:VCALENDAR");
  });

  it.each([
    ["a 500", "/error.ics", { status: 500, body: "oops" }, "httpStatus"],
    ["a 404", "/missing.ics", { status: 404 }, "httpStatus"],
    ["a slow answer", "/slow.ics", { delayMs: 2000, body: "BEGIN:VCALENDAR" }, "timeout"],
    ["an answer over the size cap", "/huge.ics", { bytes: 200 * 1024 }, "tooLarge"],
  ] as const)("%s is refused", async (_, path, answer, error) => {
    server.set(path, answer);
    const result = await local.fetch(server.url(path));
    expect(result).toMatchObject({ ok: false, error });
  });

  it("follows a few redirects, not more", async () => {
    server.set("/r1", { redirectTo: "/r2" });
    server.set("/r2", { redirectTo: "/r3" });
    server.set("/r3", { redirectTo: "/ok.ics" });
    expect((await local.fetch(server.url("/r1"))).ok).toBe(true);
    server.set("/r0", { redirectTo: "/r1" });
    expect(await local.fetch(server.url("/r0"))).toMatchObject({ ok: false, error: "tooManyRedirects" });
  });

  it("refuses other schemes and, unless allowed, loopback and private addresses", async () => {
    const strict = createFeedFetcher({ allowPrivate: false, timeoutMs: 500 });
    for (const url of ["file:///etc/passwd", "ftp://example.com/a.ics", "http://user:pw@example.com/a.ics"]) {
      expect(await strict.fetch(url)).toMatchObject({ ok: false, error: "forbiddenAddress" });
    }
    for (const url of [server.url("/ok.ics"), "http://localhost:9/a.ics", "http://[::1]:9/a.ics", "http://169.254.169.254/latest"]) {
      expect(await strict.fetch(url)).toMatchObject({ ok: false, error: "forbiddenAddress" });
    }
    expect(server.hits("/ok.ics")).toBe(2); // only the allowed fetches above reached it
  });
});
