import { useRouteLoaderData } from "@remix-run/react";
import { STAY_TIME_ZONE } from "~/domain/stay-dates";
import { dateTimeFormat } from "~/utils/date-format";

// Times are shown in the signed-in user's time zone (profile settings, applied from the next
// request on, and at every sign-in); visitors and unreadable values get Tunisia's.
export const DEFAULT_TIME_ZONE = STAY_TIME_ZONE;

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value === "") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The time zone of the user in the root loader's data, or Tunisia's. */
export function timeZoneFrom(rootData: unknown): string {
  const user = (rootData as { user?: { timeZone?: unknown } | null } | null | undefined)?.user;
  return isTimeZone(user?.timeZone) ? user.timeZone : DEFAULT_TIME_ZONE;
}

export function useTimeZone(): string {
  return timeZoneFrom(useRouteLoaderData("root"));
}

type InstantStyle = Pick<Intl.DateTimeFormatOptions, "dateStyle" | "timeStyle">;

/** Formats instants (a deadline, a message, a sign-in…) in `language` and the user's time zone. */
export function useUserTime(language: string, style: InstantStyle = { dateStyle: "medium", timeStyle: "short" }) {
  const format = dateTimeFormat(language, { ...style, timeZone: useTimeZone() });
  return (instant: string | Date) => format.format(new Date(instant));
}
