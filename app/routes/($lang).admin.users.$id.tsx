// /admin/users/{id}: one user as the team sees them — role, verification, suspension, listings,
// reservations, reviews, claims, payouts and open sessions — and the actions on the account, each with a
// required reason (support: suspend, reinstate, resend; operators also give and take roles).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { can } from "~/domain/staff-roles";
import { UserActionSchema } from "~/schemas/console";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { actOnUser, capabilityOf, userForAdmin } from "~/services/admin/admin-users.server";
import { isAppError } from "~/utils/app-error";
import { linkBaseUrl } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getLanguage } from "~/utils/i18n.server";
import { requireIdParam } from "~/utils/id-param";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { useUserTime } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["console", "reservation", "claims"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.user.name} · Darna` : "Darna" }];

async function found<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireAdmin(request, "read");
  const user = await found(userForAdmin(requireIdParam(params.id)));
  return { user, canRoles: can(viewer.role, "roles"), canModerate: can(viewer.role, "moderate"), language: await getLanguage(request) };
}

type Answer = { intent: string; error: string };

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request, "read");
  const id = requireIdParam(params.id);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  // Who may try is known from the intent alone: a support member asking for a role change gets
  // 403 whatever else the form holds.
  const actor = await requireAdmin(request, capabilityOf(intent));
  const submission = parseWithZod(form, { schema: UserActionSchema });
  if (submission.status !== "success") {
    const error = submission.error?.reason?.[0] ?? submission.error?.role?.[0] ?? "console:errors.intent";
    return data<Answer>({ intent, error }, { status: 400 });
  }
  try {
    await actOnUser(actor, id, submission.value, { baseUrl: linkBaseUrl(request) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    return data<Answer>({ intent, error: error.key }, { status: error.status });
  }
  return redirectWithToast(localizedPath(request, `/admin/users/${id}`), { type: "success", message: `console:actions.done.${submission.value.intent}` });
}

function ActionForm({ intent, label, role, answer }: { intent: string; label: string; role?: string; answer: Answer | undefined }) {
  const { t } = useTranslation("console");
  const id = `reason-${intent}${role ? `-${role}` : ""}`;
  const failed = answer && answer.intent === intent;
  return (
    <Form method="post" data-testid={`user-action-${intent}${role ? `-${role}` : ""}`}>
      <input type="hidden" name="intent" value={intent} />
      {role ? <input type="hidden" name="role" value={role} /> : null}
      <label htmlFor={id}>{t("actions.reason")}</label>
      <textarea id={id} name="reason" rows={2} maxLength={1000} required aria-invalid={failed ? true : undefined} aria-describedby={failed ? `${id}-error` : undefined} />
      {failed ? (
        <p id={`${id}-error`} className="field__errors" role="alert">
          {t(answer.error)}
        </p>
      ) : null}
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
}

export default function AdminUserPage() {
  const { user, canRoles, canModerate, language } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation(["console", "reservation", "claims"]);
  const lp = useLocalizedPath();
  const at = useUserTime(language);
  return (
    <main className="admin-user" data-testid="admin-user">
      <p>
        <Link to={lp("/admin/users")}>← {t("user.back")}</Link>
      </p>
      <h1>{user.name}</h1>
      <dl>
        <dt>{t("users.email")}</dt>
        <dd>{user.email}</dd>
        <dt>{t("users.phone")}</dt>
        <dd>{user.phone ?? "—"}</dd>
        <dt>{t("user.roles")}</dt>
        <dd data-testid="user-role">{t(`roles.${user.role}`)}</dd>
        <dt>{t("user.host")}</dt>
        <dd>{user.hostMode ? "✓" : "—"}</dd>
        <dt>{t("user.verification")}</dt>
        <dd>{user.emailVerified ? t("user.verified") : t("user.unverified")}</dd>
        <dt>{t("users.status")}</dt>
        <dd data-testid="user-status">{user.suspendedAt ? t("user.suspendedSince", { date: at(user.suspendedAt), reason: user.suspensionReason }) : t("user.active")}</dd>
      </dl>

      <h2>{t("user.listings")}</h2>
      {user.listings.length === 0 ? <p>{t("user.none")}</p> : null}
      <ul>
        {user.listings.map((listing) => (
          <li key={listing.id}>
            <Link to={lp(`/admin/listings/${listing.id}`)}>{listing.title ?? `#${listing.id}`}</Link> — {listing.state}
          </li>
        ))}
      </ul>

      <h2>{t("user.reservations")}</h2>
      {user.reservations.length === 0 ? <p>{t("user.none")}</p> : null}
      <ul>
        {user.reservations.map((reservation) => (
          <li key={reservation.id}>
            {reservation.reference} · {reservation.checkIn} → {reservation.checkOut} · {t(`reservation:status.${reservation.status}`, { defaultValue: reservation.status })} ·{" "}
            <Money millimes={reservation.total} />
          </li>
        ))}
      </ul>

      <h2>{t("user.reviews")}</h2>
      {user.reviews.length === 0 ? <p>{t("user.none")}</p> : null}
      <ul>
        {user.reviews.map((review) => (
          <li key={review.id}>
            <Link to={lp(`/property-details/${review.listingId}`)}>#{review.listingId}</Link> · {review.text.slice(0, 140)}
            {review.hidden ? " (—)" : ""}
          </li>
        ))}
      </ul>

      <h2>{t("user.claims")}</h2>
      {user.claims.length === 0 ? <p>{t("user.none")}</p> : null}
      <ul data-testid="user-claims">
        {user.claims.map((claim) => (
          <li key={claim.id}>
            <Link to={lp("/admin/claims?status=all")}>{claim.reference}</Link> · {t(`claims:kinds.${claim.kind}`)} · {t(`user.claimSides.${claim.side}`)} ·{" "}
            {t(`claims:statuses.${claim.status}`)}
            {claim.decidedAmount ? (
              <>
                {" "}
                · <Money millimes={claim.decidedAmount} />
              </>
            ) : null}{" "}
            · {at(claim.createdAt)}
          </li>
        ))}
      </ul>

      <h2>{t("user.payouts")}</h2>
      {user.payouts.length === 0 ? <p>{t("user.none")}</p> : null}
      <ul>
        {user.payouts.map((payout) => (
          <li key={payout.id}>
            #{payout.id} · <Money millimes={payout.amount} /> · {payout.status} · {at(payout.createdAt)}
          </li>
        ))}
      </ul>

      <h2>{t("user.sessions")}</h2>
      {user.sessions.length === 0 ? <p data-testid="user-no-sessions">{t("user.none")}</p> : null}
      <ul>
        {user.sessions.map((session, index) => (
          <li key={index}>
            {t(`user.sessionKinds.${session.kind}`)} · {session.userAgent ?? "—"} · {t("user.lastSeen", { date: at(session.lastSeenAt) })}
          </li>
        ))}
      </ul>

      {canModerate ? (
        <section className="admin-actions" aria-labelledby="user-actions">
          <h2 id="user-actions">{t("actions.title")}</h2>
          {user.suspendedAt ? (
            <ActionForm intent="reinstate" label={t("actions.reinstate")} answer={answer} />
          ) : (
            <ActionForm intent="suspend" label={t("actions.suspend")} answer={answer} />
          )}
          {!user.emailVerified ? <ActionForm intent="resend_verification" label={t("actions.resend")} answer={answer} /> : null}
          {canRoles
            ? (["support", "operator"] as const)
                .filter((role) => role !== user.role)
                .map((role) => <ActionForm key={role} intent="grant_role" role={role} label={t("actions.grantRole", { role: t(`roles.${role}`) })} answer={answer} />)
            : null}
          {canRoles && user.role !== "user" ? <ActionForm intent="revoke_role" label={t("actions.revokeRole", { role: t(`roles.${user.role}`) })} answer={answer} /> : null}
        </section>
      ) : null}
    </main>
  );
}
