import sharp from "sharp";
import { BlogArticle } from "~/db/models/blog-article.server";
import { User } from "~/db/models/user.server";
import { DEMO_ARTICLES, type DemoCover } from "~/db/demo/blog-articles";
import type { Migration } from "~/db/migrator.server";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { VARIANT_WIDTHS } from "~/services/photos/image-pipeline.server";
import { getStorage, type FileStorage } from "~/services/storage/storage.server";

// The demo blog (issue 16 point 2): three articles about travel in Tunisia in English, French
// and Spanish (app/db/demo/blog-articles.ts), published by the demo operator some days before
// the day of seeding, each language's version linked to the others by a translation group.
// Covers are drawn here as SVG and rendered by sharp into the same WebP variants as an upload
// (no network, no binary file in the repository). Idempotent: an article whose language and
// slug exist is skipped, and a cover already on disk is not drawn again.

const W = 1280;
const H = 853;

const COVERS: Record<DemoCover, string> = {
  // Sidi Bou Saïd: white walls, a blue arched door, bougainvillea and the sea beyond.
  medina: `<rect width="${W}" height="${H}" fill="#8fd0f5"/><rect y="520" width="${W}" height="120" fill="#1f6fb2"/>
<rect x="0" y="300" width="520" height="553" fill="#fbfbf7"/><rect x="760" y="260" width="520" height="593" fill="#f4f3ee"/>
<path d="M170 853 L170 560 Q 260 450 350 560 L350 853Z" fill="#1c5fa6"/><circle cx="330" cy="700" r="8" fill="#e6c35c"/>
<rect x="900" y="380" width="120" height="150" fill="#1c5fa6"/><rect x="1100" y="380" width="120" height="150" fill="#1c5fa6"/>
<path d="M880 380 Q 960 330 1040 380Z" fill="#1c5fa6"/><path d="M1080 380 Q 1160 330 1240 380Z" fill="#1c5fa6"/>
<g fill="#d81b60">${Array.from({ length: 36 }, (_, i) => `<circle cx="${20 + ((i * 61) % 480)}" cy="${300 + ((i * 37) % 160)}" r="${14 + (i % 3) * 5}"/>`).join("")}</g>
<g fill="#388e3c">${Array.from({ length: 14 }, (_, i) => `<ellipse cx="${40 + ((i * 83) % 460)}" cy="${320 + ((i * 53) % 140)}" rx="16" ry="7"/>`).join("")}</g>
<path d="M520 853 L520 700 L760 700 L760 853Z" fill="#e9e4d8"/>`,
  // The Grand Erg: dunes under a low sun, a line of camels.
  dunes: `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6b26b"/><stop offset="1" stop-color="#fde6c4"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="930" cy="300" r="90" fill="#fff1c9"/>
<path d="M0 520 Q 300 400 620 520 T 1280 480 L1280 853 L0 853Z" fill="#e0a458"/>
<path d="M0 640 Q 380 520 760 650 T 1280 610 L1280 853 L0 853Z" fill="#d48c3f"/>
<path d="M0 760 Q 420 660 900 770 T 1280 740 L1280 853 L0 853Z" fill="#c27a30"/>
<g fill="#5d3b1c">${[0, 1, 2].map((i) => `<g transform="translate(${360 + i * 120} ${560 - i * 8})"><ellipse cx="0" cy="0" rx="42" ry="20"/><circle cx="-4" cy="-22" r="14"/><rect x="30" y="-40" width="10" height="40"/><circle cx="44" cy="-44" r="10"/><rect x="-30" y="10" width="7" height="40"/><rect x="20" y="10" width="7" height="40"/></g>`).join("")}</g>
<g fill="#2e7d32"><path d="M120 640 C 125 560 118 500 130 440" stroke="#6b4a2b" stroke-width="12" fill="none"/><path d="M130 440 C 80 430 50 450 30 480 C 70 460 100 455 130 448Z"/><path d="M130 440 C 180 420 220 440 240 470 C 200 455 170 450 130 448Z"/><path d="M130 440 C 110 400 80 390 60 395 C 90 405 110 420 128 445Z"/></g>`,
  // Djerba: turquoise sea, a white domed house and palms on the shore.
  island: `<rect width="${W}" height="430" fill="#bfe6fb"/><circle cx="220" cy="150" r="70" fill="#fff3b0"/>
<rect y="430" width="${W}" height="200" fill="#1aa3b8"/><path d="M0 470 Q 320 450 640 470 T 1280 465" stroke="#8ee3ef" stroke-width="6" fill="none"/>
<path d="M0 600 Q 640 560 1280 620 L1280 853 L0 853Z" fill="#f1dcae"/>
<rect x="720" y="470" width="300" height="170" fill="#ffffff"/><path d="M780 470 Q 870 370 960 470Z" fill="#ffffff"/>
<rect x="840" y="540" width="60" height="100" fill="#2a7fc1"/><rect x="760" y="520" width="40" height="40" fill="#2a7fc1"/><rect x="940" y="520" width="40" height="40" fill="#2a7fc1"/>
${[180, 1120].map((x) => `<g transform="translate(${x} 700)"><path d="M0 0 C 10 -120 -10 -220 12 -300" stroke="#6b4a2b" stroke-width="16" fill="none"/><g fill="#2f7d3b"><path d="M12 -300 C -60 -320 -120 -290 -160 -250 C -100 -280 -50 -285 12 -290Z"/><path d="M12 -300 C 80 -330 140 -300 180 -255 C 120 -285 70 -290 12 -290Z"/><path d="M12 -300 C -20 -360 -80 -380 -120 -370 C -70 -350 -30 -330 12 -295Z"/><path d="M12 -300 C 50 -360 110 -380 150 -365 C 100 -350 60 -330 12 -295Z"/></g></g>`).join("")}
<g fill="#f48fb1">${[0, 1, 2, 3].map((i) => `<ellipse cx="${420 + i * 45}" cy="${520 + (i % 2) * 10}" rx="14" ry="9"/><rect x="${418 + i * 45}" y="${528 + (i % 2) * 10}" width="3" height="30"/>`).join("")}</g>`,
};

