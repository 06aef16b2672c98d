import { limitSrcSet, narrowestSource, SMALLEST_VARIANT_WIDTH } from "~/domain/photo-variants";
import { useDataSaver } from "~/utils/data-saver";

export interface ResponsivePhotoData {
  src: string;
  srcSet: string;
  /** The AVIF variants (where smaller than WebP); absent or "" when none. */
  avifSrcSet?: string;
  width: number;
  height: number;
}

/**
 * A stored photo as `<picture>` (ADR 230): AVIF where it was smaller, WebP otherwise, every width
 * in `srcset` so `sizes` picks the 800 px one on a phone. `priority="high"` is the page's LCP
 * picture (eager, fetchpriority high); "eager" loads at once; "lazy" when scrolled near; "low" is
 * lazy with fetchpriority low: a picture beside the LCP one, on screen at once but loaded after it
 * (Chromium raises an on-screen image to High otherwise, and Lighthouse then counts it on the LCP's
 * path, ADR 245).
 * In data-saver mode only the smallest variant is offered. `smallWithoutScript`: Chromium loads
 * every `loading=lazy` picture at once when scripting is off, so a list of them (search results)
 * offers only the smallest width to a browser without JavaScript (`(scripting: none)`).
 */
export function ResponsivePhoto({
  photo,
  sizes,
  alt,
  priority = "lazy",
  smallWithoutScript = false,
}: {
  photo: ResponsivePhotoData;
  sizes: string;
  alt: string;
  priority?: "high" | "eager" | "lazy" | "low";
  smallWithoutScript?: boolean;
}) {
  const dataSaver = useDataSaver();
  const small = (srcSet: string) => limitSrcSet(srcSet, SMALLEST_VARIANT_WIDTH);
  // AVIF is kept only where it beat WebP: a photo may have none at the smallest width, and then
  // the small offer is WebP alone (never a wider AVIF).
  const smallAvif = (srcSet: string) => limitSrcSet(srcSet, SMALLEST_VARIANT_WIDTH, false);
  const avif = photo.avifSrcSet ?? "";
  const srcSet = dataSaver ? small(photo.srcSet) : photo.srcSet;
  const avifSet = dataSaver && avif ? smallAvif(avif) : avif;
  const src = dataSaver ? (narrowestSource(photo.srcSet) ?? photo.src) : photo.src;
  return (
    <picture>
      {smallWithoutScript && !dataSaver ? (
        <>
          {smallAvif(avif) ? <source media="(scripting: none)" type="image/avif" srcSet={smallAvif(avif)} sizes={sizes} /> : null}
          <source media="(scripting: none)" type="image/webp" srcSet={small(photo.srcSet)} sizes={sizes} />
        </>
      ) : null}
      {avifSet ? <source type="image/avif" srcSet={avifSet} sizes={sizes} /> : null}
      <img
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        loading={priority === "lazy" || priority === "low" ? "lazy" : "eager"}
        // React 18 knows no fetchPriority prop: the lowercase attribute reaches the HTML as is.
        {...(priority === "high" || priority === "low" ? { fetchpriority: priority } : {})}
        decoding={priority === "high" ? undefined : "async"}
        alt={alt}
      />
    </picture>
  );
}
