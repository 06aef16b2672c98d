// Recognises an uploaded image by its first bytes (magic numbers), never by its name or the
// browser's content type: a text file renamed .jpg is not a JPEG.
export type ImageType = "jpeg" | "png" | "webp" | "avif";

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  // ISO-BMFF: [size][ftyp][major brand][minor version][compatible brands…]
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === "ftyp") {
    const boxSize = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
    const brands = [ascii(bytes, 8, 4)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}
