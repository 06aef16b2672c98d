// /admin/hosts/{id}: a host's rating and suspension; an operator imposes or lifts a suspension
// with a reason. Every change (the rating rule's and operators') is listed: who, when, why.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { RatingBadge } from "~/components/reviews/listing-reviews";
import { SuspensionDecisionSchema } from "~/schemas/review";
import { hostForOperators, operatorSetsSuspension } from "~/services/reviews/host-standing.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["reviews"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.name} · Darna` : "Darna" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  const standing = await hostStandingOf(params.id);
  return { ...standing, language: await getLanguage(request) };
}

async function hostStandingOf(id: string | undefined) {
  const found = await hostForOperators(Number(id));
  if (!found) throw new Response("Not Found", { status: 404 });
  return found;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "moderate");
  const { standing } = await hostStandingOf(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: SuspensionDecisionSchema });
  if (submission.status !== "success") {
    return data({ error: submission.error?.note?.[0] ?? submission.error?.decision?.[0] ?? "reviews:errors.generic" }, { status: 400 });
  }
  try {
    await operatorSetsSuspension(operator.id, standing.hostId, submission.value.decision, submission.value.note);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.key }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, `/admin/hosts/${standing.hostId}`), { type: "success", message: "reviews:toast.suspensionChanged" });
}

export default function AdminHostPage() {
  const { name, email, standing, language } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("reviews");
  const at = useUserTime(language);
  const suspended = standing.suspension;
  return (
    <main className="admin-host" data-testid="admin-host">
      <h1>{t("admin.hostTitle", { name })}</h1>
      <p className="hint">{email}</p>
      <p>{standing.rating === null ? t("admin.noRating") : <RatingBadge rating={standing.rating} count={standing.count} />}</p>
      <p data-testid="host-suspension">
        {suspended ? t("admin.suspended", { date: at(suspended.since), reason: t(`admin.reasons.${suspended.reason}`) }) : t("admin.notSuspendedNow")}
        {suspended?.note ? ` — ${suspended.note}` : null}
      </p>
      <Form method="post" className="review-form">
        <input type="hidden" name="decision" value={suspended ? "lift" : "impose"} />
        <label htmlFor="suspension-note">{t("admin.reason")}</label>
        <textarea id="suspension-note" name="note" rows={2} maxLength={1000} required data-testid="suspension-note" />
        {result ? (
          <p className="field__errors" role="alert">
            {t(result.error)}
          </p>
        ) : null}
        <button type="submit" className="button" data-testid="suspension-submit">
          {suspended ? t("admin.lift") : t("admin.impose")}
        </button>
      </Form>
      <h2>{t("admin.history")}</h2>
      {standing.history.length === 0 ? (
        <p>{t("admin.noHistory")}</p>
      ) : (
        <ul data-testid="suspension-history">
          {standing.history.map((event, index) => (
            <li key={index}>
              {t("admin.historyRow", {
                date: at(event.at),
                action: t(`admin.actions.${event.action}`),
                source: t(`admin.sources.${event.source}`),
                who: event.actorName ?? t("admin.system"),
              })}
              {event.note ? ` — ${event.note}` : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
