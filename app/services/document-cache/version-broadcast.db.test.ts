import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { bumpDataVersion, currentDataVersion } from "~/db/data-version.server";
import { broadcastDataVersion, type VersionBroadcast } from "~/services/document-cache/version-broadcast.server";

// ADR 244 with several instances: this instance's writes are published on Redis, and a write
// published by another instance moves this one's data version. Runs against a real Redis (CI has
// one on 127.0.0.1:6379); REDIS_TEST_URL overrides.
const redisUrl = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const opened: Array<VersionBroadcast | Redis> = [];

afterEach(async () => {
  for (const item of opened.splice(0)) {
    if (item instanceof Redis) item.disconnect();
    else await item.close();
  }
});

async function until(check: () => boolean, timeoutMs = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the data version across instances", () => {
  it("publishes this instance's writes, once per turn however many", async () => {
    const channel = `darna-test:document-version:${crypto.randomBytes(4).toString("hex")}`;
    const listener = new Redis(redisUrl);
    opened.push(listener);
    const received: string[] = [];
    await listener.subscribe(channel);
    listener.on("message", (_channel, message: string) => received.push(message));
    const broadcast = broadcastDataVersion({ redisUrl, channel });
    opened.push(broadcast);
    await broadcast.ready;
    bumpDataVersion();
    bumpDataVersion();
    await until(() => received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });

  it("moves on another instance's write, and not on its own message coming back", async () => {
    const channel = `darna-test:document-version:${crypto.randomBytes(4).toString("hex")}`;
    const broadcast = broadcastDataVersion({ redisUrl, channel });
    opened.push(broadcast);
    await broadcast.ready;
    const before = currentDataVersion();
    bumpDataVersion(); // its own: published, and ignored when it comes back
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(currentDataVersion()).toBe(before + 1);
    const other = new Redis(redisUrl);
    opened.push(other);
    await other.publish(channel, "another-instance");
    await until(() => currentDataVersion() === before + 2);
  });
});
