// A Friend Trip request body that is not an object (null, a list, a number, a string) is refused
// as invalid input, never a crash in the end-date check (found by the hardening fuzz test).
import { describe, expect, it } from "vitest";
import { createFriendTripRequestSchema } from "~/schemas/friend-trip";

describe("Friend Trip request schema", () => {
  it.each([null, [], 3, "text", true])("refuses %j without throwing", (body) => {
    expect(createFriendTripRequestSchema("2026-01-01").safeParse(body).success).toBe(false);
  });

  it("still reports an end date before the start with the other mistakes", () => {
    const result = createFriendTripRequestSchema("2026-01-01").safeParse({ startDate: "2026-05-10", endDate: "2026-05-01" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.some((issue) => issue.path.join(".") === "endDate")).toBe(true);
  });
});
