import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEMO_SCENES } from "~/services/photos/demo-scenes.server";
import { PHOTO_LIMITS, processPhoto, smallerAvif, variantsColumn } from "~/services/photos/image-pipeline.server";
import { AppError } from "~/utils/app-error";

async function image(format: "jpeg" | "png" | "webp" | "avif", width = 800, height = 600) {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  if (format === "jpeg") return base.jpeg().withMetadata({ exif: { IFD0: { Copyright: "Secret Camera", Artist: "Someone" } } }).toBuffer();
  if (format === "png") return base.png().toBuffer();
  if (format === "webp") return base.webp().toBuffer();
  return base.avif({ effort: 0 }).toBuffer();
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("photo pipeline", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("re-encodes a real %s into WebP variants 320/640/800/1280", async (format) => {
    const processed = await processPhoto(await image(format, 1600, 1200), `photo.${format}`);
    expect(processed.type).toBe(format);
    expect(processed.width).toBe(1280);
    expect(processed.height).toBe(960);
    const widths = [];
    for (const variant of processed.variants.filter((v) => v.format === "webp")) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe("webp");
      widths.push(meta.width);
    }
    expect(widths).toEqual([320, 640, 800, 1280]);
  });

  it("keeps an AVIF beside the WebP of a phone width only where it is smaller, and says so in the column", async () => {
    // Gradients and flat areas (a demo scene): AVIF is far smaller than WebP.
    const scene = await sharp(Buffer.from(DEMO_SCENES["sea-view"]!())).png().toBuffer();
    const flat = await processPhoto(scene, "scene.png");
    const avif = flat.variants.filter((v) => v.format === "avif");
    expect(avif.map((v) => v.width)).toEqual([320, 640, 800]);
    for (const variant of avif) {
      const twin = flat.variants.find((v) => v.format === "webp" && v.width === variant.width)!;
      expect(variant.data.length).toBeLessThan(twin.data.length);
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe("heif");
      expect(meta.width).toBe(variant.width);
    }
    expect(variantsColumn(flat)).toBe("320,640,800,1280,avif:320,avif:640,avif:800");
    // An AVIF no smaller than its WebP twin is not kept.
    expect(await smallerAvif(sharp(scene).resize({ width: 320 }), 10)).toBeNull();
    expect(await smallerAvif(sharp(scene).resize({ width: 320 }), 1_000_000)).not.toBeNull();
  }, 60_000);

  it("strips metadata (EXIF) and never enlarges a smaller photo", async () => {
    const original = await image("jpeg", 700, 500);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const processed = await processPhoto(original, "camera.jpg");
    for (const variant of processed.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.width).toBeLessThanOrEqual(700);
    }
    expect(processed.variants.filter((v) => v.format === "webp").map((v) => v.width)).toEqual([320, 640, 800, 1280]);
    expect(processed.width).toBe(700);
  });

  it("refuses a text file renamed .jpg, by its content", async () => {
    const error = await refusal(processPhoto(Buffer.from("This is a shopping list, not a photo."), "holiday.jpg"));
    expect(error.status).toBe(400);
    expect(error.key).toBe("listing:photos.errors.notAnImage");
    expect(error.values).toMatchObject({ name: "holiday.jpg" });
  });

  it("refuses a file whose first bytes claim JPEG but whose content is not one", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("garbage".repeat(50))]);
    expect((await refusal(processPhoto(fake, "fake.jpg"))).key).toBe("listing:photos.errors.notAnImage");
  });

  it("refuses a GIF (not one of the accepted formats)", async () => {
    const gif = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#fff" } }).gif().toBuffer();
    expect((await refusal(processPhoto(gif, "anim.gif"))).key).toBe("listing:photos.errors.notAnImage");
  });

  it("refuses files over the size limit and images with too many pixels or too small", async () => {
    const big = Buffer.alloc(PHOTO_LIMITS.maxBytes + 1, 0);
    big.set([0xff, 0xd8, 0xff]);
    expect((await refusal(processPhoto(big, "big.jpg"))).key).toBe("listing:photos.errors.tooLarge");
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#000" } }).png({ compressionLevel: 9 }).toBuffer();
    expect((await refusal(processPhoto(huge, "huge.png"))).key).toBe("listing:photos.errors.tooManyPixels");
    expect((await refusal(processPhoto(await image("png", 100, 80), "tiny.png"))).key).toBe("listing:photos.errors.tooSmall");
    expect((await refusal(processPhoto(Buffer.alloc(0), "empty.jpg"))).key).toBe("listing:photos.errors.empty");
  });
});
