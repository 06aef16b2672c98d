import { describe, expect, it } from "vitest";
import { backoffDelay, shouldReconnect } from "~/components/messages/use-messaging-socket";

// The client's reconnect delays: exponential from 1 s, capped at 30 s, with jitter in the upper half.
describe("backoffDelay", () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [5, 30_000],
    [12, 30_000],
  ])("attempt %i waits between half of %i ms and all of it", (attempt, base) => {
    expect(backoffDelay(attempt, () => 0)).toBe(base / 2);
    expect(backoffDelay(attempt, () => 1)).toBe(base);
    const delay = backoffDelay(attempt);
    expect(delay).toBeGreaterThanOrEqual(base / 2);
    expect(delay).toBeLessThanOrEqual(base);
  });

  it("grows with each failed attempt until the cap", () => {
    const delays = Array.from({ length: 8 }, (_, attempt) => backoffDelay(attempt, () => 0.5));
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays.at(-1)).toBe(22_500);
  });
});

// After the server refused the token (4401) the client stops: the same token would be refused
// again, forever. Anything else (a restart, a dropped network, a proxy timeout) is retried.
describe("shouldReconnect", () => {
  it.each([
    [4401, false],
    [1000, true],
    [1001, true],
    [1006, true],
    [1009, true],
    [1011, true],
    [4000, true],
  ])("close code %i → reconnect: %s", (code, expected) => {
    expect(shouldReconnect(code)).toBe(expected);
  });
});
