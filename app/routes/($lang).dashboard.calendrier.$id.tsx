// /dashboard/calendrier/{id}: the host's availability and prices calendar. A month of nights —
// booked, held (awaiting payment), blocked, paused, free — each with its price. Block or unblock
// a date, a range or all; set a price for a date or a range. Without JavaScript: click a day (a
// link) or type the dates, then press a button. With JavaScript: drag across days to select.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CalendarSyncSection } from "~/components/calendar-sync/calendar-sync-section";
import { Money } from "~/components/money/money";
import { parseTndAmount } from "~/domain/money";
import { isIsoDate } from "~/domain/stay-dates";
import { CalendarFormSchema } from "~/schemas/booking";
import { calendarMonth, getHostCalendar, setBlocked, setPrice } from "~/services/calendar/calendar.server";
import bookingStyles from "~/styles/booking.css?url";
import { isAppError } from "~/utils/app-error";
import { requireHost } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { useLocalizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { calendarSyncAction, calendarSyncSection, isCalendarSyncIntent } from "~/services/calendar-sync/calendar-sync-pages.server";
import { readFormData } from "~/utils/form-data.server";
import { requireIdParam } from "~/utils/id-param";

export const handle = { i18n: ["calendar", "booking", "calendar-sync", "listing"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.listing.title} · Darna` : "Darna" }];

function loadError(error: unknown): never {
  if (isAppError(error) && (error.status === 404 || error.status === 403)) throw new Response(error.status === 404 ? "Not Found" : "Forbidden", { status: error.status });
  throw error;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireHost(request);
  const url = new URL(request.url);
  const now = new Date();
  const month = calendarMonth(url.searchParams.get("month"), now);
  const listingId = requireIdParam(params.id);
  const view = await getHostCalendar(user, listingId, month, { now }).catch(loadError);
  const sync = await calendarSyncSection(user, listingId, now);
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  return {
    ...view,
    sync,
    language: await getLanguage(request),
    selection: { from: isIsoDate(from) ? from : "", to: isIsoDate(to) ? to : isIsoDate(from) ? from : "" },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireHost(request);
  const listingId = requireIdParam(params.id);
  const url = new URL(request.url);
  const formData = await readFormData(request);
  if (isCalendarSyncIntent(formData.get("intent"))) {
    const month = url.searchParams.get("month");
    return calendarSyncAction(user, listingId, formData, `${url.pathname}${month ? `?month=${month}` : ""}#calendar-sync`);
  }
  const submission = parseWithZod(formData, { schema: CalendarFormSchema });
  if (submission.status !== "success") return data({ error: "calendar:errors.from" }, { status: 400 });
  const value = submission.value;
  const range = "from" in value ? { kind: "range" as const, from: value.from, to: value.to || value.from } : null;
  try {
    let message: string;
    switch (value.intent) {
      case "block":
        await setBlocked(user, listingId, range!, true);
        message = "calendar:toast.blocked";
        break;
      case "unblock":
        await setBlocked(user, listingId, range!, false);
        message = "calendar:toast.unblocked";
        break;
      case "block-all":
        await setBlocked(user, listingId, { kind: "all" }, true);
        message = "calendar:toast.blocked";
        break;
      case "unblock-all":
        await setBlocked(user, listingId, { kind: "all" }, false);
        message = "calendar:toast.unblocked";
        break;
      case "price": {
        const price = parseTndAmount(value.price);
        if (price === null || price <= 0) return data({ error: "calendar:errors.price" }, { status: 400 });
        await setPrice(user, listingId, range!, price);
        message = "calendar:toast.priced";
        break;
      }
      case "reset-price":
        await setPrice(user, listingId, range!, null);
        message = "calendar:toast.priceReset";
        break;
    }
    const month = url.searchParams.get("month");
    return redirectWithToast(`${url.pathname}${month ? `?month=${month}` : ""}`, { type: "success", message });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404 || error.status === 403) loadError(error);
    return data({ error: error.key }, { status: error.status });
  }
}

type Selection = { from: string; to: string };

function ordered(a: string, b: string): Selection {
  return a <= b ? { from: a, to: b } : { from: b, to: a };
}

