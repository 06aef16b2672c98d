// The test clock (ADR 141): honoured only with DARNA_TEST_CLOCK=true, never on a public
// production server (which refuses to start with the flag).
import { afterEach, describe, expect, it } from "vitest";
import { requestNow, TEST_CLOCK_COOKIE } from "~/utils/clock.server";
import { checkEnvironment, EnvError, testClockProblem } from "~/utils/env.server";

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["DARNA_TEST_CLOCK", "NODE_ENV", "APP_URL"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const withCookie = (value: string) => new Request("http://127.0.0.1/dashboard/revenues", { headers: { Cookie: `a=b; ${TEST_CLOCK_COOKIE}=${encodeURIComponent(value)}` } });
const set = "2031-05-26T10:00:00+01:00";

describe("testClockProblem", () => {
  it.each([
    [{}, null],
    [{ DARNA_TEST_CLOCK: "false", NODE_ENV: "production" }, null],
    [{ DARNA_TEST_CLOCK: "true", NODE_ENV: "development" }, null],
    [{ DARNA_TEST_CLOCK: "true", NODE_ENV: "production", APP_URL: "http://127.0.0.1:4123" }, null],
    [{ DARNA_TEST_CLOCK: "true", NODE_ENV: "production", APP_URL: "http://localhost:3000" }, null],
    [{ DARNA_TEST_CLOCK: "true", NODE_ENV: "production" }, /test servers/],
    [{ DARNA_TEST_CLOCK: "true", NODE_ENV: "production", APP_URL: "https://darna.tn" }, /test servers/],
    [{ DARNA_TEST_CLOCK: "true", NODE_ENV: "production", APP_URL: "http://127.0.0.1.darna.tn" }, /test servers/],
  ])("%o → %s", (source, expected) => {
    const problem = testClockProblem(source as Record<string, string>);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it("a public production server with the flag refuses to start", () => {
    expect(() => checkEnvironment({ NODE_ENV: "production", DARNA_TEST_CLOCK: "true", APP_URL: "https://darna.tn", DATA_DIR: "/nonexistent" })).toThrow(EnvError);
    expect(() => checkEnvironment({ NODE_ENV: "production", DARNA_TEST_CLOCK: "yes", DATA_DIR: "/nonexistent" })).toThrow(/DARNA_TEST_CLOCK/);
  });
});

describe("requestNow", () => {
  it("ignores the cookie without the flag", () => {
    delete process.env.DARNA_TEST_CLOCK;
    const before = Date.now();
    expect(requestNow(withCookie(set)).getTime()).toBeGreaterThanOrEqual(before);
  });

  it("ignores the cookie on a production server that is not on loopback, even with the flag", () => {
    Object.assign(process.env, { DARNA_TEST_CLOCK: "true", NODE_ENV: "production", APP_URL: "https://darna.tn" });
    expect(requestNow(withCookie(set)).getTime()).toBeGreaterThan(new Date(set).getTime() - 20 * 365 * 86_400_000);
    expect(requestNow(withCookie(set)).toISOString()).not.toBe(new Date(set).toISOString());
  });

  it("with the flag on a test server: the cookie's instant; a malformed one is the system clock", () => {
    Object.assign(process.env, { DARNA_TEST_CLOCK: "true", NODE_ENV: "production", APP_URL: "http://127.0.0.1:4000" });
    expect(requestNow(withCookie(set)).toISOString()).toBe("2031-05-26T09:00:00.000Z");
    const before = Date.now();
    expect(requestNow(withCookie("next tuesday")).getTime()).toBeGreaterThanOrEqual(before);
    expect(requestNow(new Request("http://127.0.0.1/")).getTime()).toBeGreaterThanOrEqual(before);
  });
});
