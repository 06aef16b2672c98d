import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { TOAST_DURATION_MS } from "~/components/shell/toaster";

describe("toasts", () => {
  it("close by themselves after 5000 ms (SPEC.md §2, shell and navigation)", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it("stay under the header, so they never cover its menus (JavaScript off, a toast stays until closed)", () => {
    const css = fs.readFileSync("app/styles/app.css", "utf8");
    const zIndex = (selector: string) => Number(new RegExp(`^\\${selector} \\{[^}]*z-index: (\\d+)`, "m").exec(css)?.[1]);
    expect(zIndex(".site-header")).toBeGreaterThan(0);
    expect(zIndex(".toaster")).toBeLessThan(zIndex(".site-header"));
  });
});
