// A small local iCal HTTP server for the calendar-sync tests: each path answers what the test set
// (a calendar, an HTML error page, a status, a redirect, a slow or an oversized answer), and the
// test can change it between two syncs. Listens on 127.0.0.1 on a free port.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FeedAnswer {
  status?: number;
  body?: string;
  contentType?: string;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
  /** Answers 302 to this location. */
  redirectTo?: string;
  /** Streams this many bytes of calendar-looking text (size cap). */
  bytes?: number;
}

export interface IcalServer {
  origin: string;
  url(path: string): string;
  set(path: string, answer: FeedAnswer): void;
  /** How many requests a path received. */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startIcalServer(): Promise<IcalServer> {
  const answers = new Map<string, FeedAnswer>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const answer = answers.get(path);
    const respond = () => {
      if (!answer) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
        return;
      }
      if (answer.redirectTo) {
        res.writeHead(302, { Location: answer.redirectTo }).end();
        return;
      }
      if (answer.bytes) {
        res.writeHead(answer.status ?? 200, { "Content-Type": "text/calendar" });
        const line = Buffer.from(`X-PADDING:${"x".repeat(1000)}\r\n`);
        let sent = 0;
        const pump = () => {
          while (sent < answer.bytes!) {
            sent += line.length;
            if (!res.write(line)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.write("BEGIN:VCALENDAR\r\n");
        pump();
        return;
      }
      res.writeHead(answer.status ?? 200, { "Content-Type": answer.contentType ?? "text/calendar; charset=utf-8" }).end(answer.body ?? "");
    };
    if (answer?.delayMs) setTimeout(respond, answer.delayMs);
    else respond();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    set: (path, answer) => void answers.set(path, answer),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An all-day calendar of the given [start, end) ranges (YYYY-MM-DD), as a platform exports it. */
export function icalOf(ranges: Array<[string, string]>): string {
  const compact = (date: string) => date.replaceAll("-", "");
  const events = ranges.flatMap(([start, end], index) => [
    "BEGIN:VEVENT",
    `UID:test-${index}-${compact(start)}@example.test`,
    `DTSTART;VALUE=DATE:${compact(start)}`,
    `DTEND;VALUE=DATE:${compact(end)}`,
    "SUMMARY:Reserved",
    "END:VEVENT",
  ]);
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
}
