// The article form's post (/admin/blog/new and /admin/blog/{id}): a multipart body with the text
// fields and at most one cover photo. Bad input is answered next to its field (status 400/409),
// never as a 500; success gives the article's id.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlogArticleSchema } from "~/schemas/blog";
import { createArticle, updateArticle } from "~/services/blog/blog-writes.server";
import { PHOTO_LIMITS } from "~/services/photos/image-pipeline.server";
import type { UploadedFile } from "~/services/photos/photo-set.server";
import { isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import { readMultipart } from "~/utils/multipart.server";

export interface ArticleFormAnswer {
  reply: SubmissionResult<string[]>;
  /** Values of the cover's message ({{name}}, {{maxMb}} …). */
  values: Record<string, string>;
}

export type ArticlePostOutcome = { ok: true; id: number; intent: string } | { ok: false; status: number; answer: ArticleFormAnswer };

async function readPost(request: Request): Promise<{ formData: FormData; cover: UploadedFile | null; coverError: { key: string; values: Record<string, string> } | null }> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return { formData: await readFormData(request), cover: null, coverError: null };
  }
  const upload = await readMultipart(request, { fileField: "cover", maxFileBytes: PHOTO_LIMITS.maxBytes, maxFiles: 1 });
  const maxMb = String(PHOTO_LIMITS.maxBytes / 1024 / 1024);
  const coverError: { key: string; values: Record<string, string> } | null = upload.tooLarge.length
    ? { key: "listing:photos.errors.tooLarge", values: { name: upload.tooLarge[0]!, maxMb } }
    : upload.tooMany
      ? { key: "listing:photos.errors.tooManyFiles", values: { max: "1" } }
      : null;
  return { formData: upload.formData, cover: upload.files[0] ?? null, coverError };
}

/** Saves a new article (articleId null) or an edited one, by the operator `authorId` (audited). `intent` "publish" also publishes a new one. */
export async function saveArticleForm(request: Request, authorId: number, articleId: number | null): Promise<ArticlePostOutcome> {
  const { formData, cover, coverError } = await readPost(request);
  const submission = parseWithZod(formData, { schema: BlogArticleSchema });
  const intent = String(formData.get("intent") ?? "save");
  if (submission.status !== "success" || coverError) {
    const reply = submission.reply(coverError ? { fieldErrors: { cover: [coverError.key] } } : undefined);
    return { ok: false, status: 400, answer: { reply, values: coverError?.values ?? {} } };
  }
  try {
    if (articleId === null) {
      return { ok: true, id: await createArticle(authorId, submission.value, cover, intent === "publish"), intent };
    }
    await updateArticle(authorId, articleId, submission.value, cover);
    return { ok: true, id: articleId, intent };
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The article was deleted meanwhile: the page's own 404.
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    const fields = error.fields ?? { cover: error.key };
    const fieldErrors = Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, [key]]));
    const values = Object.fromEntries(Object.entries(error.values ?? {}).map(([name, value]) => [name, String(value)]));
    return { ok: false, status: error.status, answer: { reply: submission.reply({ fieldErrors }), values } };
  }
}
