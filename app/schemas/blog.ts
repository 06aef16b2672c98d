import { z } from "~/schemas/zod";
import { isIsoDate } from "~/domain/stay-dates";
import { BLOG_BODY_MAX, BLOG_SUMMARY_MAX, BLOG_TITLE_MAX, isSlug } from "~/domain/blog";
import { supportedLanguages } from "~/utils/i18n";

// The operators' article form (/admin/blog, issue 16 point 2). The cover photo travels in the
// same multipart post (field "cover") and is checked by the photo pipeline, not here.
// Every message is a key of the `blog` namespace.

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

export const BlogArticleSchema = z.object({
  language: z.enum(supportedLanguages, { error: "blog:errors.language" }),
  title: text(BLOG_TITLE_MAX, "blog:errors.titleRequired", "blog:errors.titleTooLong"),
  /** Empty: made from the title. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((value) => !value || isSlug(value), { error: "blog:errors.slug" }),
  summary: text(BLOG_SUMMARY_MAX, "blog:errors.summaryRequired", "blog:errors.summaryTooLong"),
  body: text(BLOG_BODY_MAX, "blog:errors.bodyRequired", "blog:errors.bodyTooLong"),
  publishDate: z
    .string({ error: "blog:errors.publishDate" })
    .trim()
    .refine((value) => isIsoDate(value), { error: "blog:errors.publishDate" }),
  /** An article of another language this one translates (their translation group is shared). */
  translationOf: z.coerce.number({ error: "blog:errors.translationOf" }).int({ error: "blog:errors.translationOf" }).min(1, { error: "blog:errors.translationOf" }).optional(),
});
export type BlogArticleInput = z.output<typeof BlogArticleSchema>;
