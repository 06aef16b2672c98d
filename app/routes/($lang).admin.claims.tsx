// /admin/claims: operators decide claims (accept in full, in part with an amount, or refuse,
// with a note: the refund owed and the host's deduction follow as ledger lines) and withhold or
// release a stay's payout in a dispute, with a reason. Plain forms: works without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { CLAIM_DECISIONS } from "~/domain/claims";
import { ClaimDecisionSchema, StayHoldSchema } from "~/schemas/claim";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { claimsForOperators, decideClaim, holdStayByReference, openHolds } from "~/services/money/claim-decisions.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { formatStayDate } from "~/utils/stay-date";
import { redirectWithToast } from "~/utils/toast.server";
import { useUserTime } from "~/utils/time-zone";

export const handle = { i18n: ["claims", "money"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

const FILTERS = ["open", "all"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireAdmin(request, "read");
  const filter = new URL(request.url).searchParams.get("status") === "all" ? "all" : "open";
  const language = await getLanguage(request);
  const t = await getFixedT(language, "claims");
  return { filter, language, claims: await claimsForOperators(operator, filter), holds: await openHolds(operator), title: String(t("admin.title")) };
}

type Result = { form: string; fieldErrors: Record<string, string[]>; formErrors: string[]; values?: Record<string, string> };

function refused(form: string, status: number, key: string, fields?: Record<string, string>, values?: Record<string, unknown>) {
  const fieldErrors = Object.fromEntries(Object.entries(fields ?? {}).map(([name, value]) => [name, [value]]));
  const text = Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, String(value)]));
  return data<Result>({ form, fieldErrors, formErrors: Object.keys(fieldErrors).length > 0 ? [] : [key], values: text }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireAdmin(request, "money");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const here = localizedPath(request, "/admin/claims");
  try {
    if (intent === "withhold" || intent === "release") {
      const submission = parseWithZod(form, { schema: StayHoldSchema });
      if (submission.status !== "success") {
        const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).flatMap(([name, keys]) => (keys?.length ? [[name, keys]] : [])));
        return data<Result>({ form: "hold", fieldErrors, formErrors: [] }, { status: 400 });
      }
      await holdStayByReference(operator, intent, submission.value.reference, submission.value.reason);
      return redirectWithToast(here, { type: "success", message: `claims:toast.${intent}` });
    }
    const claimForm = `claim-${Number(form.get("claimId")) || 0}`;
    const submission = parseWithZod(form, { schema: ClaimDecisionSchema });
    if (submission.status !== "success") {
      const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).flatMap(([name, keys]) => (keys?.length ? [[name, keys]] : [])));
      return data<Result>({ form: claimForm, fieldErrors, formErrors: [] }, { status: 400 });
    }
    try {
      await decideClaim(operator, submission.value.claimId, submission.value);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return refused(claimForm, error.status, error.key, error.fields, error.values);
    }
    return redirectWithToast(here, { type: "success", message: "claims:toast.decided" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refused("hold", error.status, error.key, error.fields, error.values);
  }
}

function Errors({ result, form, field }: { result: Result | undefined; form: string; field?: string }) {
  const { t } = useTranslation(["claims", "money"]);
  if (!result || result.form !== form) return null;
  const keys = field ? (result.fieldErrors[field] ?? []) : result.formErrors;
  if (keys.length === 0) return null;
  return (
    <p className="field__errors" role="alert">
      {keys.map((key) => t(key, result.values ?? {})).join(" ")}
    </p>
  );
}

