import { describe, expect, it } from "vitest";
import { evaluateRateLimit } from "./auth-rate-limit.server";

const minute = 60_000;
const now = new Date("2025-06-01T12:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * minute);
const limit = { max: 3, windowMs: 15 * minute };

describe("evaluateRateLimit", () => {
  it.each([
    ["no attempts", [], false, 0],
    ["fewer than the limit", [ago(1), ago(2)], false, 0],
    ["the limit reached", [ago(1), ago(2), ago(3)], true, 12 * 60],
    ["old attempts do not count", [ago(1), ago(2), ago(15), ago(20)], false, 0],
    ["more than the limit: freed when the max-th newest leaves", [ago(1), ago(2), ago(10), ago(14)], true, 5 * 60],
    ["an attempt just now", [now, now, now], true, 15 * 60],
  ] as const)("%s", (_what, times, limited, retryAfterSeconds) => {
    expect(evaluateRateLimit([...times], limit, now)).toEqual({ limited, retryAfterSeconds });
  });
});
