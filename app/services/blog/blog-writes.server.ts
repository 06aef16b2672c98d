// Operators write the blog (/admin/blog, ADR 144): create, edit, publish and unpublish. A slug is
// unique per language (the database holds it too); a translation joins the group of the article
// it translates, which holds at most one article per language. Each write is an audit row in its
// own transaction (ADR 170).
import crypto from "node:crypto";
import { Op, UniqueConstraintError } from "sequelize";
import { BlogArticle } from "~/db/models/blog-article.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { slugify } from "~/domain/blog";
import type { BlogArticleInput } from "~/schemas/blog";
import { audit } from "~/services/admin/audit.server";
import { removeCoverFiles, storeCover, type StoredCover } from "~/services/blog/blog-covers.server";
import type { UploadedFile } from "~/services/photos/photo-set.server";
import { AppError } from "~/utils/app-error";

function fieldError(status: number, field: string, key: string): AppError {
  return new AppError(status, key, { fields: { [field]: key } });
}

async function translationGroupFor(input: BlogArticleInput, selfId: number | null, currentGroup: string | null): Promise<string> {
  if (!input.translationOf) return currentGroup ?? crypto.randomBytes(16).toString("hex");
  const original = await BlogArticle.findByPk(input.translationOf);
  if (!original || original.id === selfId) throw fieldError(400, "translationOf", "blog:errors.translationOf");
  const taken = await BlogArticle.count({
    where: { translationGroup: original.translationGroup, language: input.language, ...(selfId ? { id: { [Op.ne]: selfId } } : {}) },
  });
  if (taken > 0) throw fieldError(409, "translationOf", "blog:errors.translationTaken");
  return original.translationGroup;
}

async function checkSlug(language: string, slug: string, selfId: number | null): Promise<void> {
  const taken = await BlogArticle.count({ where: { language, slug, ...(selfId ? { id: { [Op.ne]: selfId } } : {}) } });
  if (taken > 0) throw fieldError(409, "slug", "blog:errors.slugTaken");
}

function slugOf(input: BlogArticleInput): string {
  const slug = input.slug || slugify(input.title);
  if (!slug) throw fieldError(400, "slug", "blog:errors.slugNeeded");
  return slug;
}

/** Unique indexes that a concurrent save won: the same answers as the checks above. */
function uniqueAnswer(error: unknown): never {
  if (error instanceof UniqueConstraintError) {
    const translation = error.errors.some((item) => item.path === "translation_group" || item.path === "translationGroup");
    throw translation ? fieldError(409, "translationOf", "blog:errors.translationTaken") : fieldError(409, "slug", "blog:errors.slugTaken");
  }
  throw error;
}

async function withCover<T>(cover: UploadedFile | null, work: (stored: StoredCover | null) => Promise<T>): Promise<T> {
  const stored = cover ? await storeCover(cover) : null;
  try {
    return await work(stored);
  } catch (error) {
    if (stored) await removeCoverFiles(stored);
    throw error;
  }
}

/** A new article (a draft unless `publish`). Returns its id. */
export async function createArticle(authorId: number, input: BlogArticleInput, cover: UploadedFile | null, publish = false): Promise<number> {
  const slug = slugOf(input);
  await checkSlug(input.language, slug, null);
  const translationGroup = await translationGroupFor(input, null, null);
  return withCover(cover, async (stored) => {
    try {
      const article = await writeTransaction(async (transaction) => {
        const created = await BlogArticle.create(
          {
            language: input.language,
            slug,
            translationGroup,
            title: input.title,
            summary: input.summary,
            body: input.body,
            publishDate: input.publishDate,
            published: publish,
            authorId,
            ...(stored ?? {}),
          },
          { transaction },
        );
        await audit(transaction, { operatorId: authorId, kind: "article.create", recordId: created.id, details: { language: input.language, slug } });
        if (publish) await audit(transaction, { operatorId: authorId, kind: "article.publish", recordId: created.id });
        return created;
      });
      return article.id;
    } catch (error) {
      uniqueAnswer(error);
    }
  });
}

async function findArticle(id: number): Promise<BlogArticle> {
  const article = Number.isSafeInteger(id) ? await BlogArticle.findByPk(id) : null;
  if (!article) throw new AppError(404, "blog:errors.notFound");
  return article;
}

/** Saves an edited article; a new cover replaces the old one (whose files go unless shared). */
export async function updateArticle(operatorId: number, id: number, input: BlogArticleInput, cover: UploadedFile | null): Promise<void> {
  const article = await findArticle(id);
  const slug = slugOf(input);
  await checkSlug(input.language, slug, id);
  const translationGroup = await translationGroupFor(input, id, article.translationGroup);
  if (input.language !== article.language && !input.translationOf) {
    // Changing language inside a group must not give the group two articles of one language.
    const taken = await BlogArticle.count({ where: { translationGroup, language: input.language, id: { [Op.ne]: id } } });
    if (taken > 0) throw fieldError(409, "language", "blog:errors.translationTaken");
  }
  const previous = { coverKey: article.coverKey ?? null, coverVariants: article.coverVariants ?? null };
  await withCover(cover, async (stored) => {
    try {
      await writeTransaction(async (transaction) => {
        article.set({
          language: input.language,
          slug,
          translationGroup,
          title: input.title,
          summary: input.summary,
          body: input.body,
          publishDate: input.publishDate,
          ...(stored ?? {}),
        });
        await article.save({ transaction });
        await audit(transaction, { operatorId, kind: "article.update", recordId: id, details: { language: input.language, slug } });
      });
    } catch (error) {
      uniqueAnswer(error);
    }
  });
  if (cover && previous.coverKey && previous.coverKey !== article.coverKey) await removeCoverFiles(previous);
}

/** Publishes (listed from its publish date) or unpublishes (back to a draft) an article; false when there is none. */
export async function setArticlePublished(operator: { id: number }, id: number, published: boolean): Promise<boolean> {
  const article = Number.isSafeInteger(id) ? await BlogArticle.findByPk(id) : null;
  if (!article) return false;
  article.published = published;
  await writeTransaction(async (transaction) => {
    await article.save({ transaction });
    await audit(transaction, { operatorId: operator.id, kind: published ? "article.publish" : "article.unpublish", recordId: id });
  });
  return true;
}
