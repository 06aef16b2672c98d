// GET /ical/{token}.ics: a unit's private iCal export (text/calendar). An unknown or regenerated
// token answers 404; nothing says whether a listing exists.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCalendar } from "~/services/calendar-sync/export.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const match = /^([\w-]+)\.ics$/.exec(params.file ?? "");
  const calendar = match ? await exportCalendar(match[1]!) : null;
  if (calendar === null) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="darna.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
