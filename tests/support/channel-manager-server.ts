// A local server speaking the Beds24-style JSON API of app/services/channel-manager/beds24-adapter.server.ts:
// accounts (apiKey) with properties (propKey) and their bookings; refuses wrong tokens and keys the
// way the provider does (a 200 with { error, errorCode }); can be made slow or answer 5xx; records
// the availability pushed to it.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeBooking {
  firstNight: string;
  lastNight: string;
  status?: string;
}

export interface ChannelManagerServer {
  url: string;
  addAccount(apiKey: string, properties: Record<string, FakeBooking[]>): void;
  setBookings(apiKey: string, propKey: string, bookings: FakeBooking[]): void;
  /** Every later call answers this status (0 = normal again). */
  failWith(status: number): void;
  /** Every later call waits this long. */
  delay(ms: number): void;
  pushed: Array<{ propKey: string; dates: Record<string, { i: number; p1: string }> }>;
  close(): Promise<void>;
}

export async function startChannelManagerServer(): Promise<ChannelManagerServer> {
  const accounts = new Map<string, Map<string, FakeBooking[]>>();
  let failure = 0;
  let wait = 0;
  const pushed: ChannelManagerServer["pushed"] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const answer = (status: number, body: unknown) => {
        const send = () => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
        if (wait) setTimeout(send, wait);
        else send();
      };
      if (failure) return answer(failure, { error: "server error" });
      const call = new URL(req.url ?? "/", "http://x").pathname.replace(/^\/json\//, "");
      let body: { authentication?: { apiKey?: string; propKey?: string }; dates?: Record<string, { i: number; p1: string }> };
      try {
        body = JSON.parse(raw);
      } catch {
        return answer(400, { error: "bad json" });
      }
      const properties = accounts.get(body.authentication?.apiKey ?? "");
      if (!properties) return answer(200, { error: "Unauthorized", errorCode: "1000" });
      const propKey = body.authentication?.propKey;
      if (call === "getProperties") return answer(200, { getProperties: [...properties.keys()].filter((key) => !propKey || key === propKey).map((key) => ({ propKey: key, name: key })) });
      if (!propKey || !properties.has(propKey)) return answer(200, { error: "Invalid propKey", errorCode: "1010" });
      if (call === "getBookings") return answer(200, properties.get(propKey));
      if (call === "setRoomDates") {
        pushed.push({ propKey, dates: body.dates ?? {} });
        return answer(200, { success: true });
      }
      return answer(404, { error: "unknown call" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    addAccount: (apiKey, properties) => void accounts.set(apiKey, new Map(Object.entries(properties))),
    setBookings: (apiKey, propKey, bookings) => void accounts.get(apiKey)?.set(propKey, bookings),
    failWith: (status) => void (failure = status),
    delay: (ms) => void (wait = ms),
    pushed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
