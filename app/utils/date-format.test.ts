// ADR 247: one Intl.DateTimeFormat per language and options, formatting as a new one does.
import { describe, expect, it } from "vitest";
import { dateTimeFormat } from "./date-format";

describe("dateTimeFormat", () => {
  const instant = new Date("2026-03-05T12:34:00Z");

  it("formats as a new Intl.DateTimeFormat of the same language and options", () => {
    for (const language of ["en", "fr", "es"]) {
      for (const options of [
        { month: "long", year: "numeric", timeZone: "UTC" },
        { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Tunis" },
      ] as Intl.DateTimeFormatOptions[]) {
        expect(dateTimeFormat(language, options).format(instant)).toBe(new Intl.DateTimeFormat(language, options).format(instant));
      }
    }
  });

  it("builds one format per language and options, and keeps it", () => {
    const options = { month: "long", year: "numeric", timeZone: "UTC" } as const;
    const first = dateTimeFormat("fr", options);
    expect(dateTimeFormat("fr", { ...options })).toBe(first);
    expect(dateTimeFormat("en", options)).not.toBe(first);
    expect(dateTimeFormat("fr", { ...options, month: "short" })).not.toBe(first);
  });

  it("refuses what Intl refuses", () => {
    expect(() => dateTimeFormat("en", { timeZone: "Not/AZone" })).toThrow(RangeError);
  });
});
