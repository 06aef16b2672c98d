// Parity map (ADR 225): the accounts and profile pages. tokens.ts (api-tokens) maps /profile/security.
import type { ApiParityEntry } from "../api-parity";

export const parity: ApiParityEntry[] = [
  { route: "($lang).auth._index.tsx", api: ["POST /api/v1/auth/token"] },
  {
    route: "($lang).auth.signup.tsx",
    exception:
      "Creating an account is a person's act: the terms are accepted on the page and the e-mail address is proven by a link before anything else; the API's consumers act for accounts that exist (POST /api/v1/auth/token).",
  },
  {
    route: "($lang).auth.forgot-password.tsx",
    exception: "A forgotten password is reset through a link e-mailed to the person; a program that holds a token changes the password with POST /api/v1/me/password.",
  },
  {
    route: "($lang).auth.reset-password.$token.tsx",
    exception: "The reset page is reached only from the e-mailed link (its one-use token is the proof); a program that holds a token uses POST /api/v1/me/password.",
  },
  {
    route: "($lang).auth.logout.tsx",
    exception: "Signing out ends the page's Token cookie session; an API token is revoked on /profile/security (and by api-tokens' token operations) or ends at its expiry.",
  },
  { route: "($lang).verify.$id.tsx", exception: "Verifying an e-mail address is clicking the link sent to it: the link's token is the proof, which a program cannot give." },
  { route: "($lang).verify._index.tsx", exception: "Sending the verification e-mail again is for the person reading the mailbox; the address is verified only through the e-mailed link." },
  { route: "($lang).profile._index.tsx", api: ["GET /api/v1/me", "PATCH /api/v1/me"] },
  { route: "($lang).profile.settings.tsx", api: ["GET /api/v1/me", "PATCH /api/v1/me"] },
  { route: "($lang).profile.mode.tsx", api: ["PATCH /api/v1/me"] },
  // The display currency of a signed-in user is a setting; anonymous visitors keep it in a cookie.
  { route: "($lang).currency.tsx", api: ["PATCH /api/v1/me", "GET /api/v1/tnd-value/{code}"] },
  {
    route: "($lang).data-saver.tsx",
    exception: "Data saver (ADR 231) changes how pages are sent to this browser (no JavaScript, the smallest photos), kept in a cookie of the browser; an API answer is JSON whose photos already list every size, so there is nothing for a program to switch.",
  },
];
