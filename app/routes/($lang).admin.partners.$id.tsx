// /admin/partners/{id}: one partner proposal. An operator approves it (a partner with a public
// page; the description per language, prefilled with the proposal's text to translate or keep)
// or refuses it with a reason; the proposer is e-mailed in their language (ADR 181).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { Money } from "~/components/money/money";
import { ProposalDecisionSchema } from "~/schemas/partner-proposal";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { approveProposal, proposalForOperators, refuseProposal } from "~/services/partners/proposals.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import { getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { formatStayDate } from "~/utils/stay-date";
import { redirectWithToast } from "~/utils/toast.server";
import { useUserTime } from "~/utils/time-zone";

export const handle = { i18n: ["partners", "money"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.proposal.name} · Darna` : "Darna" }];

async function proposalOr404(id: string | undefined) {
  const proposal = await proposalForOperators(/^\d+$/.test(id ?? "") ? Number(id) : 0);
  if (!proposal) throw new Response("Not Found", { status: 404 });
  return proposal;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "read");
  return { proposal: await proposalOr404(params.id), language: await getLanguage(request) };
}

type Result = { fieldErrors: Record<string, string[]>; formErrors: string[]; values: Record<string, string> };

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "moderate");
  const proposal = await proposalOr404(params.id);
  const form = await readFormData(request);
  const values = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
  const submission = parseWithZod(form, { schema: ProposalDecisionSchema });
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).flatMap(([name, keys]) => (keys?.length ? [[name, keys]] : [])));
    return data<Result>({ fieldErrors, formErrors: fieldErrors[""] ?? [], values }, { status: 400 });
  }
  const decision = submission.value;
  try {
    if (decision.intent === "approve") {
      await approveProposal(operator.id, proposal.id, decision);
      return redirectWithToast(localizedPath(request, `/admin/partners/${proposal.id}`), { type: "success", message: "partners:admin.approved" });
    }
    await refuseProposal(operator.id, proposal.id, decision.reason);
    return redirectWithToast(localizedPath(request, "/admin/partners"), { type: "success", message: "partners:admin.refused" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<Result>({ fieldErrors: {}, formErrors: [error.key], values }, { status: error.status });
  }
}

export default function AdminPartnerProposalPage() {
  const { proposal, language } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation(["partners", "money"]);
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  const errors = (field: string) => result?.fieldErrors[field] ?? null;
  const value = (field: string, fallback: string) => result?.values[field] ?? fallback;
  return (
    <main className="admin-partner" data-testid="admin-proposal">
      <p>
        <Link to={lp("/admin/partners")}>{t("admin.back")}</Link>
      </p>
      <h1>{t("admin.proposalTitle", { name: proposal.name })}</h1>
      <p data-testid="proposal-status">
        {t("admin.status")}: {t(`admin.statuses.${proposal.status}`)} · {t("admin.received", { date: at(proposal.createdAt) })} ·{" "}
        {proposal.signedIn ? t("admin.signedIn") : t("admin.anonymous")}
      </p>
      {proposal.refusalReason ? <p>{t("admin.refusalReason", { reason: proposal.refusalReason })}</p> : null}
      {proposal.partnerId ? (
        <p>
          <Link to={lp(`/partner-details/${proposal.partnerId}`)} data-testid="partner-page-link">
            {t("admin.partnerPage")}
          </Link>
        </p>
      ) : null}
      <dl className="card">
        <dt>{t("proposal.description")}</dt>
        <dd style={{ whiteSpace: "pre-line" }}>{proposal.description}</dd>
        <dt>{t("proposal.priceRanges")}</dt>
        <dd>
          <ul>
            {proposal.priceRanges.map((range, index) => (
              <li key={index}>
                <Money millimes={range.min} /> – <Money millimes={range.max} />
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t("proposal.availability")}</dt>
        <dd>
          <ul>
            {proposal.availability.map((slot, index) => (
              <li key={index}>{t("admin.slot", { date: formatStayDate(language, slot.date), from: slot.from, to: slot.to })}</li>
            ))}
          </ul>
        </dd>
        <dt>{t("proposal.languages")}</dt>
        <dd>{proposal.languages.map((code) => t(`languages.${code}`, { defaultValue: code })).join(", ")}</dd>
        <dt>{t("proposal.email")}</dt>
        <dd>{proposal.email}</dd>
        <dt>{t("proposal.phone")}</dt>
        <dd>{proposal.phone}</dd>
        {proposal.website ? (
          <>
            <dt>{t("proposal.website")}</dt>
            <dd>
              <a href={proposal.website} rel="nofollow noopener noreferrer">
                {proposal.website}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      <ErrorList errors={result?.formErrors} />
      {proposal.status === "pending" ? (
        <>
          <section className="card" aria-labelledby="approve-title">
            <h2 id="approve-title">{t("admin.approveTitle")}</h2>
            <p className="hint">{t("admin.approveHint")}</p>
            <Form method="post" className="account-form" data-testid="approve-form">
              <input type="hidden" name="intent" value="approve" />
              {(["descriptionEn", "descriptionFr", "descriptionEs"] as const).map((field) => (
                <div key={field} className="field">
                  <label htmlFor={field}>{t(`admin.${field}`)}</label>
                  <textarea id={field} name={field} rows={4} maxLength={4000} defaultValue={value(field, proposal.description)} />
                  <ErrorList errors={errors(field)} />
                </div>
              ))}
              <div className="field">
                <label htmlFor="city">{t("admin.city")}</label>
                <input id="city" name="city" type="text" maxLength={80} defaultValue={value("city", "")} />
                <ErrorList errors={errors("city")} />
              </div>
              <button type="submit" className="button" data-testid="approve-proposal">
                {t("admin.approve")}
              </button>
            </Form>
          </section>
          <section className="card" aria-labelledby="refuse-title">
            <h2 id="refuse-title">{t("admin.refuseTitle")}</h2>
            <Form method="post" className="account-form" data-testid="refuse-form">
              <input type="hidden" name="intent" value="refuse" />
              <div className="field">
                <label htmlFor="reason">{t("admin.reason")}</label>
                <textarea id="reason" name="reason" rows={2} maxLength={1000} defaultValue={value("reason", "")} />
                <ErrorList errors={errors("reason")} />
              </div>
              <button type="submit" className="button button--ghost" data-testid="refuse-proposal">
                {t("admin.refuse")}
              </button>
            </Form>
          </section>
        </>
      ) : null}
    </main>
  );
}
