import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cancelPreviewKeys } from "~/components/booking/reservation-details";

// Host screens use host wording (issue 12, point 6): the host's cancel preview does not offer the
// host a credit voucher, nor say "You receive" of the traveler's refund.
const read = (language: string) => JSON.parse(fs.readFileSync(`locales/${language}/reservation.json`, "utf8")) as { cancel: Record<string, string> };
const text = (language: string, key: string) => read(language).cancel[key.replace("reservation:cancel.", "")]!;

describe("cancel preview wording", () => {
  it.each(["en", "fr", "es"])("in %s, the host's lines speak of the traveler, the traveler's of themselves", (language) => {
    const host = cancelPreviewKeys("host");
    const traveler = cancelPreviewKeys("traveler");
    expect(text(language, host.net)).not.toBe(text(language, traveler.net));
    expect(text(language, host.voucher)).not.toBe(text(language, traveler.voucher));
  });

  it("in English the host reads of the traveler's refund and voucher", () => {
    expect(text("en", cancelPreviewKeys("host").net)).toBe("The traveler receives");
    expect(text("en", cancelPreviewKeys("host").voucher)).toBe("The traveler also gets a credit voucher");
    expect(text("en", cancelPreviewKeys("traveler").voucher)).toBe("Credit voucher for a later booking");
  });
});
