import { describe, expect, it } from "vitest";
import { percentile, summarize, table } from "../../bench/lib/stats";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100
  it.each([
    [hundred, 95, 95],
    [hundred, 50, 50],
    [hundred, 99, 99],
    [hundred, 100, 100],
    [hundred, 0.5, 1],
    [[10, 20, 30, 40], 95, 40],
    [[10, 20, 30, 40], 50, 20],
    [[7], 95, 7],
  ])("%j p%s → %s", (samples, p, expected) => {
    expect(percentile(samples, p)).toBe(expected);
  });

  it("is NaN without samples and refuses p outside (0, 100]", () => {
    expect(percentile([], 95)).toBeNaN();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe("summarize", () => {
  it("sorts the latencies and derives requests per second", () => {
    const latencies = Array.from({ length: 200 }, (_, i) => 200 - i); // 200..1, unsorted
    const summary = summarize("x", latencies, 4, { non2xx: 1, errors: 2 });
    expect(summary).toMatchObject({ requests: 200, requestsPerSecond: 50, p50Ms: 100, p95Ms: 190, p99Ms: 198, non2xx: 1, errors: 2 });
  });
});

describe("table", () => {
  it("left-aligns the first column and right-aligns the others", () => {
    expect(table([["a", "1"], ["bbb", "22"]])).toBe("a     1\nbbb  22");
  });
});
