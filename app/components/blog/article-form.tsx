// The operators' article form (/admin/blog/new and /admin/blog/{id}): a plain multipart post that
// works without JavaScript; with it, Conform checks the fields before sending.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, FormErrors } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { BlogArticleSchema } from "~/schemas/blog";
import { supportedLanguages } from "~/utils/i18n";

export interface ArticleFormValues {
  language: string;
  title: string;
  slug: string;
  summary: string;
  body: string;
  publishDate: string;
  translationOf?: string;
}

export function ArticleForm({
  defaultValue,
  lastResult,
  coverValues,
  cover,
  translationChoices,
  isNew,
}: {
  defaultValue: ArticleFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  coverValues: Record<string, string>;
  cover: { src: string; srcSet: string; width: number; height: number } | null;
  /** Articles this one may translate (other languages), for the "translation of" choice. */
  translationChoices: Array<{ id: number; lang: string; title: string }>;
  isNew: boolean;
}) {
  const { t } = useTranslation(["blog", "listing"]);
  const [form, fields] = useForm({
    id: "blog-article",
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BlogArticleSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="account-form blog-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label={t("blog:form.language")} htmlFor={fields.language.id} errorId={fields.language.errorId} errors={fields.language.errors}>
        <select {...getSelectProps(fields.language)} data-testid="article-language">
          {supportedLanguages.map((lng) => (
            <option key={lng} value={lng}>
              {t(`blog:languages.${lng}`)}
            </option>
          ))}
        </select>
      </Field>
      {translationChoices.length > 0 ? (
        <Field
          label={t("blog:form.translationOf")}
          htmlFor={fields.translationOf.id}
          errorId={fields.translationOf.errorId}
          errors={fields.translationOf.errors}
          hint={t("blog:form.translationOfHint")}
        >
          <select {...getSelectProps(fields.translationOf)} data-testid="article-translation-of">
            <option value="">{t("blog:form.noTranslation")}</option>
            {translationChoices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {`${choice.lang.toUpperCase()} · ${choice.title}`}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field label={t("blog:form.title")} htmlFor={fields.title.id} errorId={fields.title.errorId} errors={fields.title.errors}>
        <input {...getInputProps(fields.title, { type: "text" })} maxLength={200} data-testid="article-title" />
      </Field>
      <Field label={t("blog:form.slug")} htmlFor={fields.slug.id} errorId={fields.slug.errorId} errors={fields.slug.errors} hint={t("blog:form.slugHint")}>
        <input {...getInputProps(fields.slug, { type: "text" })} maxLength={120} autoComplete="off" data-testid="article-slug" />
      </Field>
      <Field label={t("blog:form.summary")} htmlFor={fields.summary.id} errorId={fields.summary.errorId} errors={fields.summary.errors}>
        <textarea {...getTextareaProps(fields.summary)} rows={3} maxLength={500} data-testid="article-summary" />
      </Field>
      <Field label={t("blog:form.body")} htmlFor={fields.body.id} errorId={fields.body.errorId} errors={fields.body.errors} hint={t("blog:form.bodyHint")}>
        <textarea {...getTextareaProps(fields.body)} rows={16} data-testid="article-body" />
      </Field>
      <Field label={t("blog:form.publishDate")} htmlFor={fields.publishDate.id} errorId={fields.publishDate.errorId} errors={fields.publishDate.errors}>
        <input {...getInputProps(fields.publishDate, { type: "date" })} data-testid="article-publish-date" />
      </Field>
      <div className="field">
        <label htmlFor="article-cover">{t("blog:form.cover")}</label>
        {cover ? <img src={cover.src} srcSet={cover.srcSet} sizes="20rem" width={cover.width} height={cover.height} alt="" className="blog-form__cover" /> : null}
        <input id="article-cover" type="file" name="cover" accept="image/jpeg,image/png,image/webp,image/avif" data-testid="article-cover" />
        <p className="field__hint">{t("blog:form.coverHint")}</p>
        <ErrorList errors={lastResult?.error?.cover ?? null} values={coverValues} />
      </div>
      <p>
        <SubmitButton name="intent" value="save" data-testid="article-save">
          {isNew ? t("blog:form.saveDraft") : t("blog:form.save")}
        </SubmitButton>{" "}
        {isNew ? (
          <SubmitButton name="intent" value="publish" className="button button--secondary" data-testid="article-save-publish">
            {t("blog:form.saveAndPublish")}
          </SubmitButton>
        ) : null}
      </p>
    </Form>
  );
}
