import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/utils/date-format";

export interface CalendarNight {
  date: string;
  status: "past" | "free" | "booked" | "held" | "blocked" | "paused" | "beyond";
}

/**
 * What a page sends for a month (ADR 247): the status of each of its nights from the 1st. The
 * dates, the padding of the weeks and the prices (the calendar shows none) are not loader data:
 * the weeks are laid out here, on the server and again in the browser.
 */
export interface CalendarMonthData {
  /** YYYY-MM */
  month: string;
  statuses: CalendarNight["status"][];
}

/** The statuses of the nights of months laid out in weeks (the service's calendar). */
export function calendarMonthData(months: ReadonlyArray<{ month: string; weeks: ReadonlyArray<ReadonlyArray<CalendarNight | null>> }>): CalendarMonthData[] {
  return months.map((month) => ({
    month: month.month,
    statuses: month.weeks.flat().flatMap((night) => (night ? [night.status] : [])),
  }));
}

/** The month's nights in weeks from Monday, null padding the days of other months. */
function weeksOf(month: CalendarMonthData): Array<Array<CalendarNight | null>> {
  const [year, index] = month.month.split("-").map(Number);
  const mondayFirst = (new Date(Date.UTC(year!, index! - 1, 1)).getUTCDay() + 6) % 7;
  const cells: Array<CalendarNight | null> = Array.from({ length: mondayFirst }, () => null);
  month.statuses.forEach((status, day) => cells.push({ date: `${month.month}-${String(day + 1).padStart(2, "0")}`, status }));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<CalendarNight | null>> = [];
  for (let week = 0; week < cells.length; week += 7) weeks.push(cells.slice(week, week + 7));
  return weeks;
}

const STATUSES: CalendarNight["status"][] = ["past", "free", "booked", "held", "blocked", "paused", "beyond"];

// Intl formatters are costly to build and the server renders this calendar on every property
// page (ADR 240): the shared ~/utils/date-format keeps them; the weekday labels once per language.
const weekdaysByLanguage = new Map<string, string[]>();

/** Monday first; labels from Intl in the page's language (2024-01-01 was a Monday). */
function weekdayNames(language: string): string[] {
  let names = weekdaysByLanguage.get(language);
  if (!names) {
    const format = dateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
    names = Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
    weekdaysByLanguage.set(language, names);
  }
  return names;
}

function monthName(month: string, language: string): string {
  const [year, index] = month.split("-").map(Number);
  return dateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year!, index! - 1, 1)));
}

/** The coming months as plain tables rendered on the server: free nights stand out. */
export function AvailabilityCalendar({ months, language }: { months: CalendarMonthData[]; language: string }) {
  const { t } = useTranslation("property");
  const days = weekdayNames(language);
  // Seven translations, not two per day shown.
  const statusLabel = Object.fromEntries(STATUSES.map((status) => [status, t(`calendar.status.${status}`)])) as Record<
    CalendarNight["status"],
    string
  >;
  return (
    <div>
      <div className="calendars">
        {months.map((month) => (
          <table key={month.month} className="calendar" data-testid="calendar-month">
            <caption>{monthName(month.month, language)}</caption>
            <thead>
              <tr>
                {days.map((day) => (
                  <th key={day} scope="col">
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(month).map((week, index) => (
                <tr key={index}>
                  {week.map((night, day) =>
                    night ? (
                      <td key={night.date}>
                        <span
                          className={`day day--${night.status}`}
                          data-date={night.date}
                          data-status={night.status}
                          title={statusLabel[night.status]}
                        >
                          {Number(night.date.slice(8))}
                          <span className="visually-hidden">{`, ${statusLabel[night.status]}`}</span>
                        </span>
                      </td>
                    ) : (
                      <td key={`empty-${day}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <ul className="calendar-legend">
        <li>
          <span className="day day--free">1</span> {statusLabel.free}
        </li>
        <li>
          <span className="day day--booked">1</span> {t("calendar.legendTaken")}
        </li>
      </ul>
    </div>
  );
}
