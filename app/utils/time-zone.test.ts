import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, isTimeZone, timeZoneFrom } from "./time-zone";

describe("timeZoneFrom", () => {
  it.each([
    ["a signed-in user's zone", { user: { timeZone: "Asia/Tokyo" } }, "Asia/Tokyo"],
    ["a visitor", { user: null }, DEFAULT_TIME_ZONE],
    ["no loader data (error page)", undefined, DEFAULT_TIME_ZONE],
    ["an unknown zone", { user: { timeZone: "Mars/Olympus" } }, DEFAULT_TIME_ZONE],
    ["an empty zone", { user: { timeZone: "" } }, DEFAULT_TIME_ZONE],
  ])("%s", (_what, rootData, expected) => {
    expect(timeZoneFrom(rootData)).toBe(expected);
  });

  it("knows real zones only", () => {
    expect([isTimeZone("Europe/Paris"), isTimeZone("Africa/Tunis"), isTimeZone("Nowhere/Else"), isTimeZone(3)]).toEqual([true, true, false, false]);
  });
});
