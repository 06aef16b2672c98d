// An article's cover photo: checked and re-encoded by the photo pipeline (ADR 041) and stored
// like a listing photo, as WebP variants `<key>-<width>.webp`.
import { BlogArticle } from "~/db/models/blog-article.server";
import { parseVariants, responsiveSources, variantKeys } from "~/domain/photo-variants";
import { processPhoto, variantsColumn } from "~/services/photos/image-pipeline.server";
import { storeProcessedImage, type UploadedFile } from "~/services/photos/photo-set.server";
import { getStorage } from "~/services/storage/storage.server";
import { AppError, isAppError } from "~/utils/app-error";

export interface BlogCover {
  src: string;
  srcSet: string;
  avifSrcSet: string;
  width: number;
  height: number;
}

export interface StoredCover {
  coverKey: string;
  coverVariants: string;
  coverWidth: number;
  coverHeight: number;
}

export function coverView(article: Pick<BlogArticle, "coverKey" | "coverVariants" | "coverWidth" | "coverHeight">): BlogCover | null {
  if (!article.coverKey || !article.coverVariants || !article.coverWidth || !article.coverHeight) return null;
  const storage = getStorage();
  return {
    ...responsiveSources(article.coverKey, parseVariants(article.coverVariants), (key) => storage.url(key)),
    width: article.coverWidth,
    height: article.coverHeight,
  };
}

/** Checks the file (AppError 400 with a listing:photos.errors.* key when it is not a usable photo) and stores it. */
export async function storeCover(file: UploadedFile): Promise<StoredCover> {
  let image: Awaited<ReturnType<typeof processPhoto>>;
  try {
    image = await processPhoto(file.data, file.name);
  } catch (error) {
    // The pipeline names the listing form's field; here the message belongs under the cover.
    if (!isAppError(error)) throw error;
    throw new AppError(error.status, error.key, { values: error.values, fields: { cover: error.key } });
  }
  const coverKey = await storeProcessedImage("blog", image);
  return { coverKey, coverVariants: variantsColumn(image), coverWidth: image.width, coverHeight: image.height };
}

/** Removes a cover's files unless another article still shows them (translations may share one). */
export async function removeCoverFiles(cover: { coverKey: string | null; coverVariants: string | null }): Promise<void> {
  if (!cover.coverKey || !cover.coverVariants) return;
  if ((await BlogArticle.count({ where: { coverKey: cover.coverKey } })) > 0) return;
  const storage = getStorage();
  for (const key of variantKeys(cover.coverKey, parseVariants(cover.coverVariants))) await storage.delete(key).catch(() => {});
}
