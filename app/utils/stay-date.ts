// One way to write a calendar date (YYYY-MM-DD: stay dates, refund due dates, booking windows)
// per language, shared by every page: "Thu, Apr 1, 2027" / "jeu. 1 avr. 2027" / "jue, 1 abr 2027".
// Dates are calendar days, not instants: formatted in UTC so no time zone shifts them.

const formats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (YYYY-MM-DD) in `language`; anything else is returned as given. */
export function formatStayDate(language: string, date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    formats.set(language, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** The date values of a translated message ({{date}}, {{checkIn}}…) written as dates in `language`. */
export function withStayDates(language: string, values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, typeof value === "string" ? formatStayDate(language, value) : value]));
}
