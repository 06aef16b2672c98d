import { describe, expect, it } from "vitest";
import { experienceHoldDeadline, languageList, quoteExperience, textIn, travelerRefund } from "~/domain/experiences";

describe("experience rules", () => {
  it("prices N people with a 10 % commission and the rest to the partner", () => {
    expect(quoteExperience(45_000, 3)).toEqual({ people: 3, pricePerPerson: 45_000, total: 135_000, commission: 13_500, partnerEarning: 121_500 });
    expect(quoteExperience(1_005, 1)).toMatchObject({ total: 1_005, commission: 101, partnerEarning: 904 });
  });

  it("holds places 30 minutes", () => {
    expect(experienceHoldDeadline(new Date("2026-12-01T10:00:00Z")).toISOString()).toBe("2026-12-01T10:30:00.000Z");
  });

  it("refunds a traveler fully until 48 h before the start, nothing after", () => {
    const start = new Date("2026-12-10T09:00:00Z");
    expect(travelerRefund(90_000, start, new Date("2026-12-08T09:00:00Z"))).toBe(90_000);
    expect(travelerRefund(90_000, start, new Date("2026-12-08T09:00:01Z"))).toBe(0);
  });

  it("reads texts per language with an English fallback", () => {
    expect(textIn('{"en":"Pottery","fr":"Poterie"}', "fr")).toBe("Poterie");
    expect(textIn('{"en":"Pottery","fr":"Poterie"}', "es")).toBe("Pottery");
    expect(textIn("not json", "en")).toBe("");
    expect(languageList('["fr","ar"]')).toEqual(["fr", "ar"]);
  });
});
