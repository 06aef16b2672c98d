// The operator printed on receipts and invoices (OPERATOR_* in the README): its MF is checked at
// start like a host's, and printed normalised.
import { afterEach, describe, expect, it } from "vitest";
import { checkEnvironment, EnvError } from "~/utils/env.server";
import { operatorIdentity } from "~/services/receipts/document-pages.server";

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["OPERATOR_LEGAL_NAME", "OPERATOR_ADDRESS", "OPERATOR_TAX_ID"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("the operator's identity", () => {
  it("defaults to Darna without a tax identifier", () => {
    delete process.env.OPERATOR_LEGAL_NAME;
    delete process.env.OPERATOR_TAX_ID;
    expect(operatorIdentity()).toMatchObject({ legalName: "Darna", taxId: null });
  });

  it("prints a configured MF normalised; a malformed one stops the start, naming the variable", () => {
    process.env.OPERATOR_LEGAL_NAME = "Darna SARL";
    process.env.OPERATOR_TAX_ID = "1234567a a m 000";
    expect(operatorIdentity()).toMatchObject({ legalName: "Darna SARL", taxId: "1234567A/A/M/000" });
    expect(() => checkEnvironment({ DATA_DIR: "/nonexistent/never-written", OPERATOR_TAX_ID: "12345" })).toThrow(EnvError);
    expect(() => checkEnvironment({ DATA_DIR: "/nonexistent/never-written", OPERATOR_TAX_ID: "12345" })).toThrow(/OPERATOR_TAX_ID/);
  });
});
