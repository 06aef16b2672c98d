import { z } from "~/schemas/zod";
import { parseMatriculeFiscal } from "~/domain/matricule-fiscal";

// The company a host acts for (issue 16 point 5): one schema for the form at /dashboard/company
// and its action. The matricule fiscal is read in any common written form and kept normalised.

const text = (max: number) =>
  z
    .string({ error: "receipts:company.errors.required" })
    .trim()
    .min(1, { error: "receipts:company.errors.required" })
    .max(max, { error: "receipts:company.errors.tooLong" });

export const CompanySchema = z.object({
  legalName: text(160),
  taxId: z.string({ error: "receipts:company.errors.required" }).transform((value, context) => {
    if (!value.trim()) {
      context.addIssue({ code: "custom", message: "receipts:company.errors.required" });
      return z.NEVER;
    }
    const parsed = parseMatriculeFiscal(value);
    if (!parsed.ok) {
      context.addIssue({ code: "custom", message: `receipts:company.errors.taxId.${parsed.issue}` });
      return z.NEVER;
    }
    return parsed.value;
  }),
  address: text(255),
});

export type CompanyInput = z.output<typeof CompanySchema>;
