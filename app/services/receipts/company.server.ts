// The company a host declares acting for (issue 16 point 5): legal name, matricule fiscal
// (normalised by app/schemas/company.ts), address. Shown on the listing's host card and copied
// onto the host's invoices when they are issued (invoices.server.ts).

import { UniqueConstraintError } from "sequelize";
import { HostCompany } from "~/db/models/host-company.server";
import { Listing } from "~/db/models/listing.server";
import { User } from "~/db/models/user.server";
import { CompanySchema, type CompanyInput } from "~/schemas/company";
import { AppError } from "~/utils/app-error";

export interface CompanyView {
  legalName: string;
  taxId: string;
  address: string;
}

function toView(company: HostCompany): CompanyView {
  return { legalName: company.legalName, taxId: company.taxId, address: company.address };
}

export async function companyOf(userId: number): Promise<CompanyView | null> {
  const company = await HostCompany.findOne({ where: { userId } });
  return company ? toView(company) : null;
}

/** A host is a user in host mode or with a listing; anyone else gets 403. */
async function requireHostAccount(actor: { id: number }): Promise<void> {
  const user = await User.findByPk(actor.id, { attributes: ["id", "hostMode"] });
  if (user?.hostMode) return;
  if (user && (await Listing.count({ where: { hostId: user.id } })) > 0) return;
  throw new AppError(403, "receipts:company.errors.notHost", { code: "forbidden" });
}

/** Declares (or changes) the company the host acts for. */
export async function declareCompany(actor: { id: number }, given: CompanyInput, now = new Date()): Promise<CompanyView> {
  await requireHostAccount(actor);
  // The form has parsed it already; parsed again here, so no caller stores an unchecked MF.
  const parsed = CompanySchema.safeParse(given);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    throw new AppError(400, parsed.error.issues[0]!.message, { fields });
  }
  const input = parsed.data;
  const values = { legalName: input.legalName, taxId: input.taxId, address: input.address, updatedAt: now };
  const existing = await HostCompany.findOne({ where: { userId: actor.id } });
  if (existing) return toView(await existing.update(values));
  try {
    return toView(await HostCompany.create({ ...values, userId: actor.id, createdAt: now }));
  } catch (error) {
    // The same host declared at the same instant in another request: change that one.
    if (!(error instanceof UniqueConstraintError)) throw error;
    return toView(await (await HostCompany.findOne({ where: { userId: actor.id } }))!.update(values));
  }
}

/** The host no longer acts for a company; invoices already issued keep what they said. */
export async function withdrawCompany(actor: { id: number }): Promise<void> {
  await requireHostAccount(actor);
  await HostCompany.destroy({ where: { userId: actor.id } });
}
