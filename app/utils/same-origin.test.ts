import { describe, expect, it } from "vitest";
import { forwardedHostForAllowedOrigin, isRequestFromAllowedOrigin, originMatchesHost } from "~/utils/same-origin";

describe("isRequestFromAllowedOrigin", () => {
  const host = "darna.tn";
  it.each([
    ["GET from anywhere", { method: "GET", origin: "https://evil.example" }, true],
    ["HEAD from anywhere", { method: "HEAD", origin: "https://evil.example" }, true],
    ["POST from our own page", { method: "POST", origin: "https://darna.tn" }, true],
    ["POST from another site", { method: "POST", origin: "https://evil.example" }, false],
    ["POST from a look-alike host", { method: "POST", origin: "https://darna.tn.evil.example" }, false],
    ["POST from our host on another port", { method: "POST", origin: "https://darna.tn:8443" }, false],
    ["POST with an opaque origin", { method: "POST", origin: "null" }, false],
    ["POST with an opaque origin from another site", { method: "POST", origin: "null", secFetchSite: "cross-site" }, false],
    ["POST with an opaque origin from our own page (no-referrer policy)", { method: "POST", origin: "null", secFetchSite: "same-origin" }, true],
    ["DELETE from another site", { method: "DELETE", origin: "http://evil.example" }, false],
    ["POST from a program (no Origin, no Sec-Fetch-Site)", { method: "POST", origin: undefined }, true],
    ["POST without Origin but marked cross-site", { method: "POST", origin: undefined, secFetchSite: "cross-site" }, false],
    ["POST without Origin, same-origin fetch", { method: "POST", origin: undefined, secFetchSite: "same-origin" }, true],
    ["POST from an allowed extra origin", { method: "POST", origin: "https://www.darna.tn", allowedOrigins: ["https://www.darna.tn"] }, true],
  ])("%s", (_name, input, expected) => {
    expect(isRequestFromAllowedOrigin({ host, ...input })).toBe(expected);
  });
});

describe("originMatchesHost", () => {
  it("compares host and port", () => {
    expect(originMatchesHost("http://127.0.0.1:4000", "127.0.0.1:4000")).toBe(true);
    expect(originMatchesHost("http://127.0.0.1:4001", "127.0.0.1:4000")).toBe(false);
    expect(originMatchesHost("not a url", "127.0.0.1:4000")).toBe(false);
    expect(originMatchesHost("http://x", undefined)).toBe(false);
  });
});

describe("forwardedHostForAllowedOrigin", () => {
  const allowedOrigins = ["https://darna.tn"];
  it.each([
    ["a form post through a proxy that rewrote Host", { method: "POST", host: "app-a:3000", origin: "https://darna.tn", forwardedHost: undefined }, "darna.tn"],
    ["Host kept by the proxy", { method: "POST", host: "darna.tn", origin: "https://darna.tn", forwardedHost: undefined }, null],
    ["the proxy sends X-Forwarded-Host itself", { method: "POST", host: "app-a:3000", origin: "https://darna.tn", forwardedHost: "darna.tn" }, null],
    ["an origin that is not APP_URL's", { method: "POST", host: "app-a:3000", origin: "https://evil.example", forwardedHost: undefined }, null],
    ["a read", { method: "GET", host: "app-a:3000", origin: "https://darna.tn", forwardedHost: undefined }, null],
    ["no Origin (a program)", { method: "POST", host: "app-a:3000", origin: undefined, forwardedHost: undefined }, null],
  ])("%s", (_name, input, expected) => {
    expect(forwardedHostForAllowedOrigin({ ...input, allowedOrigins })).toBe(expected);
  });
});
