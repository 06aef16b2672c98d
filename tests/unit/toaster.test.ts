import { describe, expect, it } from "vitest";
import { TOAST_DURATION_MS } from "~/components/shell/toaster";

describe("toasts", () => {
  it("close by themselves after 5000 ms (SPEC.md §2, shell and navigation)", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
