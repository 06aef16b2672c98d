// The bearer's own account (issue 22, ADR 225): profile and settings as /profile, /profile/settings
// and /profile/mode edit them, and the password as /profile/security changes it.
import { operation } from "~/openapi/operation";
import { ChangePasswordBodySchema, MePatchSchema, MeSchema } from "~/schemas/me-api";

export const tags = [{ name: "Me", description: "The bearer's own profile, settings and password, with the profile pages' rules and messages." }];

export const operations = [
  operation({
    method: "get",
    path: "/api/v1/me",
    operationId: "getMe",
    summary: "The bearer's profile and settings",
    tag: "Me",
    auth: "bearer",
    scope: "read",
    responses: { 200: { description: "The profile (dates YYYY-MM-DD) and the settings.", schema: MeSchema } },
    errors: [401, 405],
  }),
  operation({
    method: "patch",
    path: "/api/v1/me",
    operationId: "updateMe",
    summary: "Change any of the profile's fields, the settings (language, currency, time zone) or host mode",
    description:
      "The fields given replace the stored ones; the profile is then checked whole, as the profile form checks it (a " +
      "profile still missing a required field, such as the phone, is refused until it is given), the settings as the " +
      "settings form does. Nothing is saved unless every field given is valid: 400 with one translated message per field.",
    tag: "Me",
    auth: "bearer",
    scope: "profile:write",
    body: MePatchSchema,
    responses: { 200: { description: "The profile and settings after the change.", schema: MeSchema } },
    errors: [400, 401, 405, 415],
  }),
  operation({
    method: "post",
    path: "/api/v1/me/password",
    operationId: "changeMyPassword",
    summary: "Change the password (the current one, then the new one twice)",
    description:
      "/profile/security's rules: a wrong current password is a 400 on `currentPassword`; the new one follows the sign-up " +
      "rules. The user is e-mailed, and every other session is signed out (the calling token stays valid).",
    tag: "Me",
    auth: "bearer",
    scope: "profile:write",
    body: ChangePasswordBodySchema,
    responses: { 204: { description: "Changed." } },
    errors: [400, 401, 405, 415],
  }),
];
