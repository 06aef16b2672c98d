// Test data for accounts: users with a real password, and reading the e-mail outbox.
import crypto from "node:crypto";
import { User } from "~/db/models/user.server";
import { listOutbox, type OutboxMessage } from "~/services/email/email.server";
import { hashPassword } from "~/utils/password.server";

export const TEST_PASSWORD = "s3cret-passw0rd";

// One real argon2id hash per password per test file, shared by the accounts made with it (ADR 242):
// hashing at production cost (about 30 ms of CPU) for every account added seconds to each run.
// Signing in still verifies a real hash; sign-up and password changes hash through the services.
const hashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) hashes.set(password, (hashed = hashPassword(password)));
  return hashed;
}

export async function createAccount(
  overrides: Partial<{ email: string; password: string; verified: boolean; role: "user" | "support" | "operator"; hostMode: boolean; language: string; firstName: string; lastName: string }> = {},
) {
  const suffix = crypto.randomBytes(4).toString("hex");
  return User.create({
    email: overrides.email ?? `account-${suffix}@test.darna.tn`,
    passwordHash: await passwordHashOf(overrides.password ?? TEST_PASSWORD),
    firstName: overrides.firstName ?? "Leila",
    lastName: overrides.lastName ?? `Haddad ${suffix}`,
    birthDate: "1990-04-12",
    gender: "female",
    country: "TN",
    phone: "+216 20 555 123",
    nationality: "TN",
    role: overrides.role ?? "user",
    hostMode: overrides.hostMode ?? false,
    language: overrides.language ?? "en",
    currency: "TND",
    timeZone: "Africa/Tunis",
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
  });
}

/** The newest outbox message sent to `to` (optionally of one template), or undefined. */
export async function lastEmailTo(to: string, template?: string): Promise<OutboxMessage | undefined> {
  const messages = await listOutbox(1000);
  return messages.find((message) => message.to === to && (!template || message.template === template));
}

/** The link id at the end of the first link containing `segment` ("/verify/", "/reset-password/"). */
export function linkIdFrom(message: OutboxMessage | undefined, segment: string): string {
  const link = message?.links.find((candidate) => candidate.includes(segment));
  if (!link) throw new Error(`no ${segment} link in the e-mail`);
  return new URL(link).pathname.split("/").pop()!;
}

/** A sign-up form as a browser posts it, valid unless overridden. */
export function signupForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: "Sami",
    lastName: "Ben Ali",
    email: `signup-${crypto.randomBytes(4).toString("hex")}@example.tn`,
    password: "sami password",
    confirmPassword: "sami password",
    birthDay: "14",
    birthMonth: "7",
    birthYear: "1990",
    gender: "male",
    country: "TN",
    phone: "+216 98 111 222",
    nationality: "",
    acceptTerms: "on",
    website: "",
    ...overrides,
  };
}
