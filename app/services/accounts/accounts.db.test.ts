import { describe, expect, it } from "vitest";
import { AnalyticsEvent } from "~/db/models/analytics-event.server";
import { User } from "~/db/models/user.server";
import { UserToken } from "~/db/models/user-token.server";
import { createSignupSchema } from "~/schemas/signup";
import { AppError } from "~/utils/app-error";
import { createAccount, lastEmailTo, linkIdFrom, TEST_PASSWORD } from "../../../tests/factories/account-factories";
import { verifyCredentials } from "./auth.server";
import { createSession, findActiveSession, listSessions } from "~/utils/auth-sessions.server";
import { consumeLinkToken, createLinkToken, inspectLinkToken } from "./auth-tokens.server";
import {
  changePassword,
  getApiProfile,
  getPublicProfile,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  setHostMode,
  signUp,
  updateSettings,
  verifyEmail,
} from "./user.server";

const baseUrl = "http://localhost:4321";

function signupInput(email: string) {
  const result = createSignupSchema("2026-11-22").parse({
    firstName: "Nour",
    lastName: "Jaziri",
    email,
    password: "a good password",
    confirmPassword: "a good password",
    birthDay: 3,
    birthMonth: 3,
    birthYear: 1995,
    gender: "female",
    country: "TN",
    phone: "+216 22 333 444",
    acceptTerms: true,
  });
  return result;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("sign-up", () => {
  it("creates one account per e-mail (case-insensitive), hashes with argon2id, tracks and mails in the user's language", async () => {
    const user = (await signUp(signupInput("Nour.Jaziri@Example.tn"), { language: "fr", baseUrl }))!;
    expect(user.email).toBe("nour.jaziri@example.tn");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.language).toBe("fr");

    const events = await AnalyticsEvent.findAll({ where: { name: "Created Account", userId: user.id } });
    expect(events).toHaveLength(1);

    const mail = await lastEmailTo("nour.jaziri@example.tn", "verify-email");
    expect(mail?.subject).toBe("Confirmez votre adresse e-mail");
    expect(mail?.language).toBe("fr");
    expect(mail?.links[0]).toMatch(new RegExp(`^${baseUrl}/fr/verify/[\\w-]{32}\\.[\\w-]{43}$`));

    // The same address again creates nothing; its owner is told, in the owner's language (ADR 030).
    expect(await signUp(signupInput("NOUR.JAZIRI@example.TN"), { language: "en", baseUrl })).toBeNull();
    expect(await User.count({ where: { email: "nour.jaziri@example.tn" } })).toBe(1);
    const warning = await lastEmailTo("nour.jaziri@example.tn", "signup-attempt");
    expect(warning?.subject).toBe("Quelqu'un a essayé de s'inscrire avec votre adresse e-mail");
    expect(warning?.links[0]).toBe(`${baseUrl}/fr/auth`);
  });
});

