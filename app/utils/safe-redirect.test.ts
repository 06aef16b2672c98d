import { describe, expect, it } from "vitest";
import { isLocalPath, safeRedirectPath } from "~/utils/safe-redirect";

describe("isLocalPath", () => {
  it.each([
    ["/", true],
    ["/fr", true],
    ["/fr/accommodation?page=2&sort=price", true],
    ["/search#map", true],
    ["/a/../b", true],
    ["", false],
    ["fr/accommodation", false],
    ["//evil.example", false],
    ["//evil.example/path", false],
    ["/\\evil.example", false],
    ["/\\/evil.example", false],
    ["/path\\with\\backslash", false],
    ["https://evil.example", false],
    ["javascript:alert(1)", false],
    ["/\t/evil.example", false],
    ["/\n/evil.example", false],
    [" /leading-space", false],
    [`/${"a".repeat(2048)}`, false],
    [42, false],
    [null, false],
  ])("%j → %s", (value, expected) => {
    expect(isLocalPath(value)).toBe(expected);
  });
});

describe("safeRedirectPath", () => {
  it("keeps a local path and replaces anything else by the fallback", () => {
    expect(safeRedirectPath("/es/host")).toBe("/es/host");
    expect(safeRedirectPath("//evil.example", "/fr")).toBe("/fr");
    expect(safeRedirectPath(undefined)).toBe("/");
  });
});
