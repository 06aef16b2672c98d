import { describe, expect, it } from "vitest";
import { backoffDelay } from "~/components/messages/use-messaging-socket";

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
