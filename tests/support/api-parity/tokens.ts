// API twins of /profile/security (issue 22 point 1; owned by api-tokens, see API22.md). The page's
// intents: create-token and revoke-token (twins below), change-password (its twin: POST /api/v1/me/password), revoke / revoke-others (signing out browser
// sessions: a page-only act, documented in ADR 220).
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  {
    route: "($lang).profile.security.tsx",
    api: ["GET /api/v1/tokens", "POST /api/v1/tokens", "DELETE /api/v1/tokens/{id}", "POST /api/v1/me/password"],
  },
];
