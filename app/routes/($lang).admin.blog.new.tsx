// /admin/blog/new: an operator writes an article (a draft, or published at once). ?translationOf=
// starts a translation of another article (same translation group, hreflang alternates).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleForm } from "~/components/blog/article-form";
import { dateInTunis } from "~/domain/stay-dates";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { allArticles } from "~/services/blog/blog-reads.server";
import { saveArticleForm } from "~/services/blog/blog-forms.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["blog", "listing"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const language = await getLanguage(request);
  const t = await getFixedT(language, "blog");
  const articles = await allArticles();
  const asked = Number(new URL(request.url).searchParams.get("translationOf"));
  const original = articles.find((article) => article.id === asked);
  // A translation is written in a language its group does not have yet.
  const taken = new Set(original ? articles.filter((a) => a.translationGroup === original.translationGroup).map((a) => a.lang) : []);
  const freeLanguage = (["en", "fr", "es"] as const).find((lng) => !taken.has(lng)) ?? language;
  return {
    title: String(t("admin.newTitle")),
    choices: articles.map((article) => ({ id: article.id, lang: article.lang, title: article.title })),
    defaultValue: {
      language: original ? freeLanguage : language,
      title: "",
      slug: "",
      summary: "",
      body: "",
      publishDate: dateInTunis(new Date()),
      translationOf: original ? String(original.id) : "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "moderate");
  const outcome = await saveArticleForm(request, operator.id, null);
  if (!outcome.ok) return data(outcome.answer, { status: outcome.status });
  return redirectWithToast(localizedPath(request, `/admin/blog/${outcome.id}`), {
    type: "success",
    message: outcome.intent === "publish" ? "blog:toast.createdPublished" : "blog:toast.created",
  });
}

export default function NewArticlePage() {
  const { choices, defaultValue } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("blog");
  return (
    <main className="admin-blog">
      <h1>{t("admin.newTitle")}</h1>
      <ArticleForm
        defaultValue={defaultValue}
        lastResult={answer?.reply}
        coverValues={answer?.values ?? {}}
        cover={null}
        translationChoices={choices}
        isNew
      />
    </main>
  );
}