const coverKey = (cover: DemoCover) => `demo/blog-${cover}`;

async function ensureCover(storage: FileStorage, cover: DemoCover): Promise<void> {
  const key = coverKey(cover);
  if (await storage.get(`${key}-${VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]}.webp`)) return;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${COVERS[cover]}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  for (const width of VARIANT_WIDTHS) {
    const webp = await sharp(data, { raw: info }).resize({ width }).webp({ quality: 72, effort: 2 }).toBuffer();
    await storage.put(`${key}-${width}.webp`, webp, "image/webp");
  }
}

export const seed: Migration = async () => {
  const storage = getStorage();
  const now = new Date();
  const operator = await User.findOne({ where: { email: "operator@demo.darna.tn" } });
  for (const [index, article] of DEMO_ARTICLES.entries()) {
    await ensureCover(storage, article.cover);
    // One group per demo article: its versions find each other (hreflang alternates).
    const translationGroup = `demo-article-${index + 1}`;
    for (const [language, version] of Object.entries(article.versions)) {
      if (await BlogArticle.findOne({ where: { language, slug: version.slug } })) continue;
      if (await BlogArticle.findOne({ where: { translationGroup, language } })) continue;
      await BlogArticle.create({
        language,
        slug: version.slug,
        translationGroup,
        title: version.title,
        summary: version.summary,
        body: version.body,
        coverKey: coverKey(article.cover),
        coverVariants: VARIANT_WIDTHS.join(","),
        coverWidth: W,
        coverHeight: H,
        published: true,
        publishDate: addDays(dateInTunis(now), -article.daysAgo),
        authorId: operator?.id ?? null,
      });
    }
  }
};
