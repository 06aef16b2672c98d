// ADR 230: photos stored before the 800 px and AVIF variants get them from their largest WebP.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { DEMO_SCENES } from "~/services/photos/demo-scenes.server";
import { photoView } from "~/services/photos/photo-set.server";
import { upgradePhotoVariants } from "~/services/photos/variant-upgrade.server";
import { getStorage } from "~/services/storage/storage.server";
import { createPublicListing } from "../factories/discovery-factories";

async function storeLegacy(storageKey: string) {
  const storage = getStorage();
  const png = await sharp(Buffer.from(DEMO_SCENES.terrace!())).png().toBuffer();
  for (const width of [320, 640, 1280]) {
    await storage.put(`${storageKey}-${width}.webp`, await sharp(png).resize({ width }).webp({ quality: 70 }).toBuffer(), "image/webp");
  }
}

describe("photo variant upgrade", () => {
  it("gives a photo stored as 320/640/1280 WebP the 800 px WebP and the smaller AVIFs, once, for every row showing it", async () => {
    const first = await createPublicListing({ photos: 0 });
    const second = await createPublicListing({ photos: 0 });
    const storageKey = `test/legacy-${first.id}`;
    await storeLegacy(storageKey);
    const row = { storageKey, variants: "320,640,1280", width: 1280, height: 853, position: 0, isCover: true, roomTypeId: null };
    await ListingPhoto.bulkCreate([
      { ...row, listingId: first.id },
      { ...row, listingId: second.id },
    ]);
    // A row whose files are gone is left alone.
    await ListingPhoto.create({ ...row, storageKey: `test/missing-${first.id}`, listingId: first.id, position: 1, isCover: false });

    expect(await upgradePhotoVariants()).toBeGreaterThanOrEqual(1);

    const storage = getStorage();
    const rows = await ListingPhoto.findAll({ where: { storageKey } });
    expect(rows.map((photo) => photo.variants)).toEqual(["320,640,800,1280,avif:320,avif:640,avif:800", "320,640,800,1280,avif:320,avif:640,avif:800"]);
    const webp800 = await storage.get(`${storageKey}-800.webp`);
    expect(webp800).not.toBeNull();
    expect((await sharp(webp800!).metadata()).width).toBe(800);
    for (const width of [320, 640, 800]) {
      const avif = await storage.get(`${storageKey}-${width}.avif`);
      const webp = await storage.get(`${storageKey}-${width}.webp`);
      expect(avif!.length).toBeLessThan(webp!.length);
    }
    const missing = await ListingPhoto.findOne({ where: { storageKey: `test/missing-${first.id}` } });
    expect(missing!.variants).toBe("320,640,1280");

    const view = photoView(rows[0]!);
    expect(view.srcSet).toContain(`${storageKey}-800.webp 800w`);
    expect(view.avifSrcSet).toContain(`${storageKey}-800.avif 800w`);

    // Nothing left to do for this photo: a second run does not draw it again.
    const before = await storage.get(`${storageKey}-800.avif`);
    await storage.put(`${storageKey}-800.avif`, Buffer.from("sentinel"), "image/avif");
    await upgradePhotoVariants();
    expect((await storage.get(`${storageKey}-800.avif`))!.toString()).toBe("sentinel");
    await storage.put(`${storageKey}-800.avif`, before!, "image/avif");
  }, 60_000);
});
