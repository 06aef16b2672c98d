// /admin/experiences: operators approve or reject pending experiences (ADR 182). Plain form posts
// with a redirect and a toast; a missing reason comes back next to the field.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { ErrorList } from "~/components/ui/field";
import { ExperienceDecisionSchema } from "~/schemas/experience-moderation";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { decideExperience, pendingExperiences } from "~/services/experiences/experience-moderation.server";
import { isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import { getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["experiences"] };
export const meta: MetaFunction = () => [{ title: "Experiences · Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  return { pending: await pendingExperiences(await getLanguage(request)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "moderate");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ExperienceDecisionSchema });
  const id = Number(formData.get("id"));
  if (submission.status !== "success") return data({ id, errors: submission.reply().error ?? {} }, { status: 400 });
  const value = submission.value;
  try {
    await decideExperience(operator.id, value.id, value.intent === "approve" ? { approve: true } : { approve: false, reason: value.reason });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ id, errors: { "": [error.key] } as Record<string, string[] | null> }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, "/admin/experiences"), {
    type: "success",
    message: value.intent === "approve" ? "experiences:moderation.approved" : "experiences:moderation.rejected",
  });
}

export default function AdminExperiencesPage() {
  const { pending } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("experiences");
  const lp = useLocalizedPath();
  return (
    <main className="experiences">
      <h1>{t("moderation.title")}</h1>
      {pending.length === 0 ? <p className="empty-state">{t("moderation.empty")}</p> : null}
      <ul className="experience-grid">
        {pending.map((experience) => {
          const errors = answer && answer.id === experience.id ? answer.errors : null;
          return (
            <li key={experience.id} className="experience-card" data-testid={`pending-experience-${experience.id}`}>
              <h2>
                <Link to={lp(`/experiences/${experience.id}`)}>{experience.title}</Link>
              </h2>
              <p className="experience-card__meta">
                {experience.partnerName} · {experience.city} · <Money millimes={experience.pricePerPerson} />
              </p>
              <ErrorList errors={errors?.[""] ?? null} />
              <Form method="post">
                <input type="hidden" name="id" value={experience.id} />
                <button type="submit" name="intent" value="approve" className="button">
                  {t("moderation.approve")}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="id" value={experience.id} />
                <label htmlFor={`reason-${experience.id}`}>{t("moderation.reason")}</label>
                <textarea id={`reason-${experience.id}`} name="reason" maxLength={500} aria-invalid={errors?.reason ? true : undefined} />
                <ErrorList errors={errors?.reason ?? null} />
                <button type="submit" name="intent" value="reject" className="button button--secondary">
                  {t("moderation.reject")}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
