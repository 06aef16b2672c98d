import { z } from "zod";
import {
  ChannelManagerRefusal,
  ChannelManagerUnavailable,
  type ChannelBooking,
  type ChannelManager,
  type ChannelNight,
} from "~/services/channel-manager/channel-manager.server";
import { env } from "~/utils/env.server";

// The Beds24-style JSON API (ADR 120): every call is a POST of JSON to {CHANNEL_MANAGER_URL}/json/<call>
// with { authentication: { apiKey, propKey? } }; a refusal is a 200 whose body is
// { error, errorCode } ("1000" bad apiKey, "1010" bad propKey).
//   getProperties   → { getProperties: [{ propKey, name }] }
//   getBookings     { departureFrom: "YYYYMMDD" } → [{ bookId, firstNight, lastNight, status }] (status "0" = cancelled)
//   setRoomDates    { dates: { YYYYMMDD: { i: 0|1, p1: "123.000" } } } → { success: true }

const TIMEOUT_MS = 8_000;

const refusalBody = z.object({ error: z.string(), errorCode: z.union([z.string(), z.number()]).optional() });
const propertiesBody = z.object({ getProperties: z.array(z.object({ propKey: z.string().optional(), name: z.string().optional() }).loose()) });
const bookingsBody = z.array(
  z
    .object({
      firstNight: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      lastNight: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      status: z.union([z.string(), z.number()]).optional(),
    })
    .loose(),
);

function compact(date: string): string {
  return date.replaceAll("-", "");
}

function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** A price in millimes as the API's decimal dinars ("123.500"). */
function dinars(millimes: number): string {
  return `${Math.floor(millimes / 1000)}.${String(millimes % 1000).padStart(3, "0")}`;
}

export function createBeds24Adapter(options: { baseUrl?: string; timeoutMs?: number } = {}): ChannelManager {
  const baseUrl = (options.baseUrl ?? env.channelManagerUrl).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  async function call(name: string, authentication: { apiKey: string; propKey?: string }, body: object = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/json/${name}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ authentication, ...body }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new ChannelManagerUnavailable(timedOut ? `${name}: no answer within ${timeoutMs} ms` : `${name}: ${error instanceof Error ? error.message : error}`);
    }
    if (!response.ok) throw new ChannelManagerUnavailable(`${name}: HTTP ${response.status}`);
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ChannelManagerUnavailable(`${name}: not JSON`);
    }
    const refusal = refusalBody.safeParse(json);
    if (refusal.success) {
      const code = String(refusal.data.errorCode ?? "");
      if (code === "1000" || /unauthori[sz]ed|api ?key/i.test(refusal.data.error)) throw new ChannelManagerRefusal("token", refusal.data.error);
      if (code === "1010" || /prop ?key|property/i.test(refusal.data.error)) throw new ChannelManagerRefusal("propertyKey", refusal.data.error);
      throw new ChannelManagerUnavailable(`${name}: ${refusal.data.error}`);
    }
    return json;
  }

  function parse<T>(schema: z.ZodType<T>, name: string, json: unknown): T {
    const result = schema.safeParse(json);
    if (!result.success) throw new ChannelManagerUnavailable(`${name}: unexpected answer`);
    return result.data;
  }

  return {
    async verifyToken(token) {
      parse(propertiesBody, "getProperties", await call("getProperties", { apiKey: token }));
    },
    async verifyProperty(token, propertyKey) {
      const properties = parse(propertiesBody, "getProperties", await call("getProperties", { apiKey: token, propKey: propertyKey }));
      if (!properties.getProperties.some((property) => property.propKey === propertyKey)) {
        throw new ChannelManagerRefusal("propertyKey", "property key not in the account");
      }
    },
    async pushAvailability(token, propertyKey, nights: readonly ChannelNight[]) {
      const dates: Record<string, { i: number; p1: string }> = {};
      for (const night of nights) dates[compact(night.date)] = { i: night.available ? 1 : 0, p1: dinars(night.price) };
      await call("setRoomDates", { apiKey: token, propKey: propertyKey }, { dates });
    },
    async pullBookings(token, propertyKey, from): Promise<ChannelBooking[]> {
      const bookings = parse(bookingsBody, "getBookings", await call("getBookings", { apiKey: token, propKey: propertyKey }, { departureFrom: compact(from) }));
      return bookings.map((booking) => ({
        arrival: booking.firstNight,
        departure: dayAfter(booking.lastNight),
        cancelled: String(booking.status ?? "1") === "0",
      }));
    },
  };
}
