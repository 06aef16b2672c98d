// The demo claim (issue 14 point 9): one open claim on a host@demo.darna.tn stay that checked in
// within the 24 hours before seeding (so its window is really open), paid and in the ledger, its
// earning withheld; seeding twice adds nothing.
import { describe, expect, it } from "vitest";
import { seed } from "~/db/migrator.server";
import { Claim } from "~/db/models/claim.server";
import { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { isClaimWindowOpen } from "~/domain/claims";
import { Listing } from "~/db/models/listing.server";
import { hostBalancesOf } from "~/services/money/ledger.server";

describe("demo claim", () => {
  it("seeds one open claim on a demo host's stay checked in within the last 24 hours, its earning withheld", async () => {
    await seed();
    const host = (await User.findOne({ where: { email: "host@demo.darna.tn" } }))!;
    const claims = await Claim.findAll({ where: { hostId: host.id, status: "open" } });
    expect(claims).toHaveLength(1);
    const claim = claims[0]!;
    expect(claim).toMatchObject({ kind: "amenity", amenity: "air_conditioning", openReservationId: claim.reservationId });
    const stay = (await Reservation.findByPk(claim.reservationId))!;
    const listing = (await Listing.findByPk(stay.listingId))!;
    expect(stay.status).toBe("confirmed");
    expect(isClaimWindowOpen(stay.checkIn, listing.checkInTime, new Date())).toBe(true);
    expect(claim.affectedNights).toBe(stay.checkIn);
    expect((await hostBalancesOf(host.id, new Date())).withheld).toBeGreaterThanOrEqual(stay.hostPayout);

    await seed();
    expect(await Claim.count({ where: { hostId: host.id } })).toBe(1);
  });
});
