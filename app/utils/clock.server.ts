// The server's "now" for a request. Pages whose rules follow the calendar (the payout window:
// the 25th to the month's last day, Tunis time) read it here, so the end-to-end journeys can
// set a date: with DARNA_TEST_CLOCK=true (never on a public server: env.server.ts refuses it),
// a request carrying the cookie `darna_test_clock=<ISO instant>` runs at that instant. Without
// the flag the cookie is ignored and the answer is the system clock (ADR 141).
import { env } from "~/utils/env.server";

export const TEST_CLOCK_COOKIE = "darna_test_clock";

/** The instant the cookie asks for, or null (absent, malformed). */
function cookieInstant(request: Request): Date | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== TEST_CLOCK_COOKIE) continue;
    const text = decodeURIComponent(value.join("="));
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return null;
}

/** "Now" for `request`: the test clock's instant when the server allows one, else the system clock. */
export function requestNow(request: Request): Date {
  if (!env.testClock) return new Date();
  return cookieInstant(request) ?? new Date();
}
