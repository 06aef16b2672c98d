import crypto from "node:crypto";
import { Redis } from "ioredis";
import { SocketRegistry } from "~/realtime/socket-registry.server";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";

// Fan-out of realtime events to users' sockets. With REDIS_URL, every instance publishes on one
// Redis channel and delivers what it receives to the sockets it holds, so a message reaches a
// user connected to another server. Without Redis, delivery stays in this process.

/** The Redis channel; REALTIME_CHANNEL overrides it (tests give each run its own). */
export const REALTIME_CHANNEL = env.realtimeChannel;

interface Envelope {
  origin: string;
  userIds: number[];
  data: string;
}

export interface RealtimeBus {
  readonly registry: SocketRegistry;
  /** Sends `payload` (JSON-serialised) to every socket of these users, on every instance. */
  publish(userIds: number[], payload: unknown): Promise<void>;
  /** Resolves once the bus listens (immediately without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createRealtimeBus(options: { redisUrl?: string; registry?: SocketRegistry; channel?: string } = {}): RealtimeBus {
  const registry = options.registry ?? new SocketRegistry();
  const channel = options.channel ?? REALTIME_CHANNEL;
  const instanceId = crypto.randomBytes(8).toString("hex");
  if (!options.redisUrl) {
    return {
      registry,
      async publish(userIds, payload) {
        registry.deliver(userIds, JSON.stringify(payload));
      },
      ready: async () => {},
      close: async () => {},
    };
  }

  const publisher = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.redisUrl, { lazyConnect: false });
  for (const client of [publisher, subscriber]) {
    client.on("error", (error) => console.error("realtime: redis", error.message));
  }
  const subscribed = subscriber.subscribe(channel).then(() => undefined);
  subscriber.on("message", (_channel, raw: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === instanceId) return; // delivered locally already
    registry.deliver(envelope.userIds, envelope.data);
  });

  return {
    registry,
    async publish(userIds, payload) {
      const data = JSON.stringify(payload);
      registry.deliver(userIds, data);
      const envelope: Envelope = { origin: instanceId, userIds, data };
      await publisher.publish(channel, JSON.stringify(envelope));
    },
    ready: () => subscribed,
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** This process's bus (Redis when REDIS_URL is set). */
export function getRealtimeBus(): RealtimeBus {
  return singleton("realtime-bus", () => createRealtimeBus({ redisUrl: env.redisUrl }));
}
