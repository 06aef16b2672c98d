// Numeric ids in URLs (/reservation-details/12, /api/v1/reservations/12/payments): one rule for
// every route, so "abc", "1e3", "-1" or an id past the INTEGER column never reaches a query.

const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/** The id a path segment names, or null when it is not a positive integer an id column holds. */
export function parseIdParam(value: string | null | undefined): number | null {
  if (!value || !ID.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** The id a path segment names; anything else is the page's 404. */
export function requireIdParam(value: string | null | undefined): number {
  const id = parseIdParam(value);
  if (id === null) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return id;
}
