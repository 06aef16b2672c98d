import { describe, expect, it } from "vitest";
import { oldestValidVoucherGrant, voucherExpiresAt, voucherState } from "~/domain/vouchers";

describe("vouchers", () => {
  it.each([
    ["2026-03-10T09:00:00.000Z", "2027-03-10T09:00:00.000Z"],
    ["2028-02-29T12:00:00.000Z", "2029-02-28T12:00:00.000Z"],
    ["2026-12-31T23:30:00.000Z", "2027-12-31T23:30:00.000Z"],
  ])("granted %s expires %s (12 months)", (granted, expires) => {
    expect(voucherExpiresAt(new Date(granted)).toISOString()).toBe(expires);
  });

  it("valid grants are those after 12 months before now", () => {
    expect(oldestValidVoucherGrant(new Date("2027-03-10T09:00:00.000Z")).toISOString()).toBe("2026-03-10T09:00:00.000Z");
  });

  it.each([
    ["available", "2026-03-10T09:00:00.000Z", "2027-03-10T08:59:59.000Z", "available"],
    ["available", "2026-03-10T09:00:00.000Z", "2027-03-10T09:00:00.000Z", "expired"],
    ["applied", "2026-03-10T09:00:00.000Z", "2028-01-01T00:00:00.000Z", "applied"],
  ] as const)("%s, granted %s, at %s → %s", (status, granted, now, expected) => {
    expect(voucherState({ status, createdAt: new Date(granted) }, new Date(now))).toBe(expected);
  });
});
