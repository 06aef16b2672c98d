import { describe, expect, it } from "vitest";
import { browseNav, hostMenu, hostingNav, pathInLanguage, showsFooter, userMenu } from "./shell-paths";

describe("showsFooter", () => {
  it.each([
    ["/", true],
    ["/fr", true],
    ["/accommodation", true],
    ["/property-details/12", true],
    ["/establishment-payment", true], // contains "-payment", not "/payment"
    ["/est-reservation-details/3", true],
    ["/dashboard", false],
    ["/fr/dashboard/calendrier/4", false],
    ["/payment", false],
    ["/es/payment", false],
    ["/auth/login", false],
    ["/en/auth", false],
    ["/reservation-details/9", false],
    ["/host/reservation-details/9", false],
  ])("%s → %s", (path, expected) => {
    expect(showsFooter(path)).toBe(expected);
  });
});

describe("pathInLanguage", () => {
  it.each([
    ["/", "", "fr", "/fr"],
    ["/fr", "", "es", "/es"],
    ["/fr/accommodation", "?guests=2", "en", "/en/accommodation?guests=2"],
    ["/accommodation", "?lng=es&guests=2", "fr", "/fr/accommodation?guests=2"],
    ["/es/", "?lng=fr", "en", "/en"],
    ["/auth/login", "?redirectTo=%2Fprofile", "es", "/es/auth/login?redirectTo=%2Fprofile"],
  ] as const)("%s%s in %s → %s", (pathname, search, language, expected) => {
    expect(pathInLanguage(pathname, search, language)).toBe(expected);
  });
});

describe("menus", () => {
  it("name every nav-bar, user-menu and host-menu entry of SPEC.md §2", () => {
    expect([...browseNav, ...hostingNav].map((item) => item.label)).toEqual([
      "nav.accommodation",
      "nav.experiences",
      "nav.owners",
      "nav.friendTrip",
      "nav.blog",
      "nav.card",
      "nav.becomeHost",
      "nav.hostMode",
      "nav.channelManager",
    ]);
    // Experiences lead to the partners' experiences (ADR 020, ADR 182).
    expect(browseNav.find((item) => item.label === "nav.experiences")?.to).toBe("/experiences");
    expect(userMenu).toHaveLength(6); // + Logout, a form
    expect(hostMenu).toHaveLength(7);
    for (const item of [...browseNav, ...hostingNav, ...userMenu, ...hostMenu]) expect(item.to).toMatch(/^\//);
  });
});
