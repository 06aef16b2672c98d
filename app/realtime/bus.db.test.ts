import { afterEach, describe, expect, it } from "vitest";
import { createRealtimeBus, type RealtimeBus } from "~/realtime/bus.server";

// Runs against a real Redis (CI has one on 127.0.0.1:6379); REDIS_TEST_URL overrides.
const redisUrl = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

class FakeSocket {
  readyState = 1;
  received: unknown[] = [];
  send(data: string) {
    this.received.push(JSON.parse(data));
  }
}

const opened: RealtimeBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

async function until(check: () => boolean, timeoutMs = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("realtime bus", () => {
  it("delivers in-process without Redis, only to the named users' open sockets", async () => {
    const bus = createRealtimeBus();
    const alice = new FakeSocket();
    const bob = new FakeSocket();
    const closed = Object.assign(new FakeSocket(), { readyState: 3 });
    bus.registry.add(1, alice);
    bus.registry.add(2, bob);
    bus.registry.add(1, closed);
    await bus.publish([1], { event: "message", text: "hi" });
    expect(alice.received).toEqual([{ event: "message", text: "hi" }]);
    expect(bob.received).toEqual([]);
    expect(closed.received).toEqual([]);
  });

  it("with Redis, reaches a user whose socket is held by another instance, exactly once", async () => {
    const serverA = createRealtimeBus({ redisUrl });
    const serverB = createRealtimeBus({ redisUrl });
    opened.push(serverA, serverB);
    await Promise.all([serverA.ready(), serverB.ready()]);
    const travelerOnA = new FakeSocket();
    const hostOnB = new FakeSocket();
    const hostSecondTabOnA = new FakeSocket();
    serverA.registry.add(10, travelerOnA);
    serverB.registry.add(20, hostOnB);
    serverA.registry.add(20, hostSecondTabOnA);

    await serverA.publish([10, 20], { event: "message", id: 1 });
    await until(() => hostOnB.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100)); // any duplicate would arrive by now
    expect(travelerOnA.received).toEqual([{ event: "message", id: 1 }]);
    expect(hostSecondTabOnA.received).toEqual([{ event: "message", id: 1 }]);
    expect(hostOnB.received).toEqual([{ event: "message", id: 1 }]);
  });
});
