// Demo photos drawn at seed time: simple SVG scenes (sea, medina, desert, rooms…) rendered by
// sharp into the same WebP variants as real uploads. No network, no binary files in the repo;
// each scene is rendered once and its files are reused by every listing that shows it.
import sharp from "sharp";
import { VARIANT_WIDTHS } from "~/services/photos/image-pipeline.server";
import type { FileStorage } from "~/services/storage/storage.server";

const W = 1280;
const H = 853;

function svg(body: string, defs = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

function sky(id: string, top: string, bottom: string) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

function palm(x: number, y: number, scale = 1): string {
  const s = scale;
  return `<g transform="translate(${x} ${y}) scale(${s})">
<path d="M0 0 C 10 -120 -10 -220 12 -300" stroke="#6b4a2b" stroke-width="16" fill="none"/>
<g fill="#2f7d3b"><path d="M12 -300 C -60 -320 -120 -290 -160 -250 C -100 -280 -50 -285 12 -290Z"/>
<path d="M12 -300 C 80 -330 140 -300 180 -255 C 120 -285 70 -290 12 -290Z"/>
<path d="M12 -300 C -20 -360 -80 -380 -120 -370 C -70 -350 -30 -330 12 -295Z"/>
<path d="M12 -300 C 50 -360 110 -380 150 -365 C 100 -350 60 -330 12 -295Z"/></g></g>`;
}

function windowFrame(x: number, y: number, w: number, h: number, view: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${view}" stroke="#ffffff" stroke-width="14"/>
<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#ffffff" stroke-width="8"/>`;
}

/** The scenes, by name. Each returns the SVG source of one 1280×853 picture. */
export const DEMO_SCENES: Record<string, () => string> = {
  "sea-view": () =>
    svg(
      `<rect width="${W}" height="470" fill="url(#sky)"/><circle cx="990" cy="170" r="70" fill="#ffe08a"/>
<rect y="450" width="${W}" height="190" fill="#1b75b8"/><path d="M0 520 Q 320 500 640 520 T 1280 515" stroke="#5fb1e6" stroke-width="6" fill="none"/>
<path d="M0 630 Q 640 580 1280 650 L1280 853 L0 853Z" fill="#ecd3a0"/>
<g fill="#e2553f"><path d="M300 700 L 380 610 L 460 700Z"/></g><rect x="376" y="700" width="8" height="90" fill="#7b5a3a"/>`,
      sky("sky", "#7cc4f2", "#d8f0ff"),
    ),
  "blue-door": () =>
    svg(
      `<rect width="${W}" height="${H}" fill="#f7f5ef"/><rect y="760" width="${W}" height="93" fill="#d9d2c3"/>
<path d="M480 760 L480 330 Q 640 170 800 330 L800 760Z" fill="#1d5fa8"/>
<g fill="#174d8a">${[0, 1, 2, 3, 4].map((row) => [0, 1, 2].map((col) => `<circle cx="${540 + col * 100}" cy="${400 + row * 75}" r="9"/>`).join("")).join("")}</g>
<path d="M450 330 Q 640 140 830 330" stroke="#1d5fa8" stroke-width="18" fill="none"/>
<g fill="#c2185b">${Array.from({ length: 40 }, (_, i) => `<circle cx="${880 + ((i * 53) % 260)}" cy="${80 + ((i * 97) % 420)}" r="${16 + (i % 4) * 4}"/>`).join("")}</g>
<g fill="#3f8f3f">${Array.from({ length: 16 }, (_, i) => `<ellipse cx="${900 + ((i * 71) % 240)}" cy="${120 + ((i * 61) % 380)}" rx="18" ry="8"/>`).join("")}</g>`,
    ),
  "pool-villa": () =>
    svg(
      `<rect width="${W}" height="420" fill="url(#sky)"/><rect x="160" y="190" width="760" height="330" fill="#fbf7ee"/>
<rect x="130" y="170" width="820" height="30" fill="#e8dfcc"/>
${[0, 1, 2].map((i) => `<path d="M${230 + i * 230} 520 L${230 + i * 230} 330 Q ${300 + i * 230} 260 ${370 + i * 230} 330 L${370 + i * 230} 520Z" fill="#2d6ea3"/>`).join("")}
<rect y="520" width="${W}" height="333" fill="#e9e2d2"/><rect x="220" y="600" width="840" height="180" rx="12" fill="#39b6d8"/>
<path d="M240 650 Q 400 630 560 655 T 1040 650" stroke="#9be3f5" stroke-width="6" fill="none"/>
${palm(1080, 560, 1)}${palm(90, 560, 0.8)}`,
      sky("sky", "#6fb8ec", "#cfeaff"),
    ),
  bedroom: () =>
    svg(
      `<rect width="${W}" height="${H}" fill="#efe6d8"/><rect y="640" width="${W}" height="213" fill="#b98b5e"/>
${windowFrame(860, 150, 280, 300, "#9fd3f5")}
<rect x="220" y="420" width="560" height="260" rx="20" fill="#ffffff"/><rect x="200" y="300" width="600" height="140" rx="18" fill="#8d6e63"/>
<rect x="250" y="380" width="200" height="80" rx="30" fill="#f5f5f5"/><rect x="540" y="380" width="200" height="80" rx="30" fill="#f5f5f5"/>
<rect x="220" y="520" width="560" height="160" rx="10" fill="#2f7d8c"/>
<rect x="60" y="520" width="110" height="160" fill="#a1887f"/><circle cx="115" cy="470" r="40" fill="#ffe08a"/>`,
    ),
  "living-room": () =>
    svg(
      `<rect width="${W}" height="${H}" fill="#f4eee4"/><rect y="650" width="${W}" height="203" fill="#c9a27a"/>
${windowFrame(120, 140, 320, 320, "#a7d8f7")}
<rect x="520" y="450" width="560" height="160" rx="30" fill="#c0563f"/><rect x="500" y="390" width="600" height="90" rx="30" fill="#a94432"/>
<rect x="480" y="450" width="60" height="170" rx="20" fill="#a94432"/><rect x="1060" y="450" width="60" height="170" rx="20" fill="#a94432"/>
<ellipse cx="800" cy="730" rx="330" ry="60" fill="#e8d5b5" stroke="#b0413e" stroke-width="10" stroke-dasharray="30 20"/>
<rect x="1160" y="300" width="10" height="350" fill="#555"/><path d="M1120 300 L1210 300 L1185 230 L1145 230Z" fill="#ffe08a"/>`,
    ),
  kitchen: () =>
    svg(
      `<rect width="${W}" height="${H}" fill="#f7f3ea"/>
<g fill="#ffffff">${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `<rect x="${80 + i * 112}" y="120" width="100" height="170" stroke="#d8cdb9" stroke-width="4"/>`).join("")}</g>
<rect x="60" y="420" width="1160" height="40" fill="#5d4037"/>
<g fill="#2e7d6b">${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `<rect x="${80 + i * 112}" y="470" width="100" height="230"/>`).join("")}</g>
<g fill="#1f5c4f">${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `<rect x="${120 + i * 112}" y="520" width="20" height="6"/>`).join("")}</g>
<g>${Array.from({ length: 24 }, (_, i) => `<rect x="${80 + (i % 12) * 93}" y="${310 + Math.floor(i / 12) * 50}" width="90" height="46" fill="${i % 2 ? "#1d5fa8" : "#f1c232"}"/>`).join("")}</g>
<rect y="720" width="${W}" height="133" fill="#d7ccc8"/>`,
    ),
  terrace: () =>
    svg(
      `<rect width="${W}" height="420" fill="url(#sky)"/><rect y="400" width="${W}" height="120" fill="#2a86c9"/>
<rect y="520" width="${W}" height="333" fill="#e7d9c4"/>
<g stroke="#ffffff" stroke-width="10">${Array.from({ length: 20 }, (_, i) => `<line x1="${i * 68}" y1="430" x2="${i * 68}" y2="540"/>`).join("")}</g>
<rect y="420" width="${W}" height="18" fill="#ffffff"/>
<ellipse cx="640" cy="660" rx="160" ry="40" fill="#ffffff"/><rect x="630" y="660" width="20" height="120" fill="#8d6e63"/>
<rect x="380" y="620" width="90" height="160" rx="10" fill="#1d5fa8"/><rect x="810" y="620" width="90" height="160" rx="10" fill="#1d5fa8"/>
<path d="M520 600 L640 420 L760 600Z" fill="#f4b400" opacity="0.85"/><rect x="636" y="420" width="8" height="240" fill="#6d4c41"/>`,
      sky("sky", "#88c9f0", "#f6e7c8"),
    ),
  desert: () =>
    svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="300" cy="230" r="90" fill="#fff1b8"/>
<path d="M0 560 Q 260 430 520 540 T 1040 520 T 1280 560 L1280 853 L0 853Z" fill="#e3a75b"/>
<path d="M0 680 Q 320 560 700 690 T 1280 660 L1280 853 L0 853Z" fill="#d08c3e"/>
${palm(980, 620, 0.9)}${palm(1120, 640, 0.7)}
<g fill="#5d4037"><ellipse cx="520" cy="700" rx="50" ry="24"/><rect x="480" y="700" width="12" height="50"/><rect x="548" y="700" width="12" height="50"/><path d="M560 690 Q 600 640 610 600" stroke="#5d4037" stroke-width="14" fill="none"/></g>`,
      sky("sky", "#f4a259", "#fde8c8"),
    ),
  oasis: () =>
    svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect y="560" width="${W}" height="293" fill="#d9b27a"/>
<ellipse cx="640" cy="650" rx="360" ry="70" fill="#3aa6c9"/>
${palm(260, 620, 1)}${palm(420, 600, 0.8)}${palm(880, 610, 1.1)}${palm(1040, 630, 0.75)}
<rect x="560" y="420" width="240" height="150" fill="#c98d54"/><path d="M620 570 L620 490 Q 680 450 740 490 L740 570Z" fill="#7b4a25"/>`,
      sky("sky", "#7fc6ee", "#fef1d6"),
    ),
  forest: () =>
    svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>
<path d="M0 520 Q 300 380 620 500 T 1280 470 L1280 853 L0 853Z" fill="#4f8f4a"/>
<g fill="#2e6b34">${Array.from({ length: 18 }, (_, i) => { const x = 40 + i * 72; const y = 520 + (i % 3) * 30; return `<path d="M${x} ${y} L${x + 40} ${y - 160} L${x + 80} ${y}Z"/>`; }).join("")}</g>
<rect x="500" y="560" width="300" height="180" fill="#8d5a35"/><path d="M470 570 L650 440 L830 570Z" fill="#5d3a1f"/>
<rect x="620" y="640" width="60" height="100" fill="#4e2d15"/>${windowFrame(530, 600, 60, 60, "#ffe08a")}${windowFrame(710, 600, 60, 60, "#ffe08a")}
<rect y="740" width="${W}" height="113" fill="#3d7a3a"/>`,
      sky("sky", "#a5d6f0", "#e9f6ff"),
    ),
  medina: () =>
    svg(
      `<rect width="${W}" height="${H}" fill="#efe2c8"/>
${[0, 1, 2, 3, 4].map((i) => `<path d="M${60 + i * 240} 853 L${60 + i * 240} 420 Q ${150 + i * 240} 300 ${240 + i * 240} 420 L${240 + i * 240} 853Z" fill="#d8c4a0"/>
<path d="M${80 + i * 240} 853 L${80 + i * 240} 440 Q ${150 + i * 240} 340 ${220 + i * 240} 440 L${220 + i * 240} 853Z" fill="#8a5a3c"/>`).join("")}
<g>${[0, 1, 2, 3, 4].map((i) => `<line x1="${150 + i * 240}" y1="0" x2="${150 + i * 240}" y2="230" stroke="#5d4037" stroke-width="3"/><path d="M${130 + i * 240} 230 L${170 + i * 240} 230 L${160 + i * 240} 290 L${140 + i * 240} 290Z" fill="#f4b400"/>`).join("")}</g>
<rect y="800" width="${W}" height="53" fill="#b89c74"/>`,
    ),
  "hotel-front": () =>
    svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect x="260" y="120" width="760" height="620" fill="#fdfaf3"/>
<g fill="#6fb3e0">${Array.from({ length: 7 }, (_, row) => Array.from({ length: 8 }, (_, col) => `<rect x="${300 + col * 88}" y="${160 + row * 72}" width="60" height="46"/>`).join("")).join("")}</g>
<rect x="560" y="650" width="160" height="90" fill="#2d6ea3"/><rect x="0" y="740" width="${W}" height="113" fill="#d9cfbd"/>
${palm(170, 760, 1.1)}${palm(1110, 760, 1.1)}`,
      sky("sky", "#5fb0e8", "#dff1ff"),
    ),
  bathroom: () =>
    svg(
      `<rect width="${W}" height="${H}" fill="#ffffff"/>
<g>${Array.from({ length: 12 * 8 }, (_, i) => `<rect x="${(i % 12) * 107}" y="${Math.floor(i / 12) * 107}" width="103" height="103" fill="${(i + Math.floor(i / 12)) % 2 ? "#e3f2f9" : "#cfe8f3"}"/>`).join("")}</g>
<rect x="140" y="470" width="620" height="220" rx="110" fill="#fafafa" stroke="#b0bec5" stroke-width="8"/>
<rect x="900" y="300" width="220" height="300" rx="12" fill="#eceff1" stroke="#90a4ae" stroke-width="6"/>
<ellipse cx="1010" cy="560" rx="80" ry="24" fill="#ffffff"/><rect x="1000" y="230" width="20" height="80" fill="#90a4ae"/>
<rect y="760" width="${W}" height="93" fill="#b0bec5"/>`,
    ),
};

export function sceneStorageKey(name: string): string {
  return `demo/scene-${name}`;
}

/**
 * Renders each scene into WebP variants in the storage, once: a scene whose files already exist
 * is not drawn again (seeding twice is fast and idempotent).
 */
export async function ensureDemoScenes(storage: FileStorage, names: string[] = Object.keys(DEMO_SCENES)): Promise<void> {
  for (const name of names) {
    const key = sceneStorageKey(name);
    const largest = `${key}-${VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]}.webp`;
    if (await storage.get(largest)) continue;
    const { data, info } = await sharp(Buffer.from(DEMO_SCENES[name]!())).raw().toBuffer({ resolveWithObject: true });
    for (const width of VARIANT_WIDTHS) {
      const webp = await sharp(data, { raw: info }).resize({ width }).webp({ quality: 70, effort: 0 }).toBuffer();
      await storage.put(`${key}-${width}.webp`, webp, "image/webp");
    }
  }
}

export const DEMO_SCENE_SIZE = { width: W, height: H } as const;

/**
 * The photo rows that show demo scenes (written with ensureDemoScenes): one per scene in order,
 * the first the cover, with every variant width. The one shape of a demo photo row, for the demo
 * seeders and the test factories alike; the caller adds the owner (`listingId`, `experienceId`…).
 */
export function demoScenePhotoRows(scenes: readonly string[]) {
  return scenes.map((scene, position) => ({
    storageKey: sceneStorageKey(scene),
    variants: VARIANT_WIDTHS.join(","),
    ...DEMO_SCENE_SIZE,
    position,
    isCover: position === 0,
  }));
}
