// /dashboard/reservations: the host's reservations in the tabs of SPEC.md §2 — ongoing,
// upcoming, completed, cancelled, pending requests — with accept and decline (a reason is
// required) right from the list. Plain links and forms: works without JavaScript.
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRuleText, useStayDate } from "~/components/booking/reservation-details";
import { Money } from "~/components/money/money";
import { SubmitButton } from "~/components/ui/submit-button";
import { displayStatusKeys, HOST_TABS, type HostTab } from "~/domain/reservation-state";
import { DeclineSchema } from "~/schemas/booking";
import { acceptRequest, declineRequest } from "~/services/booking/reservation.server";
import { countHostTabs, listHostReservations } from "~/services/booking/reservation-lists.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { requireHost } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath, useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["reservation", "booking", "rules"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

function tabOf(value: string | null): HostTab {
  return value && (HOST_TABS as readonly string[]).includes(value) ? (value as HostTab) : "pending";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHost(request);
  const tab = tabOf(new URL(request.url).searchParams.get("tab"));
  const language = await getLanguage(request);
  const [rows, counts] = await Promise.all([listHostReservations(user.id, tab), countHostTabs(user.id)]);
  const t = await getFixedT(language, "reservation");
  return { tab, rows, counts, language, title: String(t("dashboard.title")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireHost(request);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const reservationId = Number(form.get("reservationId"));
  const tab = tabOf(String(form.get("tab") ?? ""));
  const back = `${localizedPath(request, "/dashboard/reservations")}?tab=${tab}`;
  try {
    if (intent === "accept") {
      await acceptRequest(user, reservationId);
      return redirectWithToast(back, { type: "success", message: "reservation:toast.accepted" });
    }
    if (intent === "decline") {
      const parsed = DeclineSchema.safeParse({ reason: form.get("reason") ?? "" });
      if (!parsed.success) return data({ reservationId, error: parsed.error.issues[0]!.message }, { status: 400 });
      await declineRequest(user, reservationId, parsed.data.reason);
      return redirectWithToast(back, { type: "success", message: "reservation:toast.declined" });
    }
    return data({ reservationId, error: "reservation:errors.unknownAction" }, { status: 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ reservationId, error: error.key }, { status: error.status });
  }
}

export default function HostReservationsPage() {
  const { tab, rows, counts, language } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation(["reservation", "booking", "rules"]);
  const rule = useRuleText();
  const lp = useLocalizedPath();
  const day = useStayDate(language);
  return (
    <main className="host-reservations">
      <h1>{t("reservation:dashboard.title")}</h1>
      <nav aria-label={t("reservation:dashboard.tabs")}>
        <ul className="tabs" role="list">
          {HOST_TABS.map((name) => (
            <li key={name}>
              <Link
                to={`${lp("/dashboard/reservations")}?tab=${name}`}
                aria-current={name === tab ? "page" : undefined}
                className={name === tab ? "tabs__tab tabs__tab--current" : "tabs__tab"}
                data-testid={`tab-${name}`}
              >
                {t(`reservation:dashboard.tab.${name}`)} <span className="tabs__count">{counts[name]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p className="empty-state" data-testid="no-reservations">
          {t(`reservation:dashboard.empty.${tab}`)}
        </p>
      ) : (
        <ul className="reservation-list" data-testid="host-reservations">
          {rows.map((row) => (
            <li key={row.id} className="reservation-row" data-testid={`reservation-${row.reference}`}>
              <div className="reservation-row__main">
                <p>
                  <Link to={lp(row.path)}>
                    <strong>{row.listingTitle}</strong>
                  </Link>
                  {row.unitName ? ` · ${row.unitName}` : null}
                </p>
                <p>
                  {day(row.checkIn)} → {day(row.checkOut)} · {t("booking:guests.adults", { count: row.adults })}
                  {row.children ? `, ${t("booking:guests.children", { count: row.children })}` : null}
                </p>
                <p className="hint">
                  {row.otherPartyName} · {row.reference} · <Money millimes={row.total} />
                </p>
              </div>
              <p className={`status-badge status-badge--${row.displayStatus}`}>{displayStatusKeys(row.displayStatus).map((key) => rule(key)).join(" · ")}</p>
              {row.status === "pending_host" ? (
                <div className="reservation-row__actions">
                  {result && result.reservationId === row.id ? (
                    <p className="field__errors" role="alert">
                      {rule(result.error)}
                    </p>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="intent" value="accept" />
                    <input type="hidden" name="reservationId" value={row.id} />
                    <input type="hidden" name="tab" value={tab} />
                    <SubmitButton className="button button--small" data-testid="accept">
                      {t("reservation:answer.accept")}
                    </SubmitButton>
                  </Form>
                  <details open={result?.reservationId === row.id}>
                    <summary className="button button--ghost button--small">{t("reservation:answer.decline")}</summary>
                    <Form method="post" className="reservation__decline">
                      <input type="hidden" name="intent" value="decline" />
                      <input type="hidden" name="reservationId" value={row.id} />
                      <input type="hidden" name="tab" value={tab} />
                      <label htmlFor={`reason-${row.id}`}>{t("reservation:answer.reason")}</label>
                      <textarea id={`reason-${row.id}`} name="reason" rows={2} maxLength={1000} required />
                      <button type="submit" className="button button--ghost button--small" data-testid="decline">
                        {t("reservation:answer.declineConfirm")}
                      </button>
                    </Form>
                  </details>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
