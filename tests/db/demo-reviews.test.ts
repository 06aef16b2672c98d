// The demo history (issue 13 point 6): paid past stays with reviews and replies in the three
// languages; traveler@demo.darna.tn has a completed stay of the last 30 days to review; one host
// sits just above the 4-star line; seeding twice adds nothing.
import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { seed } from "~/db/migrator.server";
import { getSequelize } from "~/db/sequelize.server";
import { reviewWindow } from "~/domain/reviews";
import { hostRating, isHostSuspended } from "~/services/reviews/host-standing.server";

describe("demo reviews", () => {
  it("seeds reviewed, paid past stays in en/fr/es, an unreviewed recent stay for the demo traveler, a host near 4 stars", async () => {
    await seed();
    const sequelize = getSequelize();
    const count = async (sql: string) => Number((await sequelize.query<{ n: number }>(sql, { type: QueryTypes.SELECT }))[0]!.n);
    const reviews = await count("SELECT COUNT(*) AS n FROM reviews");
    expect(reviews).toBeGreaterThanOrEqual(10);
    const languages = await sequelize.query<{ language: string }>("SELECT DISTINCT language FROM reviews", { type: QueryTypes.SELECT });
    expect(languages.map((l) => l.language).sort()).toEqual(["en", "es", "fr"]);
    expect(await count("SELECT COUNT(*) AS n FROM reviews WHERE reply_text IS NOT NULL")).toBeGreaterThan(3);
    // Every demo stay is paid.
    expect(await count("SELECT COUNT(*) AS n FROM reservations r WHERE r.reference LIKE 'DEMOH%' AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.reservation_id = r.id AND p.status = 'success')")).toBe(0);
    // ... and its payment wrote its ledger lines (recordPastStay, as a card payment does).
    expect(await count("SELECT COUNT(*) AS n FROM reservations r WHERE r.reference LIKE 'DEMOH%' AND NOT EXISTS (SELECT 1 FROM ledger_lines l WHERE l.reservation_id = r.id AND l.kind = 'host_earning' AND l.amount = r.host_payout)")).toBe(0);
    // Ratings are written beside the listings (what cards and the rating sort read).
    expect(await count("SELECT COUNT(*) AS n FROM listings WHERE review_count > 0 AND rating IS NOT NULL")).toBeGreaterThan(4);

    const open = await sequelize.query<{ id: number; status: string; check_out: string }>(
      `SELECT r.id, r.status, r.check_out FROM reservations r JOIN users u ON u.id = r.traveler_id
        WHERE u.email = 'traveler@demo.darna.tn' AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.reservation_id = r.id)`,
      { type: QueryTypes.SELECT },
    );
    expect(open.some((r) => reviewWindow({ status: r.status, checkOut: String(r.check_out).slice(0, 10) }, new Date()) === "open")).toBe(true);

    const [leila] = await sequelize.query<{ id: number }>("SELECT id FROM users WHERE email = 'leila@demo.darna.tn'", { type: QueryTypes.SELECT });
    const near = await hostRating(Number(leila!.id));
    expect(near.count).toBeGreaterThanOrEqual(3);
    expect(near.rating!).toBeGreaterThanOrEqual(4);
    expect(near.rating!).toBeLessThan(4.1);
    expect(await isHostSuspended(Number(leila!.id))).toBe(false);

    await seed();
    expect(await count("SELECT COUNT(*) AS n FROM reviews")).toBe(reviews);
  });
});
