import { describe, expect, it } from "vitest";
import { sniffImageType } from "~/domain/image-type";

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("sniffImageType", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "jpeg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), "png"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "webp"],
    ["AVIF (major brand)", bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1miaf"), "avif"],
    ["AVIF (compatible brand)", bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0], "mif1avif"), "avif"],
    ["HEIC is not accepted", bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"), null],
    ["text renamed .jpg", bytes("Hello, I am not a picture at all"), null],
    ["GIF", bytes("GIF89a", [1, 0, 1, 0]), null],
    ["RIFF that is not WebP", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "), null],
    ["empty", bytes(), null],
    ["truncated PNG", bytes([0x89], "PN"), null],
  ])("%s → %s", (_label, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });
});