describe("e-mail verification links", () => {
  it("verifies once; a second use, a forged signature and an expired link are refused", async () => {
    const user = (await signUp(signupInput("verify-once@example.tn"), { language: "en", baseUrl }))!;
    const linkId = linkIdFrom(await lastEmailTo(user.email, "verify-email"), "/verify/");

    // Looking at the link changes nothing.
    expect((await inspectLinkToken("verify_email", linkId)).status).toBe("valid");
    expect((await User.findByPk(user.id))!.emailVerifiedAt).toBeNull();

    const [token] = linkId.split(".");
    const forged = `${token}.${"A".repeat(43)}`;
    expect((await rejection(verifyEmail(forged))).key).toBe("auth:link.invalid");
    // A reset link is not a verification link, even for the same user.
    const resetLink = await createLinkToken(user.id, "reset_password");
    expect((await rejection(verifyEmail(resetLink))).key).toBe("auth:link.invalid");

    const verified = await verifyEmail(linkId);
    expect(verified.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await rejection(verifyEmail(linkId))).key).toBe("auth:link.used");

    const old = await createLinkToken(user.id, "verify_email", { now: new Date("2026-01-01T00:00:00Z") });
    expect((await inspectLinkToken("verify_email", old, new Date("2026-01-03T00:00:01Z"))).status).toBe("expired");
    expect((await rejection(verifyEmail(old, new Date("2026-01-03T00:00:01Z")))).key).toBe("auth:link.expired");
    expect((await inspectLinkToken("verify_email", old, new Date("2026-01-02T23:59:00Z"))).status).toBe("valid");
  });

  it("stores only a hash of the token", async () => {
    const user = await createAccount();
    const linkId = await createLinkToken(user.id, "verify_email");
    const rows = await UserToken.findAll({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[a-f0-9]{64}$/);
    expect(linkId).not.toContain(rows[0]!.tokenHash);
  });

  it("two uses at once: only one succeeds", async () => {
    const user = await createAccount({ verified: false });
    const linkId = await createLinkToken(user.id, "verify_email");
    const results = await Promise.allSettled([consumeLinkToken("verify_email", linkId), consumeLinkToken("verify_email", linkId)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  });

  it("resending is limited to 3 e-mails an hour and refused once verified", async () => {
    const user = await createAccount({ verified: false });
    const now = new Date("2026-05-01T10:00:00Z");
    for (let i = 0; i < 3; i += 1) await resendVerificationEmail(user.id, { baseUrl, now });
    expect((await rejection(resendVerificationEmail(user.id, { baseUrl, now }))).status).toBe(429);
    await resendVerificationEmail(user.id, { baseUrl, now: new Date("2026-05-01T11:00:01Z") });
    await user.update({ emailVerifiedAt: new Date() });
    expect((await rejection(resendVerificationEmail(user.id, { baseUrl }))).status).toBe(409);
  });
});

describe("sign-in", () => {
  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const user = await createAccount({ email: "same-answer@example.tn" });
    const wrongPassword = await rejection(verifyCredentials(user.email, "not the password", { ip: "10.0.0.1" }));
    const unknownEmail = await rejection(verifyCredentials("nobody-here@example.tn", TEST_PASSWORD, { ip: "10.0.0.1" }));
    expect([wrongPassword.status, wrongPassword.key]).toEqual([401, "auth:invalidCredentials"]);
    expect([unknownEmail.status, unknownEmail.key]).toEqual([401, "auth:invalidCredentials"]);
    expect((await verifyCredentials(" Same-Answer@Example.TN ", TEST_PASSWORD, { ip: "10.0.0.1" })).id).toBe(user.id);
  });

  it("test accounts share one real argon2id hash per password (hashed once per test file, ADR 242)", async () => {
    const first = await createAccount();
    const second = await createAccount();
    const other = await createAccount({ password: "an-0ther-passw0rd" });
    expect(first.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second.passwordHash).toBe(first.passwordHash);
    expect(other.passwordHash).not.toBe(first.passwordHash);
    expect((await verifyCredentials(second.email, TEST_PASSWORD, { ip: "10.0.0.2" })).id).toBe(second.id);
    expect((await verifyCredentials(other.email, "an-0ther-passw0rd", { ip: "10.0.0.2" })).id).toBe(other.id);
  });

  it("locks an e-mail for one address after 5 failures in 15 minutes, even with the right password, then frees it", async () => {
    const user = await createAccount();
    const start = new Date("2026-06-01T08:00:00Z");
    for (let i = 0; i < 5; i += 1) {
      await rejection(verifyCredentials(user.email, "wrong", { ip: "10.1.0.1", now: new Date(start.getTime() + i * 1000) }));
    }
    const locked = await rejection(verifyCredentials(user.email, TEST_PASSWORD, { ip: "10.1.0.1", now: new Date(start.getTime() + 60_000) }));
    expect([locked.status, locked.key]).toEqual([429, "auth:tooManyAttempts"]);
    expect(locked.values?.retryAfterSeconds).toBeGreaterThan(0);
    const later = new Date(start.getTime() + 15 * 60_000 + 5_000);
    expect((await verifyCredentials(user.email, TEST_PASSWORD, { ip: "10.1.0.1", now: later })).id).toBe(user.id);
  });

  it("never locks the owner out for someone else's wrong guesses: other addresses only slow the account down", async () => {
    const user = await createAccount();
    const now = new Date("2026-06-03T08:00:00Z");
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    // 5 wrong guesses from one address lock that address out of this account…
    for (let i = 0; i < 5; i += 1) await rejection(verifyCredentials(user.email, "wrong", { ip: "198.51.100.7", now, sleep }));
    expect((await rejection(verifyCredentials(user.email, TEST_PASSWORD, { ip: "198.51.100.7", now, sleep }))).status).toBe(429);
    // …and 3 more from elsewhere slow every answer for it down (8 failures: 2 seconds).
    for (let i = 0; i < 3; i += 1) await rejection(verifyCredentials(user.email, "wrong", { ip: `198.51.100.${20 + i}`, now, sleep }));
    // The owner, from their own address, still signs in, after the delay.
    expect((await verifyCredentials(user.email, TEST_PASSWORD, { ip: "192.0.2.44", now, sleep })).id).toBe(user.id);
    expect(waits.at(-1)).toBe(2_000);
    expect(waits.every((ms) => ms <= 4_000)).toBe(true);
  });

  it("locks an address after 20 failures across e-mails", async () => {
    const user = await createAccount();
    const now = new Date("2026-06-02T08:00:00Z");
    for (let i = 0; i < 20; i += 1) {
      await rejection(verifyCredentials(`guess-${i}@example.tn`, "wrong", { ip: "203.0.113.9", now }));
    }
    const locked = await rejection(verifyCredentials(user.email, TEST_PASSWORD, { ip: "203.0.113.9", now }));
    expect(locked.status).toBe(429);
    // Another address is not affected.
    expect((await verifyCredentials(user.email, TEST_PASSWORD, { ip: "203.0.113.10", now })).id).toBe(user.id);
  });
});

