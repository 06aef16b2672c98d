// The accounts routes: bearer tokens and the caller's own profile (SPEC.md §7).
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  jsonResponse,
  languageParameters,
  ref,
  type JsonSchema,
  type OpenApiPaths,
} from "~/openapi/shared";

export const tags = [{ name: "Accounts", description: "Bearer tokens and the caller's own profile." }];

const language = { type: "string", enum: ["en", "fr", "es"] };

export const schemas: Record<string, JsonSchema> = {
  TokenRequest: {
    type: "object",
    required: ["email", "password"],
    properties: {
      email: { type: "string", format: "email", examples: ["traveler@demo.darna.tn"] },
      password: { type: "string", examples: ["darna-demo-2025"] },
    },
  },
  AccountUser: {
    type: "object",
    description: "The signed-in user, as the session sees them.",
    required: ["id", "firstName", "lastName", "email", "role", "hostMode", "emailVerified", "language", "currency", "timeZone"],
    additionalProperties: false,
    properties: {
      id: { type: "integer", description: "ID_Utulisateur." },
      firstName: { type: "string" },
      lastName: { type: "string" },
      email: { type: "string", format: "email" },
      role: { type: "string", enum: ["user", "operator"] },
      hostMode: { type: "boolean", description: "Host mode (true) or traveler mode (false)." },
      emailVerified: { type: "boolean" },
      language,
      currency: { type: "string", pattern: "^[A-Z]{3}$", description: "Display currency." },
      timeZone: { type: "string", examples: ["Africa/Tunis"] },
    },
  },
  TokenResponse: {
    type: "object",
    required: ["token", "user", "expiresAt"],
    additionalProperties: false,
    properties: {
      token: { type: "string", description: "Send it as `Authorization: Bearer <token>`. Revocable from the profile's security page." },
      user: ref("AccountUser"),
      expiresAt: { type: "string", format: "date-time" },
    },
  },
  ProfileRequest: {
    type: "object",
    required: ["ID_Utulisateur"],
    properties: {
      ID_Utulisateur: {
        description: "The caller's own user id (another user's id is refused with 403).",
        oneOf: [{ type: "integer", minimum: 1 }, { type: "string", pattern: "^\\d{1,10}$" }],
      },
    },
  },
  UserProfile: {
    type: "object",
    required: [
      "ID_Utulisateur",
      "email",
      "firstName",
      "lastName",
      "birthDate",
      "gender",
      "country",
      "phone",
      "nationality",
      "role",
      "hostMode",
      "language",
      "currency",
      "timeZone",
      "emailVerified",
      "memberSince",
    ],
    additionalProperties: false,
    properties: {
      ID_Utulisateur: { type: "integer" },
      email: { type: "string", format: "email" },
      firstName: { type: "string" },
      lastName: { type: "string" },
      birthDate: { anyOf: [ref("LocalDate"), { type: "null" }] },
      gender: { type: ["string", "null"], enum: ["female", "male", "other", null] },
      country: { type: ["string", "null"], pattern: "^[A-Z]{2}$", description: "ISO 3166-1 alpha-2." },
      phone: { type: ["string", "null"] },
      nationality: { type: ["string", "null"], pattern: "^[A-Z]{2}$" },
      role: { type: "string", enum: ["user", "operator"] },
      hostMode: { type: "boolean" },
      language,
      currency: { type: "string", pattern: "^[A-Z]{3}$" },
      timeZone: { type: "string" },
      emailVerified: { type: "boolean" },
      memberSince: { type: "string", format: "date-time" },
    },
  },
  ProfileResponse: {
    type: "object",
    required: ["userProfile", "hasProperties"],
    additionalProperties: false,
    properties: {
      userProfile: ref("UserProfile"),
      hasProperties: { type: "boolean", description: "Whether the user hosts at least one listing (not deleted)." },
    },
  },
};

export const paths: OpenApiPaths = {
  "/api/v1/auth/token": {
    post: {
      operationId: "createToken",
      summary: "Exchange an e-mail and password for a bearer token",
      description:
        "Wrong pairs all get the same 401 (\"Incorrect username or password.\"). Failed attempts are limited per e-mail " +
        "(5 in 15 minutes) and per client address (20 in 15 minutes), shared with the login form: then 429 with Retry-After.",
      tags: ["Accounts"],
      parameters: [...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("TokenRequest")) },
      responses: {
        "200": jsonResponse("A new bearer token (a new session) and the user.", ref("TokenResponse")),
        ...errorResponses(400, 401, 405, 415),
      },
    },
  },
  "/api/v1/GestionDesUtulisateur/profile": {
    post: {
      operationId: "getOwnProfile",
      summary: "The bearer's own profile",
      description: "Answers only for the bearer's own account: a body naming another user gets 403.",
      tags: ["Accounts"],
      security: bearerSecurity,
      parameters: [...languageParameters],
      requestBody: { required: true, content: jsonContent(ref("ProfileRequest")) },
      responses: {
        "200": jsonResponse("The profile and whether the user hosts listings.", ref("ProfileResponse")),
        ...errorResponses(400, 401, 403, 405, 415),
      },
    },
  },
};
