import { useTranslation } from "react-i18next";

export interface CalendarNight {
  date: string;
  status: "past" | "free" | "booked" | "held" | "blocked" | "paused" | "beyond";
  price: number | null;
}

export interface CalendarMonthData {
  month: string;
  weeks: Array<Array<CalendarNight | null>>;
}

/** Monday first; labels from Intl in the page's language (2024-01-01 was a Monday). */
function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

function monthName(month: string, language: string): string {
  const [year, index] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year!, index! - 1, 1)));
}

/** The coming months as plain tables rendered on the server: free nights stand out. */
export function AvailabilityCalendar({ months, language }: { months: CalendarMonthData[]; language: string }) {
  const { t } = useTranslation("property");
  const days = weekdayNames(language);
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
              {month.weeks.map((week, index) => (
                <tr key={index}>
                  {week.map((night, day) =>
                    night ? (
                      <td key={night.date}>
                        <span
                          className={`day day--${night.status}`}
                          data-date={night.date}
                          data-status={night.status}
                          title={t(`calendar.status.${night.status}`)}
                        >
                          {Number(night.date.slice(8))}
                          <span className="visually-hidden">, {t(`calendar.status.${night.status}`)}</span>
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
          <span className="day day--free">1</span> {t("calendar.status.free")}
        </li>
        <li>
          <span className="day day--booked">1</span> {t("calendar.legendTaken")}
        </li>
      </ul>
    </div>
  );
}
