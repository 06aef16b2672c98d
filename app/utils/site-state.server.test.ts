import { describe, expect, it } from "vitest";
import { currentDataVersion } from "~/db/data-version.server";
import { isDemoMode, markSiteReady } from "~/utils/site-state.server";

// The demo ribbon is on every page: pages the document cache kept before the site learnt its mode
// are not served after (ADR 244).
describe("markSiteReady", () => {
  it("moves the data version", () => {
    const before = currentDataVersion();
    markSiteReady({ demo: true });
    expect(isDemoMode()).toBe(true);
    expect(currentDataVersion()).toBe(before + 1);
  });
});
