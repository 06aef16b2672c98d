import { describe, expect, it } from "vitest";
import { isValidIban, isValidPayoutAccount, isValidTunisianRib, normalizeAccountNumber } from "~/domain/bank-account";

describe("IBAN checksum (mod 97)", () => {
  it.each([
    ["TN5910006035183598478831", true],
    ["TN59 1000 6035 1835 9847 8831", true],
    ["FR1420041010050500013M02606", true],
    ["DE89370400440532013000", true],
    ["GB82WEST12345698765432", true],
    ["tn59-1000-6035-1835-9847-8831", true],
    ["TN5910006035183598478832", false], // one digit changed
    ["TN5810006035183598478831", false], // wrong check digits
    ["DE8937040044053201300", false], // too short for its checksum
    ["1234", false],
    ["", false],
  ])("%s → %s", (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });
});

describe("Tunisian RIB: 20 digits with its key", () => {
  it.each([
    ["10006035183598478831", true],
    ["10 006 0351835984788 31", true],
    ["10006035183598478832", false], // wrong key
    ["20006035183598478831", false], // a digit changed
    ["1000603518359847883", false], // 19 digits
    ["1000603518359847883A", false],
  ])("%s → %s", (rib, valid) => {
    expect(isValidTunisianRib(rib)).toBe(valid);
  });

  it("a valid RIB behind TN59 is a valid IBAN (the key makes the check digits 59)", () => {
    // Account 0000000000123 at bank 01, branch 002: key 97 − (010020000000000123 × 100 mod 97).
    const base = "010020000000000123";
    const key = String(97 - Number((BigInt(base) * 100n) % 97n)).padStart(2, "0");
    expect(isValidTunisianRib(base + key)).toBe(true);
    expect(isValidIban(`TN59${base}${key}`)).toBe(true);
  });
});

describe("payout account", () => {
  it.each([
    ["TN5910006035183598478831", true],
    ["10006035183598478831", true],
    ["FR1420041010050500013M02606", true],
    ["10006035183598478800", false],
    ["not an account", false],
  ])("%s → %s", (account, valid) => {
    expect(isValidPayoutAccount(account)).toBe(valid);
  });

  it("normalizes spaces, dashes and case", () => {
    expect(normalizeAccountNumber(" tn59 1000-6035 ")).toBe("TN5910006035");
  });
});
