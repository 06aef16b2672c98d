import { describe, expect, it } from "vitest";
import { findDelegation, findGovernorate, GOVERNORATES, isInsideTunisia } from "~/domain/tunisia-places";

describe("Tunisia's places", () => {
  it("has the 24 governorates, each once", () => {
    expect(GOVERNORATES).toHaveLength(24);
    expect(new Set(GOVERNORATES.map((g) => g.code)).size).toBe(24);
    expect(new Set(GOVERNORATES.map((g) => g.name)).size).toBe(24);
  });

  it("has about 264 delegations, each governorate with several, unique within it", () => {
    const total = GOVERNORATES.reduce((sum, g) => sum + g.delegations.length, 0);
    expect(total).toBeGreaterThanOrEqual(260);
    expect(total).toBeLessThanOrEqual(270);
    for (const g of GOVERNORATES) {
      expect(g.delegations.length, g.name).toBeGreaterThanOrEqual(5);
      expect(new Set(g.delegations.map((d) => d.name)).size, g.name).toBe(g.delegations.length);
    }
  });

  it("gives every delegation a 4-digit postal code and a position inside Tunisia, near its governorate", () => {
    for (const g of GOVERNORATES) {
      expect(isInsideTunisia(g.lat, g.lng), g.name).toBe(true);
      for (const d of g.delegations) {
        expect(d.postalCode, `${g.name}/${d.name}`).toMatch(/^[1-9]\d{3}$/);
        expect(isInsideTunisia(d.lat, d.lng), `${g.name}/${d.name}`).toBe(true);
        // A delegation lies within ~1.3° of its governorate's seat (catches swapped lat/lng and typos).
        expect(Math.hypot(d.lat - g.lat, d.lng - g.lng), `${g.name}/${d.name}`).toBeLessThan(1.3);
      }
    }
  });

  it("finds governorates by code or name and delegations within them", () => {
    expect(findGovernorate("nabeul")?.name).toBe("Nabeul");
    expect(findGovernorate("Médenine")?.code).toBe("medenine");
    expect(findDelegation("nabeul", "Hammamet")?.postalCode).toBe("8050");
    expect(findDelegation("tunis", "Hammamet")).toBeUndefined();
    expect(isInsideTunisia(48.85, 2.35)).toBe(false);
  });
});