export default function HostCalendarPage() {
  const { listing, calendar, today, selection: initial, language, sync, external } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData && "error" in actionData ? actionData : null;
  const syncError = actionData && "syncError" in actionData ? actionData.syncError : null;
  const navigation = useNavigation();
  const { t } = useTranslation(["calendar", "booking", "calendar-sync"]);
  const lp = useLocalizedPath();
  const [selection, setSelection] = useState<Selection>(initial);
  const dragStart = useRef<string | null>(null);
  const busy = navigation.state === "submitting";

  useEffect(() => setSelection(initial), [initial]);

  // Drag to select a range (JavaScript only; the links below do it one day at a time without).
  const onPointerDown = useCallback((date: string, event: React.PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    dragStart.current = date;
    setSelection({ from: date, to: date });
  }, []);
  const onPointerEnter = useCallback((date: string) => {
    if (dragStart.current) setSelection(ordered(dragStart.current, date));
  }, []);
  useEffect(() => {
    const stop = () => {
      dragStart.current = null;
    };
    window.addEventListener("pointerup", stop);
    return () => window.removeEventListener("pointerup", stop);
  }, []);

  const weekday = (iso: number) =>
    new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, iso)));
  const monthTitle = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${calendar.month}-01T00:00:00Z`),
  );
  const inSelection = (date: string) => Boolean(selection.from && selection.to && date >= selection.from && date <= selection.to);
  const base = lp(`/dashboard/calendrier/${listing.id}`);

  return (
    <main className="host-calendar">
      <p>
        <Link to={lp("/dashboard/calendrier")}>← {t("calendar:allListings")}</Link>
      </p>
      <h1>{t("calendar:title", { title: listing.title })}</h1>
      <p className="hint">
        {t("calendar:basePrice")} <Money millimes={listing.basePrice} />
      </p>
      <nav className="host-calendar__nav" aria-label={t("calendar:months")}>
        <Link to={`${base}?month=${calendar.previousMonth}`} rel="prev" data-testid="previous-month">
          ← {t("calendar:previous")}
        </Link>
        <h2 data-testid="calendar-month">{monthTitle}</h2>
        <Link to={`${base}?month=${calendar.nextMonth}`} rel="next" data-testid="next-month">
          {t("calendar:next")} →
        </Link>
      </nav>
      <ul className="calendar-legend">
        {(["free", "held", "booked", "blocked", "paused"] as const).map((state) => (
          <li key={state} className={`calendar-legend__item calendar-day--${state}`}>
            {t(`calendar:state.${state}`)}
          </li>
        ))}
      </ul>
      <table className="host-calendar__grid" data-testid="host-calendar">
        <thead>
          <tr>
            {calendar.weekdays.map((iso) => (
              <th key={iso} scope="col">
                {weekday(iso)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week, index) => (
            <tr key={index}>
              {week.map((day, column) =>
                day ? (
                  <td
                    key={day.date}
                    className={`calendar-day calendar-day--${day.shownState}${inSelection(day.date) ? " calendar-day--selected" : ""}`}
                    data-date={day.date}
                    data-state={day.state}
                    data-external={external[day.date]?.join(" ") || undefined}
                    onPointerDown={day.shownState === "past" ? undefined : (event) => onPointerDown(day.date, event)}
                    onPointerEnter={day.shownState === "past" ? undefined : () => onPointerEnter(day.date)}
                  >
                    {day.shownState === "past" ? (
                      <span className="calendar-day__number">{day.day}</span>
                    ) : (
                      <Link
                        to={`${base}?${new URLSearchParams({ month: calendar.month, from: day.date, to: day.date })}#calendar-actions`}
                        className="calendar-day__link"
                        draggable={false}
                        onClick={(event) => {
                          // With JavaScript the drag already selected: stay on the page.
                          event.preventDefault();
                        }}
                        aria-label={`${day.date} · ${t(`calendar:state.${day.state}`)}`}
                      >
                        <span className="calendar-day__number">{day.day}</span>
                        <span className="calendar-day__price">
                          <Money millimes={day.price} />
                        </span>
                        <span className="calendar-day__state">
                          {day.state === "blocked" && external[day.date]
                            ? t("calendar-sync:section.external", { sources: external[day.date]!.map((source) => t(`calendar-sync:sources.${source}`)).join(", ") })
                            : t(`calendar:state.${day.state}`)}
                        </span>
                      </Link>
                    )}
                  </td>
                ) : (
                  <td key={`pad-${column}`} className="calendar-day calendar-day--pad" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>

      <section id="calendar-actions" className="booking__card host-calendar__actions" aria-labelledby="range-title">
        <h2 id="range-title">{t("calendar:range.title")}</h2>
        {result?.error ? (
          <p className="form-errors" role="alert" data-testid="calendar-error">
            {t(result.error, { count: 366 })}
          </p>
        ) : null}
        <Form method="post" className="host-calendar__form">
          <div className="host-calendar__dates">
            <div className="field">
              <label htmlFor="from">{t("calendar:range.from")}</label>
              <input
                id="from"
                name="from"
                type="date"
                min={today}
                value={selection.from}
                onChange={(event) => setSelection((s) => ({ from: event.target.value, to: s.to && s.to >= event.target.value ? s.to : event.target.value }))}
                required
                data-testid="range-from"
              />
            </div>
            <div className="field">
              <label htmlFor="to">{t("calendar:range.to")}</label>
              <input
                id="to"
                name="to"
                type="date"
                min={selection.from || today}
                value={selection.to}
                onChange={(event) => setSelection((s) => ({ ...s, to: event.target.value }))}
                data-testid="range-to"
              />
            </div>
          </div>
          <div className="host-calendar__buttons">
            <button type="submit" name="intent" value="block" className="button" disabled={busy} data-testid="block-range">
              {t("calendar:range.block")}
            </button>
            <button type="submit" name="intent" value="unblock" className="button button--ghost" disabled={busy} data-testid="unblock-range">
              {t("calendar:range.unblock")}
            </button>
          </div>
          <div className="field host-calendar__price">
            <label htmlFor="price">{t("calendar:range.price")}</label>
            <input id="price" name="price" inputMode="decimal" placeholder={t("calendar:range.pricePlaceholder")} data-testid="range-price" />
            <p className="field__hint">{t("calendar:range.priceHint")}</p>
          </div>
          <div className="host-calendar__buttons">
            <button type="submit" name="intent" value="price" className="button" disabled={busy} data-testid="set-price">
              {t("calendar:range.setPrice")}
            </button>
            <button type="submit" name="intent" value="reset-price" className="button button--ghost" disabled={busy} formNoValidate>
              {t("calendar:range.resetPrice")}
            </button>
          </div>
        </Form>
        <Form method="post" className="host-calendar__all">
          <p>{t("calendar:all.text")}</p>
          <button type="submit" name="intent" value="block-all" className="button button--ghost" disabled={busy} data-testid="block-all">
            {t("calendar:all.block")}
          </button>
          <button type="submit" name="intent" value="unblock-all" className="button button--ghost" disabled={busy} data-testid="unblock-all">
            {t("calendar:all.unblock")}
          </button>
        </Form>
      </section>
      <CalendarSyncSection section={sync} language={language} error={syncError} />
    </main>
  );
}
