// /dashboard/cohosts (issue 16 point 5, ADR 147): a host invites someone by e-mail to co-host
// chosen listings, withdraws an invitation or removes a co-host, and reads who did what on their
// listings; the invitee accepts or declines here. Plain forms told apart by `intent`; works
// without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HostActionList } from "~/components/cohosts/host-action-list";
import { ErrorList } from "~/components/ui/field";
import { InviteCohostSchema } from "~/schemas/cohosts";
import { acceptInvitation, declineInvitation, endInvitation, invitationsReceived, invitationsSent, inviteCohost, ownListings } from "~/services/cohosts/cohosts.server";
import { hostActivity } from "~/services/cohosts/host-actions.server";
import bookingStyles from "~/styles/booking.css?url";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { requireVerifiedUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["cohosts"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "cohosts");
  const [listings, sent, received, activity] = await Promise.all([ownListings(user.id), invitationsSent(user.id), invitationsReceived(user), hostActivity(user.id)]);
  return { title: String(t("title")), language, listings, sent, received, activity };
}

export type CohostsActionData = { intent: string; error: string; fields: Record<string, string[]>; invitationId?: number };

function failure(intent: string, error: string, status: number, fields: Record<string, string[]> = {}, invitationId?: number) {
  return data<CohostsActionData>({ intent, error, fields, invitationId }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const back = localizedPath(request, "/dashboard/cohosts");
  const invitationId = Number(formData.get("invitationId"));
  try {
    switch (intent) {
      case "invite": {
        const submission = parseWithZod(formData, { schema: InviteCohostSchema });
        if (submission.status !== "success") {
          const fields = Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, errors]) => [name, errors ?? []]));
          return failure(intent, "", 400, fields);
        }
        await inviteCohost(user, submission.value);
        return redirectWithToast(back, { type: "success", message: "cohosts:toast.invited" });
      }
      case "end":
        await endInvitation(user, invitationId);
        return redirectWithToast(back, { type: "success", message: "cohosts:toast.ended" });
      case "accept":
        await acceptInvitation(user, invitationId);
        return redirectWithToast(back, { type: "success", message: "cohosts:toast.accepted" });
      case "decline":
        await declineInvitation(user, invitationId);
        return redirectWithToast(back, { type: "success", message: "cohosts:toast.declined" });
      default:
        return failure(intent, "cohosts:errors.unknownAction", 400);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fields = fieldErrorsOf(error);
    return failure(intent, Object.keys(fields).length > 0 ? "" : error.key, error.status, fields, Number.isSafeInteger(invitationId) ? invitationId : undefined);
  }
}

function EndButton({ id, label, busy }: { id: number; label: string; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="invitationId" value={id} />
      <button type="submit" name="intent" value="end" className="button button--ghost" disabled={busy} data-testid={`end-${id}`}>
        {label}
      </button>
    </Form>
  );
}

export default function CohostsPage() {
  const { listings, sent, received, activity, language } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("cohosts");
  const lp = useLocalizedPath();
  const inviteErrors = result?.intent === "invite" ? result : null;
  const errorFor = (id: number) => (result && result.intent !== "invite" && result.invitationId === id && result.error ? [result.error] : null);
  return (
    <main className="cohosts">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      {result && result.error && result.invitationId === undefined && result.intent !== "invite" ? <ErrorList className="form-errors" errors={[result.error]} /> : null}

      <section className="booking__card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">{t("invite.title")}</h2>
        {listings.length === 0 ? (
          <p data-testid="no-listings">{t("invite.noListings")}</p>
        ) : (
          <Form method="post" noValidate data-testid="invite-form">
            <p>{t("invite.help")}</p>
            <div className="field">
              <label htmlFor="cohost-email">{t("invite.email")}</label>
              <input
                id="cohost-email"
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="off"
                aria-invalid={inviteErrors?.fields.email ? true : undefined}
                aria-describedby={inviteErrors?.fields.email ? "cohost-email-errors" : undefined}
              />
              <ErrorList id="cohost-email-errors" errors={inviteErrors?.fields.email} />
            </div>
            <fieldset className="field" aria-describedby={inviteErrors?.fields.listingIds ? "cohost-listings-errors" : undefined}>
              <legend>{t("invite.listings")}</legend>
              {listings.map((listing) => (
                <label key={listing.id} className="booking__terms">
                  <input type="checkbox" name="listingIds" value={listing.id} data-testid={`invite-listing-${listing.id}`} /> {listing.title}
                </label>
              ))}
              <ErrorList id="cohost-listings-errors" errors={inviteErrors?.fields.listingIds} />
            </fieldset>
            {inviteErrors?.error ? <ErrorList className="form-errors" errors={[inviteErrors.error]} /> : null}
            <button type="submit" name="intent" value="invite" className="button" disabled={busy} data-testid="invite-submit">
              {t("invite.submit")}
            </button>
          </Form>
        )}
      </section>

      {sent.length > 0 ? (
        <section aria-labelledby="sent-heading">
          <h2 id="sent-heading">{t("sent.title")}</h2>
          <ul className="cohosts__list">
            {sent.map((invitation) => (
              <li key={invitation.id} className="booking__card" data-testid="sent-invitation" data-status={invitation.status}>
                <p>
                  <strong>{invitation.personName ?? invitation.email}</strong> · {t(`status.${invitation.status}`)}
                </p>
                <p>{t("sent.listings", { titles: invitation.listings.map((listing) => listing.title).join(", ") })}</p>
                <ErrorList className="form-errors" errors={errorFor(invitation.id)} />
                <EndButton id={invitation.id} busy={busy} label={invitation.status === "accepted" ? t("sent.remove") : t("sent.withdraw")} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {received.length > 0 ? (
        <section aria-labelledby="received-heading">
          <h2 id="received-heading">{t("received.title")}</h2>
          <ul className="cohosts__list">
            {received.map((invitation) => (
              <li key={invitation.id} className="booking__card" data-testid="received-invitation" data-status={invitation.status}>
                <p>
                  {invitation.status === "pending"
                    ? t("received.pending", { host: invitation.personName ?? "" })
                    : t("received.accepted", { host: invitation.personName ?? "" })}
                </p>
                <ul>
                  {invitation.listings.map((listing) => (
                    <li key={listing.id}>
                      {listing.title}
                      {invitation.status === "accepted" ? (
                        <>
                          {" "}
                          · <Link to={lp(`/dashboard/calendrier/${listing.id}`)}>{t("received.calendar")}</Link>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
                <ErrorList className="form-errors" errors={errorFor(invitation.id)} />
                {invitation.status === "pending" ? (
                  <Form method="post" className="cohosts__answer">
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <button type="submit" name="intent" value="accept" className="button" disabled={busy} data-testid="accept-invitation">
                      {t("received.accept")}
                    </button>{" "}
                    <button type="submit" name="intent" value="decline" className="button button--ghost" disabled={busy} data-testid="decline-invitation">
                      {t("received.decline")}
                    </button>
                  </Form>
                ) : (
                  <p>
                    <Link to={lp("/dashboard/reservations")}>{t("received.reservations")}</Link> · <Link to={lp("/dashboard/messages")}>{t("received.messages")}</Link>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {activity.length > 0 ? (
        <section aria-labelledby="activity-heading">
          <h2 id="activity-heading">{t("activity.title")}</h2>
          <HostActionList actions={activity} showListing language={language} />
        </section>
      ) : null}
    </main>
  );
}
