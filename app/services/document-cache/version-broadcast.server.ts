// Several instances (REDIS_URL, ADR 203): a write committed on one instance must move every
// instance's data version, or the others would keep serving pages it changed (ADR 244). Each
// local move is published on a Redis channel (at most once per turn of the event loop); a move
// published by another instance moves this one's. The window: the time from the commit to the
// message's delivery (one Redis round trip, well under a millisecond on a local network), during
// which another instance may still serve the page as it was.
import crypto from "node:crypto";
import { Redis } from "ioredis";
import { bumpDataVersion, onLocalDataWrite } from "~/db/data-version.server";

export interface VersionBroadcast {
  /** Resolves once this instance listens. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function broadcastDataVersion({ redisUrl, channel }: { redisUrl: string; channel: string }): VersionBroadcast {
  const instanceId = crypto.randomBytes(8).toString("hex");
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl);
  for (const client of [publisher, subscriber]) {
    client.on("error", (error) => console.error("document-cache: redis", error.message));
  }
  const ready = subscriber.subscribe(channel).then(() => undefined);
  subscriber.on("message", (_channel, origin: string) => {
    if (origin !== instanceId) bumpDataVersion({ fromPeer: true });
  });
  let queued = false;
  const unsubscribe = onLocalDataWrite(() => {
    if (queued) return;
    queued = true;
    setImmediate(() => {
      queued = false;
      publisher.publish(channel, instanceId).catch((error: Error) => console.error("document-cache: could not publish a write", error.message));
    });
  });
  return {
    ready,
    async close() {
      unsubscribe();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
