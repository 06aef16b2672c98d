import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seed } from "~/db/migrator.server";
import { getSequelize } from "~/db/sequelize.server";
import { GOVERNORATES } from "~/domain/tunisia-places";
import { env } from "~/utils/env.server";

async function rows<T>(sql: string): Promise<T[]> {
  const [result] = await getSequelize().query(sql);
  return result as T[];
}

describe("demo catalogue", () => {
  it("seeds at least 60 approved, visible listings across Tunisia, and seeding again adds nothing", async () => {
    const started = Date.now();
    await seed();
    const firstSeedMs = Date.now() - started;
    const count = async () => Number((await rows<{ n: number }>("SELECT COUNT(*) AS n FROM listings"))[0]!.n);
    const afterFirst = await count();
    await seed();
    expect(await count()).toBe(afterFirst);
    expect(Number((await rows<{ n: number }>("SELECT COUNT(*) AS n FROM listing_photos"))[0]!.n)).toBeGreaterThan(0);
    // "A few seconds" on a shared two-core machine; generous bound.
    expect(firstSeedMs).toBeLessThan(60_000);

    const listings = await rows<{
      id: number;
      host_id: number;
      property_type: string;
      city: string;
      governorate: string;
      delegation: string;
      postal_code: string;
      base_price: number;
      description_fr: string;
      description_en: string;
      description_es: string;
      status: string;
      visibility: string;
      moderation_state: string;
      latitude: number;
      longitude: number;
    }>("SELECT * FROM listings");
    const visible = listings.filter((l) => l.status === "visible" && l.visibility === "visible" && l.moderation_state === "approved");
    expect(visible.length).toBeGreaterThanOrEqual(60);
    expect(new Set(visible.map((l) => l.city)).size).toBeGreaterThanOrEqual(12);
    for (const city of ["Tunis", "Sidi Bou Saïd", "La Marsa", "Hammamet", "Nabeul", "Sousse", "Monastir", "Mahdia", "Djerba", "Tozeur", "Tabarka", "Kairouan"]) {
      expect(visible.some((l) => l.city === city), city).toBe(true);
    }
    expect(new Set(visible.map((l) => l.property_type))).toEqual(new Set(["villa", "apartment", "room", "chalet", "hotel", "guesthouse"]));
    expect(new Set(visible.map((l) => l.host_id)).size).toBeGreaterThanOrEqual(3);

    for (const listing of visible) {
      const governorate = GOVERNORATES.find((g) => g.code === listing.governorate);
      expect(governorate?.delegations.some((d) => d.name === listing.delegation && d.postalCode === listing.postal_code), listing.city).toBe(true);
      // Realistic nightly prices in millimes: 30 to 1,000 TND.
      expect(Number.isInteger(Number(listing.base_price))).toBe(true);
      expect(Number(listing.base_price)).toBeGreaterThanOrEqual(30_000);
      expect(Number(listing.base_price)).toBeLessThanOrEqual(1_000_000);
      for (const text of [listing.description_fr, listing.description_en, listing.description_es]) expect(text.length).toBeGreaterThan(80);
      expect(listing.description_fr).not.toBe(listing.description_en);
    }

    const perListing = async (table: string) =>
      new Map(
        (await rows<{ listing_id: number; n: number }>(`SELECT listing_id, COUNT(*) AS n FROM ${table} GROUP BY listing_id`)).map((r) => [
          Number(r.listing_id),
          Number(r.n),
        ]),
      );
    const photos = new Map(
      (await rows<{ listing_id: number; n: number }>("SELECT listing_id, COUNT(*) AS n FROM listing_photos WHERE room_type_id IS NULL GROUP BY listing_id")).map(
        (r) => [Number(r.listing_id), Number(r.n)],
      ),
    );
    const amenities = await perListing("listing_amenities");
    const travelTypes = await perListing("listing_travel_types");
    for (const listing of visible) {
      expect(photos.get(listing.id) ?? 0).toBeGreaterThanOrEqual(5);
      expect(amenities.get(listing.id) ?? 0).toBeGreaterThanOrEqual(1);
      expect(travelTypes.get(listing.id) ?? 0).toBeGreaterThanOrEqual(1);
    }

    const hotels = await rows<{ id: number; n: number }>(
      "SELECT h.id, COUNT(rt.id) AS n FROM hotels h JOIN hotel_room_types rt ON rt.hotel_id = h.id GROUP BY h.id",
    );
    expect(hotels.filter((h) => Number(h.n) >= 2).length).toBeGreaterThanOrEqual(2);
    const guesthouses = await rows<{ id: number; n: number }>(
      "SELECT g.id, COUNT(r.id) AS n FROM guesthouses g JOIN guesthouse_rooms r ON r.guesthouse_id = g.id GROUP BY g.id",
    );
    expect(guesthouses.filter((g) => Number(g.n) >= 2).length).toBeGreaterThanOrEqual(2);

    // Photos are real, small WebP files made at seed time.
    const keys = await rows<{ storage_key: string }>("SELECT DISTINCT storage_key FROM listing_photos");
    for (const { storage_key } of keys) {
      for (const width of [320, 640, 1280]) {
        const file = path.join(env.uploadDir, `${storage_key}-${width}.webp`);
        const data = fs.readFileSync(file);
        expect(data.subarray(8, 12).toString("ascii")).toBe("WEBP");
        expect(data.length).toBeLessThan(200_000);
      }
    }

    const hosts = await rows<{ email: string; email_verified_at: unknown; host_mode: unknown }>(
      "SELECT email, email_verified_at, host_mode FROM users WHERE email LIKE '%@demo.darna.tn' AND id IN (SELECT host_id FROM listings)",
    );
    expect(hosts.map((h) => h.email)).toContain("host@demo.darna.tn");
    for (const host of hosts) {
      expect(host.email_verified_at).not.toBeNull();
      expect(Boolean(Number(host.host_mode))).toBe(true);
    }
  });
});
