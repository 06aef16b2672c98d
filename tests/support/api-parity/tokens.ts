// API twins of /profile/security (issue 22 point 1; owned by api-tokens, see API22.md). The page's
// intents: create-token and revoke-token (twins below), change-password (its twin is api-parity's
// password operation; the lead adds it here at merge), revoke / revoke-others (signing out browser
// sessions: a page-only act, documented in ADR 220).
// The type is tests/support/api-parity.ts's ApiParityEntry (api-parity's), spelled out here so this
// file stands before that one is merged.
type ApiParityEntry = { route: string; api: string[] } | { route: string; exception: string };

export const parity: ApiParityEntry[] = [
  {
    route: "($lang).profile.security.tsx",
    api: ["GET /api/v1/tokens", "POST /api/v1/tokens", "DELETE /api/v1/tokens/{id}"],
  },
];
