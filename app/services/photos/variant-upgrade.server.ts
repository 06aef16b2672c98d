// Photos stored before ADR 230 (WebP 320/640/1280, no AVIF) get the 800 px WebP and the AVIF
// variants that are smaller, drawn from their largest stored WebP. A job enqueued at every start
// (the demo photos of an existing database, anything restored from an older backup); a photo
// already upgraded is skipped by its `variants` column, so a start with nothing to do costs four
// small queries. Until a photo is upgraded its rows name only the files it has: no broken image.
import sharp from "sharp";
import { Op } from "sequelize";
import { BlogArticle } from "~/db/models/blog-article.server";
import { ClaimPhoto } from "~/db/models/claim-photo.server";
import { ExperiencePhoto } from "~/db/models/experience-photo.server";
import { ListingPhoto } from "~/db/models/listing-photo.server";
import { formatVariants, parseVariants, variantKey } from "~/domain/photo-variants";
import { AVIF_WIDTHS, smallerAvif, VARIANT_WIDTHS } from "~/services/photos/image-pipeline.server";
import { enqueueJob, registerJobHandler } from "~/services/jobs/jobs.server";
import { getStorage, type FileStorage } from "~/services/storage/storage.server";

export const UPGRADE_VARIANTS_JOB = "photos.upgrade-variants";

/** Whether a `variants` column already holds every width of ADR 230 and AVIF was tried. */
export function isUpToDate(column: string | null): boolean {
  const variants = parseVariants(column);
  return variants.avifChecked && VARIANT_WIDTHS.every((width) => variants.webp.includes(width));
}

/**
 * Writes the missing variants of one stored photo; returns its new `variants` column, or null
 * when none of its WebP files can be read (left as it is).
 */
export async function upgradeStoredPhoto(storageKey: string, column: string, storage: FileStorage = getStorage()): Promise<string | null> {
  const stored = parseVariants(column);
  let source: Buffer | null = null;
  for (const width of [...stored.webp].reverse()) {
    source = await storage.get(variantKey(storageKey, width));
    if (source) break;
  }
  if (!source) return null;
  const avif: number[] = [];
  for (const width of VARIANT_WIDTHS) {
    const resized = () => sharp(source).resize({ width, withoutEnlargement: true });
    let webp = stored.webp.includes(width) ? await storage.get(variantKey(storageKey, width)) : null;
    if (!webp) {
      webp = await resized().webp({ quality: 78, effort: 3 }).toBuffer();
      await storage.put(variantKey(storageKey, width), webp, "image/webp");
    }
    if (!(AVIF_WIDTHS as readonly number[]).includes(width)) continue;
    const smaller = await smallerAvif(resized(), webp.length);
    if (!smaller) continue;
    await storage.put(variantKey(storageKey, width, "avif"), smaller, "image/avif");
    avif.push(width);
  }
  return formatVariants({ webp: [...VARIANT_WIDTHS], avif });
}

/** Upgrades every stored photo (listings, room types, experiences, claims, blog covers); returns how many files sets were upgraded. */
export async function upgradePhotoVariants(storage: FileStorage = getStorage()): Promise<number> {
  const old = { [Op.or]: [{ [Op.notLike]: "%avif:%" }, { [Op.notLike]: "%800%" }] };
  const rows = [
    ...(await ListingPhoto.findAll({ attributes: ["storageKey", "variants"], where: { variants: old } })),
    ...(await ExperiencePhoto.findAll({ attributes: ["storageKey", "variants"], where: { variants: old } })),
    ...(await ClaimPhoto.findAll({ attributes: ["storageKey", "variants"], where: { variants: old } })),
    ...(await BlogArticle.findAll({ attributes: ["coverKey", "coverVariants"], where: { coverKey: { [Op.ne]: null }, coverVariants: old } })).map(
      (article) => ({ storageKey: article.coverKey!, variants: article.coverVariants! }),
    ),
  ];
  // Demo scenes are shared by many rows: each file set is drawn once.
  const byKey = new Map<string, string>();
  for (const row of rows) if (!isUpToDate(row.variants) && !byKey.has(row.storageKey)) byKey.set(row.storageKey, row.variants);
  let upgraded = 0;
  for (const [storageKey, column] of byKey) {
    const next = await upgradeStoredPhoto(storageKey, column, storage);
    if (!next) continue;
    await ListingPhoto.update({ variants: next }, { where: { storageKey } });
    await ExperiencePhoto.update({ variants: next }, { where: { storageKey } });
    await ClaimPhoto.update({ variants: next }, { where: { storageKey } });
    await BlogArticle.update({ coverVariants: next }, { where: { coverKey: storageKey } });
    upgraded += 1;
  }
  return upgraded;
}

/** Enqueued at every start of the job runner (several instances may both run it: it is idempotent). */
export async function scheduleVariantUpgrade(): Promise<void> {
  await enqueueJob(UPGRADE_VARIANTS_JOB, {});
}

registerJobHandler(UPGRADE_VARIANTS_JOB, async () => {
  const upgraded = await upgradePhotoVariants();
  if (upgraded > 0) console.log(`photos: ${upgraded} stored photo(s) given the 800 px and AVIF variants (ADR 230)`);
});
