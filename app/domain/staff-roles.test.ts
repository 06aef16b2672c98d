import { describe, expect, it } from "vitest";
import { ADMIN_CAPABILITIES, can, userRoleOf } from "~/domain/staff-roles";

describe("can", () => {
  it.each([
    ["user", []],
    ["support", ["read", "moderate"]],
    ["operator", ["read", "moderate", "money", "roles"]],
    ["admin", []],
    [null, []],
  ] as const)("%s may %j", (role, allowed) => {
    expect(ADMIN_CAPABILITIES.filter((capability) => can(role, capability))).toEqual(allowed);
  });

  it("reads unknown stored roles as ordinary users", () => {
    expect(userRoleOf("root")).toBe("user");
    expect(userRoleOf("support")).toBe("support");
  });
});