describe("sessions", () => {
  it("finds live sessions only, by kind, and lists them with the current one marked", async () => {
    const user = await createAccount();
    const now = new Date();
    const web = await createSession(user.id, "web", { userAgent: "Firefox", ip: "10.0.0.2", now });
    const api = await createSession(user.id, "api", { now });
    expect((await findActiveSession(web.id, { kind: "web" }))?.user.id).toBe(user.id);
    expect(await findActiveSession(web.id, { kind: "api" })).toBeNull();
    expect(await findActiveSession(api.id, { kind: "web" })).toBeNull();
    expect(await findActiveSession(web.id, { now: new Date(now.getTime() + 31 * 24 * 3600_000) })).toBeNull();
    expect(await findActiveSession("not-a-session-id-at-all")).toBeNull();
    const listed = await listSessions(user.id, web.id);
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(web.id);
  });
});

describe("password reset", () => {
  it("mails a 1-hour single-use link only when the account exists; success revokes the other sessions", async () => {
    const user = await createAccount({ language: "es" });
    const keep = await createSession(user.id, "web");
    const other = await createSession(user.id, "web");
    const apiToken = await createSession(user.id, "api");

    await requestPasswordReset("nobody-at-all@example.tn", { baseUrl });
    expect(await lastEmailTo("nobody-at-all@example.tn")).toBeUndefined();

    const now = new Date();
    await requestPasswordReset(user.email.toUpperCase(), { baseUrl, now });
    const mail = await lastEmailTo(user.email, "reset-password");
    expect(mail?.subject).toBe("Restablece tu contraseña de Darna");
    const linkId = linkIdFrom(mail, "/reset-password/");

    // Valid for one hour.
    expect((await inspectLinkToken("reset_password", linkId, new Date(now.getTime() + 59 * 60_000))).status).toBe("valid");
    expect((await inspectLinkToken("reset_password", linkId, new Date(now.getTime() + 60 * 60_000 + 1000))).status).toBe("expired");

    await resetPassword(linkId, "brand new password", { baseUrl, keepSessionId: keep.id });
    expect((await verifyCredentials(user.email, "brand new password", { ip: null })).id).toBe(user.id);
    expect(await findActiveSession(keep.id)).not.toBeNull();
    expect(await findActiveSession(other.id)).toBeNull();
    expect(await findActiveSession(apiToken.id)).toBeNull();
    expect((await rejection(resetPassword(linkId, "another password", { baseUrl }))).key).toBe("auth:link.used");
    expect((await lastEmailTo(user.email, "password-changed"))?.language).toBe("es");
  });

  it("sends at most 3 reset e-mails an hour to one address", async () => {
    const user = await createAccount();
    const now = new Date("2026-07-01T10:00:00Z");
    for (let i = 0; i < 5; i += 1) await requestPasswordReset(user.email, { baseUrl, now });
    expect(await UserToken.count({ where: { userId: user.id, purpose: "reset_password" } })).toBe(3);
  });
});

