import { describe, expect, it } from "vitest";
import { formatVariants, limitSrcSet, narrowestSource, parseVariants, responsiveSources, variantKeys } from "~/domain/photo-variants";

describe("photo variants column", () => {
  it.each([
    ["320,640,1280", { webp: [320, 640, 1280], avif: [], avifChecked: false }],
    ["320,640,800,1280,avif:", { webp: [320, 640, 800, 1280], avif: [], avifChecked: true }],
    ["1280,320,640,800,avif:800,avif:320", { webp: [320, 640, 800, 1280], avif: [320, 800], avifChecked: true }],
    ["", { webp: [], avif: [], avifChecked: false }],
    ["320, x, -4, 640", { webp: [320, 640], avif: [], avifChecked: false }],
  ])("reads %j", (column, expected) => {
    expect(parseVariants(column)).toEqual(expected);
  });

  it("writes what it reads, with a lone avif: when AVIF was tried and none kept", () => {
    expect(formatVariants({ webp: [320, 640, 800, 1280], avif: [320, 640] })).toBe("320,640,800,1280,avif:320,avif:640");
    expect(formatVariants({ webp: [320, 640, 800, 1280], avif: [] })).toBe("320,640,800,1280,avif:");
    expect(parseVariants(formatVariants({ webp: [320, 800], avif: [320] }))).toEqual({ webp: [320, 800], avif: [320], avifChecked: true });
  });

  it("an older reader that keeps the numbers sees the WebP widths only", () => {
    expect("320,640,800,1280,avif:320,avif:".split(",").map(Number).filter(Boolean)).toEqual([320, 640, 800, 1280]);
  });

  it("names every file, WebP and AVIF", () => {
    expect(variantKeys("k", parseVariants("320,800,avif:320"))).toEqual(["k-320.webp", "k-800.webp", "k-320.avif"]);
  });
});

describe("responsive sources", () => {
  const url = (key: string) => `/uploads/${key}`;
  it("srcset of every WebP width, the 640 as src, the AVIF srcset apart", () => {
    expect(responsiveSources("p/1", parseVariants("320,640,800,1280,avif:320,avif:800"), url)).toEqual({
      src: "/uploads/p/1-640.webp",
      srcSet: "/uploads/p/1-320.webp 320w, /uploads/p/1-640.webp 640w, /uploads/p/1-800.webp 800w, /uploads/p/1-1280.webp 1280w",
      avifSrcSet: "/uploads/p/1-320.avif 320w, /uploads/p/1-800.avif 800w",
    });
    expect(responsiveSources("p/2", parseVariants("320,640,1280"), url).avifSrcSet).toBe("");
  });

  it.each([
    ["a 320w, b 640w, c 800w, d 1280w", 320, "a 320w"],
    ["a 320w, b 640w, c 800w, d 1280w", 800, "a 320w, b 640w, c 800w"],
    ["c 800w, a 320w", 320, "a 320w"],
    ["b 640w, d 1280w", 320, "b 640w"],
    ["", 320, ""],
  ])("limits %j to %i px", (srcSet, max, expected) => {
    expect(limitSrcSet(srcSet, max)).toBe(expected);
  });

  it("without the fallback, a srcset with nothing narrow enough offers nothing (an AVIF set kept only at 640 px)", () => {
    expect(limitSrcSet("b 640w, d 1280w", 320, false)).toBe("");
    expect(limitSrcSet("a 320w, b 640w", 320, false)).toBe("a 320w");
  });

  it("the narrowest source's URL", () => {
    expect(narrowestSource("/u/b-640.webp 640w, /u/a-320.webp 320w")).toBe("/u/a-320.webp");
    expect(narrowestSource("")).toBeNull();
  });
});