export default function AdminClaimsPage() {
  const { filter, language, claims, holds } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("claims");
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  const busy = navigation.state === "submitting";
  return (
    <main className="admin-claims">
      <h1>{t("admin.title")}</h1>
      <nav aria-label={t("admin.filter")}>
        <ul className="tabs" role="list">
          {FILTERS.map((name) => (
            <li key={name}>
              <Link to={`${lp("/admin/claims")}?status=${name}`} className={name === filter ? "tabs__tab tabs__tab--current" : "tabs__tab"} aria-current={name === filter ? "page" : undefined}>
                {t(`admin.filters.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {claims.length === 0 ? <p>{t("admin.none")}</p> : null}
      {claims.map((claim) => {
        const form = `claim-${claim.id}`;
        return (
          <article key={claim.id} className="card" data-testid="admin-claim" data-claim-id={claim.id} data-status={claim.status} aria-labelledby={`claim-${claim.id}`}>
            <h2 id={`claim-${claim.id}`}>
              {t(`kinds.${claim.kind}`)} · <Link to={lp(claim.reservationPath)}>{claim.reference}</Link> · {t(`statuses.${claim.status}`)}
            </h2>
            <dl>
              <dt>{t("admin.stay")}</dt>
              <dd>
                {formatStayDate(language, claim.checkIn)} → {formatStayDate(language, claim.checkOut)}
              </dd>
              <dt>{t("admin.traveler")}</dt>
              <dd>{claim.travelerName}</dd>
              <dt>{t("admin.host")}</dt>
              <dd>{claim.hostName}</dd>
              {claim.amenity ? (
                <>
                  <dt>{t("claim.amenity")}</dt>
                  <dd>{t(`amenities.${claim.amenity}`)}</dd>
                </>
              ) : null}
              {claim.affectedNights.length > 0 ? (
                <>
                  <dt>{t("claim.nights")}</dt>
                  <dd>{claim.affectedNights.map((night) => formatStayDate(language, night)).join(", ")}</dd>
                </>
              ) : null}
              <dt>{t("claim.text")}</dt>
              <dd>{claim.text}</dd>
              <dt>{t("claim.hostAnswer")}</dt>
              <dd>{claim.hostAnswer ?? t("claim.noAnswer")}</dd>
              <dt>{claim.status === "open" ? t("admin.cap") : t("claim.granted")}</dt>
              <dd data-testid="claim-cap">
                <Money millimes={claim.cap} />
              </dd>
              {claim.decisionNote ? (
                <>
                  <dt>{t("claim.decision")}</dt>
                  <dd>
                    {claim.decisionNote} {claim.decidedAt ? `· ${at(claim.decidedAt)}` : null}
                  </dd>
                </>
              ) : null}
            </dl>
            {claim.photos.length > 0 ? (
              <ul className="claim__photos" role="list">
                {claim.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.url}>
                      <img src={photo.url} srcSet={photo.srcSet} sizes="160px" width={160} alt={t("claim.photo", { number: index + 1 })} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {claim.status === "open" ? (
              <Form method="post" className="admin-claims__decision" data-testid="claim-decision-form">
                <input type="hidden" name="claimId" value={claim.id} />
                <fieldset>
                  <legend>{t("admin.decision")}</legend>
                  {CLAIM_DECISIONS.map((decision) => (
                    <label key={decision}>
                      <input type="radio" name="decision" value={decision} required data-testid={`claim-decision-${decision}`} /> {t(`admin.decisions.${decision}`)}
                    </label>
                  ))}
                  <Errors result={result} form={form} field="decision" />
                </fieldset>
                <label htmlFor={`amount-${claim.id}`}>{t("admin.amount")}</label>
                <input id={`amount-${claim.id}`} name="amount" type="text" inputMode="decimal" data-testid="claim-amount" />
                <Errors result={result} form={form} field="amount" />
                <label htmlFor={`note-${claim.id}`}>{t("admin.note")}</label>
                <textarea id={`note-${claim.id}`} name="note" rows={2} maxLength={1000} data-testid="claim-note" />
                <Errors result={result} form={form} field="note" />
                <Errors result={result} form={form} />
                <button type="submit" className="button" disabled={busy} data-testid="claim-decide">
                  {t("admin.submit")}
                </button>
              </Form>
            ) : null}
          </article>
        );
      })}

      <section className="card" aria-labelledby="holds-heading" data-testid="stay-holds">
        <h2 id="holds-heading">{t("admin.holds.title")}</h2>
        <p className="hint">{t("admin.holds.intro")}</p>
        {holds.length === 0 ? <p>{t("admin.holds.none")}</p> : null}
        <ul role="list">
          {holds.map((hold) => (
            <li key={hold.reservationId} data-testid="stay-hold">
              <strong>{hold.reference}</strong> · {hold.reason} · {t("admin.holds.since", { date: at(hold.since) })}
            </li>
          ))}
        </ul>
        <Form method="post" className="admin-claims__hold">
          <label htmlFor="hold-reference">{t("admin.holds.reference")}</label>
          <input id="hold-reference" name="reference" type="text" maxLength={40} data-testid="hold-reference" />
          <Errors result={result} form="hold" field="reference" />
          <label htmlFor="hold-reason">{t("admin.holds.reason")}</label>
          <input id="hold-reason" name="reason" type="text" maxLength={1000} data-testid="hold-reason" />
          <Errors result={result} form="hold" field="reason" />
          <Errors result={result} form="hold" />
          <button type="submit" name="intent" value="withhold" className="button" disabled={busy} data-testid="hold-withhold">
            {t("admin.holds.withhold")}
          </button>{" "}
          <button type="submit" name="intent" value="release" className="button button--ghost" disabled={busy} data-testid="hold-release">
            {t("admin.holds.release")}
          </button>
        </Form>
      </section>
    </main>
  );
}
