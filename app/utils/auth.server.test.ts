import { afterEach, describe, expect, it } from "vitest";
import { afterSignInPath, linkBaseUrl, loginPath, safeRedirect, tokenCookieOptions } from "./auth.server";

describe("the Token cookie", () => {
  it.each([
    ["production", "https://darna.tn", true],
    ["production", "http://darna.example", true],
    ["production", "http://localhost:3000", false],
    ["production", "http://127.0.0.1:4100", false],
    ["development", "https://darna.tn", false],
    ["test", "http://localhost:3000", false],
  ])("NODE_ENV=%s, APP_URL=%s → Secure %s", (nodeEnv, appUrl, secure) => {
    expect(tokenCookieOptions(nodeEnv, appUrl)).toMatchObject({ secure, httpOnly: true, sameSite: "lax", path: "/" });
  });
});

describe("redirects", () => {
  it.each([
    ["/profile", "/profile"],
    ["/fr/dashboard?x=1#y", "/fr/dashboard?x=1#y"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["/a\nb", "/"],
    [null, "/"],
  ])("safeRedirect(%j) → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    ["/fr/profile", "es", "/es/profile"],
    ["/profile", "es", "/profile"],
    ["/en/verify?redirectTo=%2Fx", "fr", "/fr/verify?redirectTo=%2Fx"],
    ["//evil.example", "fr", "/"],
    [undefined, "en", "/"],
  ] as const)("afterSignInPath(%j, %s) → %s", (target, language, expected) => {
    expect(afterSignInPath(target, language)).toBe(expected);
  });

  it.each([
    ["http://x.test/profile/security", "/auth?redirectTo=%2Fprofile%2Fsecurity"],
    ["http://x.test/es/profile?tab=2", "/es/auth?redirectTo=%2Fes%2Fprofile%3Ftab%3D2"],
    ["http://x.test/", "/auth"],
  ])("loginPath(%s) → %s", (url, expected) => {
    expect(loginPath(new Request(url))).toBe(expected);
  });
});

describe("links in e-mails", () => {
  const saved = process.env.APP_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.APP_URL;
    else process.env.APP_URL = saved;
  });

  it.each([
    ["https://darna.tn/auth/forgot-password", "https://darna.tn"],
    ["http://127.0.0.1:4321/auth/signup", "http://127.0.0.1:4321"],
    ["http://localhost:5555/auth/signup", "http://localhost:5555"],
    ["https://evil.example/auth/forgot-password", "https://darna.tn"], // forged Host header
  ])("a request to %s → links on %s", (url, expected) => {
    process.env.APP_URL = "https://darna.tn";
    expect(linkBaseUrl(new Request(url))).toBe(expected);
  });
});
