import sharp from "sharp";
import { sniffImageType, type ImageType } from "~/domain/image-type";
import { formatVariants, type PhotoVariants, type VariantFormat } from "~/domain/photo-variants";
import { AppError } from "~/utils/app-error";

/** Limits for one uploaded photo (ADR 041). */
export const PHOTO_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  minWidth: 320,
  minHeight: 200,
} as const;

/** The widths of the WebP variants stored for every photo (800: a phone's full width at DPR ~2; ADR 230). */
export const VARIANT_WIDTHS = [320, 640, 800, 1280] as const;

/**
 * The widths also tried in AVIF (kept only when smaller than the WebP of that width): the phone
 * sizes, where bytes count most; AVIF encoding of the 1280 px one costs seconds of CPU per photo.
 */
export const AVIF_WIDTHS = [320, 640, 800] as const;

export interface ProcessedImage {
  type: ImageType;
  /** Size of the largest variant (after applying the camera's orientation). */
  width: number;
  height: number;
  variants: Array<{ width: number; format: VariantFormat; data: Buffer }>;
}

/** The `variants` column value of a processed image (which widths in which formats were stored). */
export function variantsColumn(image: Pick<ProcessedImage, "variants">): string {
  return formatVariants(variantsOf(image));
}

function variantsOf(image: Pick<ProcessedImage, "variants">): Pick<PhotoVariants, "webp" | "avif"> {
  const widths = (format: VariantFormat) => image.variants.filter((variant) => variant.format === format).map((variant) => variant.width);
  return { webp: widths("webp"), avif: widths("avif") };
}

/** The AVIF of a resized picture when it is smaller than its WebP twin (`webpBytes`), else null. */
export async function smallerAvif(resized: sharp.Sharp, webpBytes: number): Promise<Buffer | null> {
  const avif = await resized.avif({ quality: 50, effort: 2 }).toBuffer();
  return avif.length < webpBytes ? avif : null;
}

/**
 * Encodes one upright picture into the WebP variants, plus the AVIF ones that come out smaller
 * than their WebP twin (flat colours and gradients: often 5–20× smaller; noisy photos: sometimes
 * larger, then only the WebP is kept).
 */
async function encodeVariants(source: () => sharp.Sharp): Promise<ProcessedImage["variants"]> {
  const variants: ProcessedImage["variants"] = [];
  for (const width of VARIANT_WIDTHS) {
    const resized = () => source().resize({ width, withoutEnlargement: true });
    const webp = await resized().webp({ quality: 78, effort: 3 }).toBuffer();
    variants.push({ width, format: "webp", data: webp });
    if ((AVIF_WIDTHS as readonly number[]).includes(width)) {
      const avif = await smallerAvif(resized(), webp.length);
      if (avif) variants.push({ width, format: "avif", data: avif });
    }
  }
  return variants;
}

/** Which sharp formats are the same image as what the first bytes claim. */
const SHARP_FORMATS: Record<ImageType, string[]> = {
  jpeg: ["jpeg"],
  png: ["png"],
  webp: ["webp"],
  avif: ["heif", "avif"],
};

function refuse(key: string, name: string, values: Record<string, unknown> = {}): never {
  throw new AppError(400, `listing:photos.errors.${key}`, { values: { name, ...values }, fields: { photos: `listing:photos.errors.${key}` } });
}

/**
 * Checks that `data` is a real JPEG, PNG, WebP or AVIF within the limits (by its bytes, then by
 * decoding its header with sharp), and re-encodes it into WebP (and smaller AVIF) variants without any metadata
 * (sharp drops EXIF, GPS and ICC profiles unless asked to keep them).
 */
export async function processPhoto(data: Buffer, name: string): Promise<ProcessedImage> {
  if (data.length === 0) refuse("empty", name);
  if (data.length > PHOTO_LIMITS.maxBytes) refuse("tooLarge", name, { maxMb: PHOTO_LIMITS.maxBytes / 1024 / 1024 });
  const type = sniffImageType(data);
  if (!type) refuse("notAnImage", name);

  let metadata: sharp.Metadata;
  try {
    // Reading the header decodes no pixels, so the pixel limit is checked below with a clear message.
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    refuse("notAnImage", name);
  }
  if (!metadata.format || !SHARP_FORMATS[type].includes(metadata.format) || !metadata.width || !metadata.height) {
    refuse("notAnImage", name);
  }
  if (metadata.width * metadata.height > PHOTO_LIMITS.maxPixels) {
    refuse("tooManyPixels", name, { maxMegapixels: PHOTO_LIMITS.maxPixels / 1_000_000 });
  }
  // Orientation 5–8 swaps the sides once the photo is turned upright.
  const swapped = (metadata.orientation ?? 1) >= 5;
  const width = swapped ? metadata.height : metadata.width;
  const height = swapped ? metadata.width : metadata.height;
  if (width < PHOTO_LIMITS.minWidth || height < PHOTO_LIMITS.minHeight) {
    refuse("tooSmall", name, { minWidth: PHOTO_LIMITS.minWidth, minHeight: PHOTO_LIMITS.minHeight });
  }

  try {
    const variants = await encodeVariants(() => sharp(data, { limitInputPixels: PHOTO_LIMITS.maxPixels }).rotate());
    const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!);
    return { type, width: largest, height: Math.round((height * largest) / width), variants };
  } catch {
    // Headers can look right while the pixels are corrupt.
    refuse("notAnImage", name);
  }
}
