// The Darna team's two roles and what each may do in the operator console (ADR 170).
// "support" reads every admin page, answers users and moderates (listings, reviews, accounts);
// only an "operator" decides money (payouts, refunds, claims, withholding, bank payments,
// currency rates) and roles.

export const STAFF_ROLES = ["support", "operator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type UserRole = "user" | StaffRole;

export const ADMIN_CAPABILITIES = ["read", "moderate", "money", "roles"] as const;
export type AdminCapability = (typeof ADMIN_CAPABILITIES)[number];

const GRANTS: Record<StaffRole, readonly AdminCapability[]> = {
  support: ["read", "moderate"],
  operator: ADMIN_CAPABILITIES,
};

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

/** The role as the app knows it: an unknown stored value is an ordinary user. */
export function userRoleOf(role: unknown): UserRole {
  return isStaffRole(role) ? role : "user";
}

/** May someone with `role` do what `capability` covers? */
export function can(role: unknown, capability: AdminCapability): boolean {
  return isStaffRole(role) && GRANTS[role].includes(capability);
}
