// Demo experience money (seeder 63, ADR 183): the demo traveler's paid booking with its ledger
// lines, and a paid booking its partner cancelled, refunded in full; seeding twice adds nothing.
import { describe, expect, it } from "vitest";
import { seed } from "~/db/migrator.server";
import { ExperienceBooking } from "~/db/models/experience.server";
import { LedgerLine } from "~/db/models/ledger-line.server";
import { Refund } from "~/db/models/refund.server";
import { Payment } from "~/db/models/payment.server";
import { User } from "~/db/models/user.server";

describe("demo experience payments", () => {
  it("seeds a confirmed paid booking with its lines and a cancelled, refunded one", async () => {
    await seed();
    await seed();
    const traveler = (await User.findOne({ where: { email: "traveler@demo.darna.tn" } }))!;
    // Seeder 64 adds past, reviewed bookings (no payment: written as confirmed, ADR 184); these are
    // the two paid through the payment flow.
    const paid = new Set((await Payment.findAll({ attributes: ["experienceBookingId"] })).map((payment) => payment.experienceBookingId));
    const bookings = (await ExperienceBooking.findAll({ where: { travelerId: traveler.id }, order: [["id", "ASC"]] })).filter((booking) => paid.has(booking.id));
    expect(bookings.map((booking) => [booking.status, booking.cancelledBy])).toEqual([
      ["confirmed", null],
      ["cancelled", "partner"],
    ]);
    const lines = await LedgerLine.findAll({ where: { experienceBookingId: bookings[0]!.id } });
    expect(lines.map((line) => line.kind).sort()).toEqual(["commission", "partner_earning", "traveler_payment"]);
    const refunds = await Refund.findAll({ where: { experienceBookingId: bookings[1]!.id } });
    expect(refunds.map((refund) => [refund.reason, refund.grossAmount])).toEqual([["host_cancelled", bookings[1]!.total]]);
  });
});
