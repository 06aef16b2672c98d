// The stored variants of a photo and the `srcset`s drawn from them (ADR 041, ADR 230).
// The `variants` column lists the WebP widths, then the AVIF ones prefixed "avif:":
// "320,640,800,1280,avif:320,avif:640,avif:800"; a lone "avif:" says AVIF was tried and none came
// out smaller. Older rows hold WebP widths only ("320,640,1280"): AVIF not tried yet. Readers that
// still split on "," and keep the numbers see the WebP widths of either form.

export type VariantFormat = "webp" | "avif";

export interface PhotoVariants {
  webp: number[];
  avif: number[];
  /** Whether AVIF was tried (an "avif:" token): rows written before ADR 230 were not. */
  avifChecked: boolean;
}

/** The smallest variant: what data saver and the no-JavaScript thumbnails send. */
export const SMALLEST_VARIANT_WIDTH = 320;

const AVIF_PREFIX = "avif:";

function widthOf(token: string): number | null {
  const width = Number(token);
  return Number.isInteger(width) && width > 0 ? width : null;
}

export function parseVariants(column: string | null | undefined): PhotoVariants {
  const webp: number[] = [];
  const avif: number[] = [];
  let avifChecked = false;
  for (const raw of (column ?? "").split(",")) {
    const token = raw.trim();
    const isAvif = token.startsWith(AVIF_PREFIX);
    if (isAvif) avifChecked = true;
    const width = widthOf(isAvif ? token.slice(AVIF_PREFIX.length) : token);
    if (width !== null) (isAvif ? avif : webp).push(width);
  }
  const ascending = (a: number, b: number) => a - b;
  return { webp: [...new Set(webp)].sort(ascending), avif: [...new Set(avif)].sort(ascending), avifChecked };
}

export function formatVariants(variants: Pick<PhotoVariants, "webp" | "avif">): string {
  const avif = variants.avif.length > 0 ? variants.avif.map((width) => `${AVIF_PREFIX}${width}`) : [AVIF_PREFIX];
  return [...variants.webp.map(String), ...avif].join(",");
}

export function variantKey(storageKey: string, width: number, format: VariantFormat = "webp"): string {
  return `${storageKey}-${width}.${format}`;
}

/** Every file a photo's variants occupy in the storage. */
export function variantKeys(storageKey: string, variants: PhotoVariants): string[] {
  return [...variants.webp.map((width) => variantKey(storageKey, width)), ...variants.avif.map((width) => variantKey(storageKey, width, "avif"))];
}

export interface ResponsiveSources {
  /** The fallback `src`: the 640 px WebP (or the nearest stored). */
  src: string;
  /** Every WebP width, for `srcset`. */
  srcSet: string;
  /** The AVIF widths (where AVIF was smaller than WebP), for a `<source type="image/avif">`; "" when none. */
  avifSrcSet: string;
}

/** The `src`/`srcset`s of a stored photo, given how the storage turns a key into a URL. */
export function responsiveSources(storageKey: string, variants: PhotoVariants, url: (key: string) => string): ResponsiveSources {
  const widths = variants.webp.length > 0 ? variants.webp : [640];
  const preferred = widths.find((width) => width >= 640) ?? widths[widths.length - 1]!;
  const set = (list: number[], format: VariantFormat) => list.map((width) => `${url(variantKey(storageKey, width, format))} ${width}w`).join(", ");
  return { src: url(variantKey(storageKey, preferred)), srcSet: set(widths, "webp"), avifSrcSet: set(variants.avif, "avif") };
}

/**
 * A `srcset` cut down to the candidates no wider than `maxWidth` (at least the narrowest one):
 * data saver, and the pictures a page without JavaScript would load all at once.
 */
export function limitSrcSet(srcSet: string, maxWidth: number, orNarrowest = true): string {
  const candidates = srcSet
    .split(/,\s+/)
    .map((candidate) => candidate.trim())
    .filter(Boolean)
    .map((candidate) => ({ candidate, width: Number(/\s(\d+)w$/.exec(candidate)?.[1] ?? Number.NaN) }))
    .filter((entry) => Number.isFinite(entry.width))
    .sort((a, b) => a.width - b.width);
  const kept = candidates.filter((entry) => entry.width <= maxWidth);
  return (kept.length > 0 ? kept : orNarrowest ? candidates.slice(0, 1) : []).map((entry) => entry.candidate).join(", ");
}

/** The URL of the narrowest candidate of a `srcset` (the `src` that goes with a limited one). */
export function narrowestSource(srcSet: string): string | null {
  const first = limitSrcSet(srcSet, 0);
  return first ? first.replace(/\s+\d+w$/, "") : null;
}
