import { afterEach, describe, expect, it } from "vitest";
import { applySourceMapSupport } from "./source-maps.server";

const before = process.sourceMapsEnabled;
afterEach(() => process.setSourceMapsEnabled(before));

describe("applySourceMapSupport", () => {
  it("turns Node's source-map support off in production and on in development", () => {
    expect(applySourceMapSupport(true)).toBe(false);
    expect(process.sourceMapsEnabled).toBe(false);
    expect(applySourceMapSupport(false)).toBe(true);
    expect(process.sourceMapsEnabled).toBe(true);
  });
});
