// The parity map of issue 22 point 1 (ADR 225): every action a traveler, host or partner can take
// on a page has an /api/v1 twin, or a written reason why not. Entries live in
// tests/support/api-parity/<area>.ts, each `export const parity: ApiParityEntry[]`;
// tests/db/api-parity.test.ts walks app/routes and holds them against the OpenAPI document.
export type ApiParityEntry =
  /** route: a file name in app/routes, e.g. "($lang).dashboard.listings.$id.photos.tsx"; api:
   * "METHOD /api/v1/path/{param}" exactly as in the OpenAPI document. */
  | { route: string; api: string[] }
  /** Why this page action has no API twin (documented). */
  | { route: string; exception: string };
