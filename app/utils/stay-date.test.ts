import { describe, expect, it } from "vitest";
import { formatStayDate, withStayDates } from "~/utils/stay-date";

describe("formatStayDate", () => {
  it.each([
    ["en", "2027-04-01", "Thu, Apr 1, 2027"],
    ["fr", "2027-04-01", "jeu. 1 avr. 2027"],
    ["es", "2027-04-01", "jue, 1 abr 2027"],
  ])("%s writes %s as %s", (language, date, expected) => {
    expect(formatStayDate(language, date)).toBe(expected);
  });

  it("leaves anything that is not a calendar date as given", () => {
    expect(formatStayDate("en", "soon")).toBe("soon");
  });

  it("writes a message's date values, leaving other values alone", () => {
    expect(withStayDates("en", { date: "2027-12-31", count: 3 })).toEqual({ date: "Fri, Dec 31, 2027", count: 3 });
  });
});
