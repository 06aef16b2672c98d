/** A sync time as Tunis clocks show it ("25 Nov 2026, 23:10"), or `fallback` when there is none. */
export function formatInstant(value: string | null, language: string, fallback: string): string {
  if (!value) return fallback;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Tunis" }).format(new Date(value));
}
