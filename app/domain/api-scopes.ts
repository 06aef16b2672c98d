// The scopes of a personal access token (issue 22, PRODUCT.md "The /api/v1 resource routes").
// Each bearer operation of the API declares the one scope it needs (app/openapi/<area>.ts,
// `scope`); a session token from POST /api/v1/auth/token holds every scope.
export const API_SCOPES = [
  "read",
  "profile:write",
  "listings:write",
  "calendar:write",
  "reservations:write",
  "messages:write",
  "reviews:write",
  "favorites:write",
  "notifications:write",
  "payouts:read",
  "payouts:write",
  "claims:write",
  "experiences:write",
  "webhooks:write",
] as const;

export type ApiScope = (typeof API_SCOPES)[number];
