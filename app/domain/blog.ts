// Blog rules without I/O (ADR 144): slugs, sizes, how an article is addressed.

export const BLOG_TITLE_MAX = 200;
export const BLOG_SUMMARY_MAX = 500;
export const BLOG_BODY_MAX = 50_000;
export const BLOG_SLUG_MAX = 120;
/** Articles per page of /blog. */
export const BLOG_PAGE_SIZE = 9;

/** Lowercase letters, digits and single hyphens, with at least one letter (so it is never an id). */
const SLUG = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string): boolean {
  return value.length <= BLOG_SLUG_MAX && SLUG.test(value);
}

/** "Douz, porte du désert !" → "douz-porte-du-desert"; "" when nothing usable is left. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BLOG_SLUG_MAX)
    .replace(/-+$/g, "");
  return isSlug(slug) ? slug : "";
}

/** /blog/{id-or-slug}: digits are an id, anything else a slug. */
export function parseArticleRef(value: string | undefined): { id: number } | { slug: string } | null {
  if (!value) return null;
  if (/^[1-9]\d{0,9}$/.test(value)) return { id: Number(value) };
  return isSlug(value) ? { slug: value } : null;
}
