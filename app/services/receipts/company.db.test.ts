import { describe, expect, it } from "vitest";
import { HostCompany } from "~/db/models/host-company.server";
import { User } from "~/db/models/user.server";
import { CompanySchema } from "~/schemas/company";
import { getPublicListing } from "~/services/listings/property-page.server";
import { companyOf, declareCompany, withdrawCompany } from "~/services/receipts/company.server";
import { createBookingUser, createPublicListing } from "../../../tests/factories/booking-factories";

const input = (taxId: string) => CompanySchema.parse({ legalName: "  Dar Zitouna SARL ", taxId, address: "3 rue du Pacha, Tunis" });

describe("a host acting for a company", () => {
  it("declares it (the MF normalised), changes it, withdraws it; the listing's host card shows it meanwhile", async () => {
    const host = await createBookingUser();
    const listing = await createPublicListing({ hostId: host.id });
    await declareCompany(host, input("1234567 a / a / m / 000"));
    expect(await companyOf(host.id)).toEqual({ legalName: "Dar Zitouna SARL", taxId: "1234567A/A/M/000", address: "3 rue du Pacha, Tunis" });
    expect((await getPublicListing(listing.id, "en")).host.company).toEqual({ legalName: "Dar Zitouna SARL", taxId: "1234567A/A/M/000" });

    await declareCompany(host, { ...input("7654321BPM000"), legalName: "Dar Zitouna SA" });
    expect(await HostCompany.count({ where: { userId: host.id } })).toBe(1);
    expect(await companyOf(host.id)).toMatchObject({ legalName: "Dar Zitouna SA", taxId: "7654321B/P/M/000" });

    await withdrawCompany(host);
    expect(await companyOf(host.id)).toBeNull();
    expect((await getPublicListing(listing.id, "en")).host.company).toBeNull();
  });

  it("a user who is not a host (no host mode, no listing) gets 403 and nothing is written", async () => {
    const traveler = await createBookingUser();
    await expect(declareCompany(traveler, input("1234567A/A/M/000"))).rejects.toMatchObject({ status: 403, key: "receipts:company.errors.notHost" });
    await expect(withdrawCompany(traveler)).rejects.toMatchObject({ status: 403 });
    expect(await HostCompany.count({ where: { userId: traveler.id } })).toBe(0);
    // In host mode (no listing yet): allowed.
    await User.update({ hostMode: true }, { where: { id: traveler.id } });
    await expect(declareCompany(traveler, input("1234567A/A/M/000"))).resolves.toMatchObject({ taxId: "1234567A/A/M/000" });
  });

  it("the form's errors are translation keys next to each field", () => {
    const result = CompanySchema.safeParse({ legalName: " ", taxId: "12345", address: "" });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    expect(issues).toEqual({
      legalName: "receipts:company.errors.required",
      taxId: "receipts:company.errors.taxId.format",
      address: "receipts:company.errors.required",
    });
    const establishment = CompanySchema.safeParse({ legalName: "X", taxId: "1234567A/A/E/000", address: "Y" });
    expect(establishment.error!.issues[0]!.message).toBe("receipts:company.errors.taxId.establishment");
  });
});