describe("profile", () => {
  it("changes the password with the current one and signs out the other sessions", async () => {
    const user = await createAccount();
    const current = await createSession(user.id, "web");
    const other = await createSession(user.id, "web");
    const wrong = await rejection(changePassword(user.id, { currentPassword: "nope", password: "new password 1" }, { baseUrl, keepSessionId: current.id }));
    expect(wrong.fields).toEqual({ currentPassword: "profile:security.wrongCurrentPassword" });
    expect(await findActiveSession(other.id)).not.toBeNull();
    await changePassword(user.id, { currentPassword: TEST_PASSWORD, password: "new password 1" }, { baseUrl, keepSessionId: current.id });
    expect(await findActiveSession(current.id)).not.toBeNull();
    expect(await findActiveSession(other.id)).toBeNull();
  });

  it("stores settings, refusing an unknown currency", async () => {
    const { seed } = await import("~/db/migrator.server");
    await seed(); // currencies
    const user = await createAccount();
    await updateSettings(user.id, { language: "es", currency: "EUR", timeZone: "Europe/Madrid" });
    const stored = (await User.findByPk(user.id))!;
    expect([stored.language, stored.currency, stored.timeZone]).toEqual(["es", "EUR", "Europe/Madrid"]);
    expect((await rejection(updateSettings(user.id, { language: "en", currency: "XYZ", timeZone: "UTC" }))).fields).toEqual({
      currency: "auth:validation.invalidChoice",
    });
  });

  it("switches between traveler and host mode and remembers it", async () => {
    const user = await createAccount({ hostMode: false });
    expect(await setHostMode(user.id)).toBe(true);
    expect((await User.findByPk(user.id))!.hostMode).toBe(true);
    expect(await setHostMode(user.id)).toBe(false);
    expect(await setHostMode(user.id, "host")).toBe(true);
    expect(await setHostMode(user.id, "host")).toBe(true);
  });

  it("public profile: first name, last-name initial, country, member since, verified; never e-mail, phone or birth date", async () => {
    const user = await createAccount({ firstName: "Yasmine", lastName: "Zouari" });
    const profile = (await getPublicProfile(user.id))!;
    expect(Object.keys(profile).sort()).toEqual(["about", "country", "firstName", "id", "lastNameInitial", "memberSince", "verified"]);
    expect(profile).toMatchObject({ firstName: "Yasmine", lastNameInitial: "Z", country: "TN", verified: true });
    const text = JSON.stringify(profile);
    for (const secret of [user.email, "+216 20 555 123", "1990-04-12", "Zouari"]) expect(text).not.toContain(secret);
    expect(await getPublicProfile(999_999)).toBeNull();
  });

  it("API profile: the user's own profile and whether they host a listing", async () => {
    const user = await createAccount();
    const answer = await getApiProfile(user.id);
    expect(answer.userProfile).toMatchObject({ ID_Utulisateur: user.id, email: user.email });
    expect(answer.hasProperties).toBe(false);
    const { Listing } = await import("~/db/models/listing.server");
    await Listing.create({ hostId: user.id } as never);
    expect((await getApiProfile(user.id)).hasProperties).toBe(true);
  });
});
