import { describe, expect, it } from "vitest";
import { parseMatriculeFiscal } from "~/domain/matricule-fiscal";

describe("parseMatriculeFiscal", () => {
  it.each([
    ["1234567A/A/M/000", "1234567A/A/M/000"],
    ["1234567/A/A/M/000", "1234567A/A/M/000"],
    ["1234567AAM000", "1234567A/A/M/000"],
    ["1234567 a a m 000", "1234567A/A/M/000"],
    ["1234567-A-P-M-000", "1234567A/P/M/000"],
    ["  0012345X.B.P.000 ", "0012345X/B/P/000"],
    ["1234567A/M/000", "1234567A/M/000"],
    ["1234567AM000", "1234567A/M/000"],
    ["1234567Z/N/C/000", "1234567Z/N/C/000"],
    ["1234567A/A/E/001", "1234567A/A/E/001"],
    ["1234567A/E/012", "1234567A/E/012"],
  ])("accepts %j as %j", (text, normal) => {
    expect(parseMatriculeFiscal(text)).toEqual({ ok: true, value: normal });
  });

  it.each([
    ["", "format"],
    ["1234567", "format"],
    ["1234567A", "format"],
    ["123456A/A/M/000", "format"],
    ["12345678A/A/M/000", "format"],
    ["1234567A/X/M/000", "format"],
    ["1234567A/A/Q/000", "format"],
    ["1234567A/A/M/00", "format"],
    ["1234567A/A/M/0001", "format"],
    ["12345678/A/M/000", "format"],
    ["1234567A#A#M#000", "format"],
    ["1234567A/A/M/001", "establishment"],
    ["1234567A/A/E/000", "establishment"],
  ])("refuses %j (%s)", (text, issue) => {
    expect(parseMatriculeFiscal(text)).toEqual({ ok: false, issue });
  });
});
