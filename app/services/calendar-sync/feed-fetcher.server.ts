import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { FeedErrorKey } from "~/domain/calendar-sync";
import { env } from "~/utils/env.server";

// Fetching a host's calendar URL is fetching a URL a user typed, from inside our network: only
// http(s), never a loopback, private, link-local or otherwise internal address (checked on the
// address actually connected to, redirects included, so DNS cannot point us inside), a time
// limit for the whole exchange, a size cap and a few redirects at most.

export type FetchResult = { ok: true; body: string } | { ok: false; error: FeedErrorKey; detail: string };

/** What the sync uses to read a feed: the real one below, or a test double. */
export interface FeedFetcher {
  fetch(url: string): Promise<FetchResult>;
}

export interface FetcherOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Allows loopback and private addresses (tests and local setups: CALENDAR_SYNC_ALLOW_PRIVATE=true). */
  allowPrivate?: boolean;
}

export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_REDIRECTS = 3;

const internal = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  internal.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  internal.addSubnet(network, prefix, "ipv6");
}

/** True for an address we must never fetch from (IPv4-mapped IPv6 addresses judged as IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, "ipv4");
  const family = net.isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? "ipv4" : "ipv6");
}

class FetchFailure extends Error {
  constructor(
    readonly key: FeedErrorKey,
    detail: string,
  ) {
    super(detail);
  }
}

export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((entry) => !allowPrivate && isInternalAddress(entry.address));
      if (refused) return callback(new FetchFailure("forbiddenAddress", `${hostname} resolves to ${refused.address}`), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname}: no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchFailure("unreachable", "not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchFailure("forbiddenAddress", `scheme ${url.protocol}`);
  if (url.username || url.password) throw new FetchFailure("forbiddenAddress", "credentials in the URL");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && net.isIP(host) && isInternalAddress(host)) throw new FetchFailure("forbiddenAddress", `address ${host}`);
  if (!allowPrivate && /^localhost$|\.localhost$/i.test(host)) throw new FetchFailure("forbiddenAddress", `host ${host}`);
  return url;
}

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

function request(url: URL, options: Required<FetcherOptions>, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.get(
      url,
      {
        lookup: guardedLookup(options.allowPrivate),
        signal,
        headers: { Accept: "text/calendar, */*;q=0.5", "User-Agent": "Darna calendar sync" },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location ?? null, body: "" });
          return;
        }
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          reject(new FetchFailure("tooLarge", `content-length ${declared}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new FetchFailure("tooLarge", `more than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ status, location: null, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

/** The fetcher of the running server: CALENDAR_SYNC_ALLOW_PRIVATE=true lifts the address rule. */
export function createFeedFetcher(options: FetcherOptions = {}): FeedFetcher {
  const settings: Required<FetcherOptions> = {
    timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? FEED_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? FEED_MAX_REDIRECTS,
    allowPrivate: options.allowPrivate ?? env.calendarSyncAllowPrivate,
  };
  return {
    async fetch(raw) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
      try {
        let url = checkUrl(raw, settings.allowPrivate);
        for (let redirects = 0; ; redirects += 1) {
          const answer = await request(url, settings, controller.signal);
          if (answer.status >= 300 && answer.status < 400 && answer.location) {
            if (redirects >= settings.maxRedirects) throw new FetchFailure("tooManyRedirects", `more than ${settings.maxRedirects} redirects`);
            url = checkUrl(new URL(answer.location, url).toString(), settings.allowPrivate);
            continue;
          }
          if (answer.status < 200 || answer.status >= 300) throw new FetchFailure("httpStatus", `HTTP ${answer.status}`);
          return { ok: true, body: answer.body };
        }
      } catch (error) {
        if (error instanceof FetchFailure) return { ok: false, error: error.key, detail: error.message };
        if (controller.signal.aborted) return { ok: false, error: "timeout", detail: `no answer within ${settings.timeoutMs} ms` };
        const cause = (error as { cause?: unknown } | null)?.cause;
        if (cause instanceof FetchFailure) return { ok: false, error: cause.key, detail: cause.message };
        return { ok: false, error: "unreachable", detail: error instanceof Error ? error.message : String(error) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
