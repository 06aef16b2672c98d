// The account pages' loaders and actions, called with real Request objects (forms posted as
// browsers post them, with JavaScript off).
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/db/migrator.server";
import { User } from "~/db/models/user.server";
import { UserSession } from "~/db/models/user-session.server";
import * as forgotRoute from "~/routes/($lang).auth.forgot-password";
import * as loginRoute from "~/routes/($lang).auth._index";
import * as logoutRoute from "~/routes/($lang).auth.logout";
import * as resetRoute from "~/routes/($lang).auth.reset-password.$token";
import * as signupRoute from "~/routes/($lang).auth.signup";
import * as checkEmailRoute from "~/routes/($lang).auth.check-email";
import * as profileLayout from "~/routes/($lang).profile";
import * as generalRoute from "~/routes/($lang).profile._index";
import * as favoritesRoute from "~/routes/($lang).profile.favorites";
import * as becomeHostStepRoute from "~/routes/($lang).become-host.$step";
import * as favoriteActionRoute from "~/routes/($lang).favorites";
import * as paymentRoute from "~/routes/($lang).payment";
import * as propertyRoute from "~/routes/($lang).property-details.($id)";
import * as modeRoute from "~/routes/($lang).profile.mode";
import * as tripsRoute from "~/routes/($lang).profile.trips";
import * as outboxRoute from "~/routes/($lang).outbox._index";
import * as outboxMessageRoute from "~/routes/($lang).outbox.$id";
import * as securityRoute from "~/routes/($lang).profile.security";
import * as settingsRoute from "~/routes/($lang).profile.settings";
import * as publicProfileRoute from "~/routes/($lang).user-profile.$id";
import * as verifyLinkRoute from "~/routes/($lang).verify.$id";
import * as verifyRoute from "~/routes/($lang).verify._index";
import { requireAdmin } from "~/services/admin/admin-guard.server";
import { requireHost, requireUser, requireVerifiedUser } from "~/utils/auth.server";

const requireOperator = (request: Request) => requireAdmin(request, "roles");
import { createAccount, lastEmailTo, linkIdFrom, signupForm, TEST_PASSWORD } from "../factories/account-factories";
import { callRoute, CookieJar, makeRequest, toastOf } from "../factories/account-requests";

beforeAll(async () => {
  await seed(); // currencies and the three demo accounts
});

const validSignup = signupForm({ email: "Sami.BenAli@example.tn" });

async function logIn(jar: CookieJar, email: string, password = TEST_PASSWORD, extra: Record<string, string> = {}, context = {}) {
  return callRoute(loginRoute.action, makeRequest("/auth", { form: { email, password, website: "", ...extra }, jar }), { jar, context });
}

describe("sign-up page", () => {
  it("creates the account without signing in, sends the verification e-mail and lands on \"check your e-mail\"", async () => {
    const jar = new CookieJar();
    const result = await callRoute(signupRoute.action, makeRequest("/fr/auth/signup", { form: validSignup }), { jar });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/fr/auth/check-email");
    expect(await toastOf(result)).toMatchObject({ type: "success", message: "auth:signup.success" });
    expect(jar.get("Token")).toBeUndefined();

    const user = (await User.findOne({ where: { email: "sami.benali@example.tn" } }))!;
    expect(user.language).toBe("fr");
    expect(await UserSession.count({ where: { userId: user.id } })).toBe(0);
    expect((await lastEmailTo(user.email, "verify-email"))?.subject).toBe("Confirmez votre adresse e-mail");

    const page = await callRoute(checkEmailRoute.loader, makeRequest("/fr/auth/check-email", { jar }));
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain(user.email);

    // Following the link, then logging in.
    const linkId = linkIdFrom(await lastEmailTo(user.email, "verify-email"), "/verify/");
    expect((await callRoute(verifyLinkRoute.action, makeRequest(`/fr/verify/${linkId}`, { method: "POST", jar }), { params: { id: linkId } })).location).toBe("/fr/auth");
    expect((await logIn(jar, user.email, validSignup.password)).status).toBe(302);
    expect(jar.get("Token")).toBeTruthy();
  });

  it.each(["en", "fr", "es"] as const)(
    "answers a sign-up with an address that has an account exactly like a new one, and tells the owner (%s)",
    async (language) => {
      const owner = await createAccount({ language });
      const before = await User.count();
      const prefix = language === "en" ? "" : `/${language}`;
      const taken = await callRoute(signupRoute.action, makeRequest(`${prefix}/auth/signup`, { form: signupForm({ email: owner.email.toUpperCase() }) }));
      const fresh = await callRoute(signupRoute.action, makeRequest(`${prefix}/auth/signup`, { form: signupForm({ email: `new-${language}-${Date.now()}@example.tn` }) }));
      const cookieNames = (answer: typeof taken) => answer.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
      for (const answer of [taken, fresh]) {
        expect(answer.status).toBe(302);
        expect(answer.location).toBe(`${prefix}/auth/check-email`);
        expect(answer.data).toBeNull();
        expect(cookieNames(answer)).not.toContain("Token");
        expect(await toastOf(answer)).toMatchObject({ type: "success", message: "auth:signup.success" });
      }
      expect(cookieNames(taken)).toEqual(cookieNames(fresh));
      expect(await User.count()).toBe(before + 1);
      expect(await UserSession.count({ where: { userId: owner.id } })).toBe(0);
      const subjects = { en: "Someone tried to sign up with your e-mail address", fr: "Quelqu'un a essayé de s'inscrire avec votre adresse e-mail", es: "Alguien intentó registrarse con tu correo electrónico" };
      expect((await lastEmailTo(owner.email, "signup-attempt"))?.subject).toBe(subjects[language]);
      expect(await lastEmailTo(owner.email, "verify-email")).toBeUndefined();
    },
  );

  it("answers 400 with the errors, keeping what was typed except the passwords", async () => {
    const result = await callRoute(
      signupRoute.action,
      makeRequest("/auth/signup", { form: { ...validSignup, email: "not-an-email", phone: "12", acceptTerms: undefined } }),
    );
    expect(result.status).toBe(400);
    const reply = result.data as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(reply.error).toMatchObject({
      email: ["auth:validation.invalidEmail"],
      phone: ["auth:validation.phoneTooShort"],
      acceptTerms: ["auth:validation.termsRequired"],
    });
    expect(reply.initialValue).toMatchObject({ firstName: "Sami", email: "not-an-email", birthYear: "1990" });
    expect(reply.initialValue).not.toHaveProperty("password");
    expect(reply.initialValue).not.toHaveProperty("confirmPassword");
  });

  it("refuses a post that filled the honeypot, creating nothing", async () => {
    const result = await callRoute(
      signupRoute.action,
      makeRequest("/auth/signup", { form: { ...validSignup, email: "robot@example.tn", website: "http://spam.example" } }),
    );
    expect(result.status).toBe(400);
    expect((result.data as { error: Record<string, string[]> }).error[""]).toEqual(["auth:formRejected"]);
    expect(await User.count({ where: { email: "robot@example.tn" } })).toBe(0);
  });
});

describe("verification link", () => {
  it("GET only shows the confirm button; the POST verifies", async () => {
    const user = await createAccount({ verified: false });
    const { createLinkToken } = await import("~/services/accounts/auth-tokens.server");
    const linkId = await createLinkToken(user.id, "verify_email");

    const page = await callRoute(verifyLinkRoute.loader, makeRequest(`/verify/${linkId}`), { params: { id: linkId } });
    expect(page.data).toMatchObject({ status: "valid" });
    expect((await User.findByPk(user.id))!.emailVerifiedAt).toBeNull();

    const confirmed = await callRoute(verifyLinkRoute.action, makeRequest(`/verify/${linkId}`, { method: "POST", form: {} }), { params: { id: linkId } });
    expect(confirmed.location).toBe("/auth");
    expect(await toastOf(confirmed)).toMatchObject({ message: "auth:verify.successSignIn" });
    expect((await User.findByPk(user.id))!.emailVerifiedAt).not.toBeNull();

    const again = await callRoute(verifyLinkRoute.loader, makeRequest(`/verify/${linkId}`), { params: { id: linkId } });
    expect([again.status, (again.data as { status: string }).status]).toEqual([410, "used"]);
  });

  it("unverified users are sent to the please-verify page (with resend) by requireVerifiedUser", async () => {
    const user = await createAccount({ verified: false });
    const jar = new CookieJar();
    await logIn(jar, user.email);
    const request = makeRequest("/fr/payment?listing=3", { jar });
    const thrown = await requireVerifiedUser(request).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/fr/verify?redirectTo=%2Ffr%2Fpayment%3Flisting%3D3");

    const resend = await callRoute(verifyRoute.action, makeRequest("/fr/verify", { form: { intent: "resend", redirectTo: "/fr/payment" }, jar }));
    expect(resend.location).toBe("/fr/verify?redirectTo=%2Ffr%2Fpayment");
    expect(await toastOf(resend)).toMatchObject({ message: "auth:verify.resent" });
  });

  it("unverified users browse and favorite, but the booking and listing pages ask them to verify first", async () => {
    const user = await createAccount({ verified: false });
    const jar = new CookieJar();
    await logIn(jar, user.email);
    const { createPublicListing } = await import("../factories/booking-factories");
    const { Favorite } = await import("~/db/models/favorite.server");
    const listing = await createPublicListing();

    const details = await callRoute(propertyRoute.loader, makeRequest(`/property-details/${listing.id}`, { jar }), { params: { id: String(listing.id) } });
    expect(details.status).toBe(200);
    const added = await callRoute(
      favoriteActionRoute.action,
      makeRequest("/favorites", { form: { kind: "property", targetId: String(listing.id), intent: "add", redirectTo: "/accommodation" }, jar }),
    );
    expect(added.location).toBe("/accommodation");
    expect(await Favorite.count({ where: { userId: user.id, targetId: listing.id } })).toBe(1);

    const booking = await callRoute(paymentRoute.loader, makeRequest(`/payment?listing=${listing.id}`, { jar }));
    expect(booking.location).toBe(`/verify?redirectTo=${encodeURIComponent(`/payment?listing=${listing.id}`)}`);
    const listingWizard = await callRoute(becomeHostStepRoute.loader, makeRequest("/become-host/address", { jar }), { params: { step: "address" } });
    expect(listingWizard.location).toBe("/verify?redirectTo=%2Fbecome-host%2Faddress");
  });
});

describe("login page", () => {
  it("refuses any wrong pair with the same message, without keeping the password", async () => {
    const user = await createAccount();
    for (const [email, password] of [
      [user.email, "wrong password"],
      ["nobody@example.tn", TEST_PASSWORD],
    ]) {
      const result = await logIn(new CookieJar(), email!, password!, {}, { clientIp: "198.51.100.1" });
      expect(result.status).toBe(401);
      const reply = result.data as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
      expect(reply.error[""]).toEqual(["auth:invalidCredentials"]);
      expect(reply.initialValue).not.toHaveProperty("password");
      expect(result.headers.getSetCookie().some((cookie) => cookie.startsWith("Token="))).toBe(false);
    }
  });

  it("makes a new session on every login, applies the stored language and currency, and honours local redirectTo only", async () => {
    const user = await createAccount({ language: "es" });
    await user.update({ currency: "EUR" });
    const first = new CookieJar();
    const second = new CookieJar();
    const a = await logIn(first, user.email, TEST_PASSWORD, { redirectTo: "/fr/profile/settings?tab=1" });
    const b = await logIn(second, user.email, TEST_PASSWORD, { redirectTo: "//evil.example/steal" });
    expect(a.location).toBe("/es/profile/settings?tab=1"); // the user's language wins over the link's
    expect(b.location).toBe("/");
    expect(first.get("Token")).not.toBe(second.get("Token"));
    expect(await UserSession.count({ where: { userId: user.id } })).toBe(2);
    expect(decodeCookie(first.get("lng"))).toBe("es");
    expect(decodeCookie(first.get("currency"))).toBe("EUR");
    expect(await toastOf(a)).toMatchObject({ message: "auth:login.welcome" });

    for (const redirectTo of ["https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      expect((await logIn(new CookieJar(), user.email, TEST_PASSWORD, { redirectTo })).location).toBe("/");
    }
  });

  it("rate-limits failed logins per address and e-mail with a translated message", async () => {
    const user = await createAccount();
    for (let i = 0; i < 5; i += 1) await logIn(new CookieJar(), user.email, "nope", {}, { clientIp: "192.0.2.99" });
    const blocked = await logIn(new CookieJar(), user.email, TEST_PASSWORD, {}, { clientIp: "192.0.2.99" });
    expect(blocked.status).toBe(429);
    expect((blocked.data as { error: Record<string, string[]> }).error[""]).toEqual(["auth:tooManyAttempts"]);
  });

  it("rate-limits failed logins per address across e-mails, through the form's client address", async () => {
    const user = await createAccount();
    for (let i = 0; i < 20; i += 1) {
      await logIn(new CookieJar(), `guess-${i}-${user.id}@example.tn`, "nope", {}, { clientIp: "198.51.100.77" });
    }
    const blocked = await logIn(new CookieJar(), user.email, TEST_PASSWORD, { redirectTo: "/fr/profile" }, { clientIp: "198.51.100.77" });
    expect(blocked.status).toBe(429);
    expect((blocked.data as { error: Record<string, string[]> }).error[""]).toEqual(["auth:tooManyAttempts"]);
    expect(blocked.headers.getSetCookie().some((cookie) => cookie.startsWith("Token="))).toBe(false);
    // Another address signs in.
    expect((await logIn(new CookieJar(), user.email, TEST_PASSWORD, {}, { clientIp: "198.51.100.78" })).status).toBe(302);
  });

  it("refuses a login post that filled the honeypot", async () => {
    const user = await createAccount();
    const result = await logIn(new CookieJar(), user.email, TEST_PASSWORD, { website: "x" });
    expect(result.status).toBe(400);
    expect(result.headers.getSetCookie().some((cookie) => cookie.startsWith("Token="))).toBe(false);
  });

  it("the three demo accounts sign in with the demo password", async () => {
    const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import("../../migrations/seeders/02-demo-accounts");
    for (const account of DEMO_ACCOUNTS) {
      const jar = new CookieJar();
      const result = await logIn(jar, account.email, DEMO_PASSWORD);
      expect(result.status, account.email).toBe(302);
      const user = (await User.findOne({ where: { email: account.email } }))!;
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(user.role).toBe(account.role);
    }
  });
});

describe("guards", () => {
  it("pages redirect to the localized login with redirectTo", async () => {
    const bare = await callRoute(profileLayout.loader, makeRequest("/profile/security"));
    expect(bare.location).toBe("/auth?redirectTo=%2Fprofile%2Fsecurity");
    const french = await callRoute(profileLayout.loader, makeRequest("/fr/profile"));
    expect(french.location).toBe("/fr/auth?redirectTo=%2Ffr%2Fprofile");
  });

  it("requireHost sends a traveler to the mode switch, lets a host through", async () => {
    const traveler = await createAccount({ hostMode: false });
    const host = await createAccount({ hostMode: true });
    const travelerJar = new CookieJar();
    const hostJar = new CookieJar();
    await logIn(travelerJar, traveler.email);
    await logIn(hostJar, host.email);
    const thrown = await requireHost(makeRequest("/dashboard/listings", { jar: travelerJar })).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("Location")).toBe("/profile/mode?redirectTo=%2Fdashboard%2Flistings");
    expect((await requireHost(makeRequest("/dashboard/listings", { jar: hostJar }))).id).toBe(host.id);
  });

  it("requireAdmin answers 403 to other users", async () => {
    const user = await createAccount();
    const operator = await createAccount({ role: "operator" });
    const userJar = new CookieJar();
    const operatorJar = new CookieJar();
    await logIn(userJar, user.email);
    await logIn(operatorJar, operator.email);
    const thrown = await requireOperator(makeRequest("/admin", { jar: userJar })).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(403);
    expect((await requireOperator(makeRequest("/admin", { jar: operatorJar }))).id).toBe(operator.id);
  });

  it("every guard sends an anonymous page visitor to the login with redirectTo", async () => {
    for (const guard of [requireUser, requireVerifiedUser, requireHost, requireOperator]) {
      const thrown = await guard(makeRequest("/es/dashboard/listings?x=1")).catch((error: unknown) => error);
      expect((thrown as Response).headers.get("Location"), guard.name).toBe("/es/auth?redirectTo=%2Fes%2Fdashboard%2Flistings%3Fx%3D1");
    }
  });

  it("the API gets 401 without a bearer token and 403 when the user may not", async () => {
    const { createSession } = await import("~/utils/auth-sessions.server");
    const { AppError } = await import("~/utils/app-error");
    const bearer = async (user: { id: number }) => ({ Authorization: `Bearer ${(await createSession(user.id, "api")).id}` });
    const statusOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (error: unknown) => (error instanceof AppError ? error.status : -1),
      );
    const unverified = await createAccount({ verified: false });
    const traveler = await createAccount({ hostMode: false });
    const operator = await createAccount({ role: "operator" });

    for (const guard of [requireUser, requireVerifiedUser, requireHost, requireOperator]) {
      expect(await statusOf(guard(makeRequest("/api/v1/host/listings"))), guard.name).toBe(401);
    }
    const api = async (user: { id: number }) => makeRequest("/api/v1/host/listings", { headers: await bearer(user) });
    expect(await statusOf(requireUser(await api(unverified)))).toBe(200);
    expect(await statusOf(requireVerifiedUser(await api(unverified)))).toBe(403);
    expect(await statusOf(requireVerifiedUser(await api(traveler)))).toBe(200);
    expect(await statusOf(requireOperator(await api(traveler)))).toBe(403);
    expect(await statusOf(requireOperator(await api(operator)))).toBe(200);
    // The API has no host-mode switch: a verified user may manage listings through it.
    expect(await statusOf(requireHost(await api(unverified)))).toBe(403);
    expect(await statusOf(requireHost(await api(traveler)))).toBe(200);
  });
});

describe("logout", () => {
  it("GET changes nothing; POST deletes the session row and clears the cookie", async () => {
    const user = await createAccount();
    const jar = new CookieJar();
    await logIn(jar, user.email);
    expect(await UserSession.count({ where: { userId: user.id } })).toBe(1);

    const get = await callRoute(logoutRoute.loader, makeRequest("/auth/logout", { jar }));
    expect(get.status).toBe(302);
    expect(await UserSession.count({ where: { userId: user.id } })).toBe(1);

    const post = await callRoute(logoutRoute.action, makeRequest("/fr/auth/logout", { method: "POST", form: {}, jar }), { jar });
    expect(post.location).toBe("/fr");
    expect(await UserSession.count({ where: { userId: user.id } })).toBe(0);
    expect(jar.get("Token")).toBeUndefined();
    expect((await callRoute(profileLayout.loader, makeRequest("/profile", { jar }))).location).toMatch(/^\/auth/);
  });
});

describe("e-mails", () => {
  it("go out in the user's language, not the page's, and follow a change of language", async () => {
    const user = await createAccount({ verified: false, language: "es" });
    const jar = new CookieJar();
    await logIn(jar, user.email);
    await callRoute(verifyRoute.action, makeRequest("/fr/verify", { form: { intent: "resend" }, jar }));
    expect((await lastEmailTo(user.email, "verify-email"))?.subject).toBe("Confirma tu correo electrónico");
    await callRoute(forgotRoute.action, makeRequest("/fr/auth/forgot-password", { form: { email: user.email, website: "" } }));
    expect((await lastEmailTo(user.email, "reset-password"))?.subject).toBe("Restablece tu contraseña de Darna");

    // The user now prefers French (settings): the next e-mail is in French, from an English page.
    await user.update({ language: "fr" });
    await callRoute(verifyRoute.action, makeRequest("/en/verify", { form: { intent: "resend" }, jar }));
    const mail = await lastEmailTo(user.email, "verify-email");
    expect([mail?.subject, mail?.language]).toEqual(["Confirmez votre adresse e-mail", "fr"]);
  });
});

describe("password reset pages", () => {
  it("answers the same whether or not the e-mail has an account", async () => {
    const user = await createAccount();
    const known = await callRoute(forgotRoute.action, makeRequest("/auth/forgot-password", { form: { email: user.email, website: "" } }));
    const unknown = await callRoute(forgotRoute.action, makeRequest("/auth/forgot-password", { form: { email: "no-account@example.tn", website: "" } }));
    expect([known.status, known.location, (await toastOf(known))?.message]).toEqual([
      unknown.status,
      unknown.location,
      (await toastOf(unknown))?.message,
    ]);
    expect(known.location).toBe("/auth/forgot-password?sent=1");
    expect(await lastEmailTo(user.email, "reset-password")).toBeDefined();
    expect(await lastEmailTo("no-account@example.tn")).toBeUndefined();
  });

  it("refuses a forgot-password post that filled the honeypot, sending nothing", async () => {
    const user = await createAccount();
    const result = await callRoute(forgotRoute.action, makeRequest("/auth/forgot-password", { form: { email: user.email, website: "spam" } }));
    expect(result.status).toBe(400);
    expect(await lastEmailTo(user.email, "reset-password")).toBeUndefined();
  });

  it("refuses a reset-password post that filled the honeypot: the password stays, the link still works", async () => {
    const user = await createAccount();
    await callRoute(forgotRoute.action, makeRequest("/auth/forgot-password", { form: { email: user.email, website: "" } }));
    const linkId = linkIdFrom(await lastEmailTo(user.email, "reset-password"), "/reset-password/");
    const robot = await callRoute(
      resetRoute.action,
      makeRequest(`/auth/reset-password/${linkId}`, { form: { password: "robot password!", confirmPassword: "robot password!", website: "http://spam.example" } }),
      { params: { token: linkId } },
    );
    expect(robot.status).toBe(400);
    expect((robot.data as { error: Record<string, string[]> }).error[""]).toEqual(["auth:formRejected"]);
    expect((await logIn(new CookieJar(), user.email, "robot password!")).status).toBe(401);
    expect((await logIn(new CookieJar(), user.email, TEST_PASSWORD)).status).toBe(302);
    const page = await callRoute(resetRoute.loader, makeRequest(`/auth/reset-password/${linkId}`), { params: { token: linkId } });
    expect(page.data).toMatchObject({ status: "valid" });
  });

  it("sets the new password, says 'Password updated' and signs out every other session", async () => {
    const user = await createAccount();
    const elsewhere = new CookieJar();
    await logIn(elsewhere, user.email);
    await callRoute(forgotRoute.action, makeRequest("/auth/forgot-password", { form: { email: user.email, website: "" } }));
    const linkId = linkIdFrom(await lastEmailTo(user.email, "reset-password"), "/reset-password/");

    const page = await callRoute(resetRoute.loader, makeRequest(`/auth/reset-password/${linkId}`), { params: { token: linkId } });
    expect(page.data).toMatchObject({ status: "valid" });

    const mismatch = await callRoute(
      resetRoute.action,
      makeRequest(`/auth/reset-password/${linkId}`, { form: { password: "new password!", confirmPassword: "other" } }),
      { params: { token: linkId } },
    );
    expect(mismatch.status).toBe(400);

    const done = await callRoute(
      resetRoute.action,
      makeRequest(`/auth/reset-password/${linkId}`, { form: { password: "new password!", confirmPassword: "new password!" } }),
      { params: { token: linkId } },
    );
    expect(done.location).toBe("/auth");
    expect(await toastOf(done)).toMatchObject({ message: "auth:reset.success" });
    expect(await UserSession.count({ where: { userId: user.id } })).toBe(0);
    expect((await callRoute(profileLayout.loader, makeRequest("/profile", { jar: elsewhere }))).location).toMatch(/^\/auth/);
    expect((await logIn(new CookieJar(), user.email, "new password!")).status).toBe(302);
  });
});

describe("profile pages", () => {
  it("edits general information", async () => {
    const user = await createAccount();
    const jar = new CookieJar();
    await logIn(jar, user.email);
    const form = {
      firstName: "Rania",
      lastName: "Trabelsi",
      birthDay: "29",
      birthMonth: "2",
      birthYear: "1996",
      gender: "female",
      country: "FR",
      phone: "+33 6 12 34 56 78",
      nationality: "TN",
      about: "Hello!",
    };
    const saved = await callRoute(generalRoute.action, makeRequest("/profile", { form, jar }));
    expect(saved.location).toBe("/profile");
    const stored = (await User.findByPk(user.id))!;
    expect([stored.firstName, stored.birthDate, stored.country, stored.about]).toEqual(["Rania", "1996-02-29", "FR", "Hello!"]);
    const invalid = await callRoute(generalRoute.action, makeRequest("/profile", { form: { ...form, birthYear: "2015" }, jar }));
    expect(invalid.status).toBe(400);
  });

  it("saves settings, applies them now and at the next sign-in", async () => {
    const user = await createAccount();
    const jar = new CookieJar();
    await logIn(jar, user.email);
    const saved = await callRoute(
      settingsRoute.action,
      makeRequest("/en/profile/settings", { form: { language: "fr", currency: "USD", timeZone: "Europe/Paris" }, jar }),
      { jar },
    );
    expect(saved.location).toBe("/fr/profile/settings");
    expect(decodeCookie(jar.get("lng"))).toBe("fr");
    expect(decodeCookie(jar.get("currency"))).toBe("USD");

    const later = new CookieJar();
    await logIn(later, user.email);
    expect(decodeCookie(later.get("lng"))).toBe("fr");
    expect(decodeCookie(later.get("currency"))).toBe("USD");
    const page = await callRoute(settingsRoute.loader, makeRequest("/profile/settings", { jar: later }));
    expect((page.data as { settings: unknown }).settings).toEqual({ language: "fr", currency: "USD", timeZone: "Europe/Paris" });
  });

  it("lists sessions and signs out the others", async () => {
    const user = await createAccount();
    const here = new CookieJar();
    const there = new CookieJar();
    await logIn(here, user.email);
    await logIn(there, user.email);
    const page = await callRoute(securityRoute.loader, makeRequest("/profile/security", { jar: here }));
    const sessions = (page.data as { sessions: Array<{ handle: string; current: boolean }> }).sessions;
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session) => !session.current)!;
    await callRoute(securityRoute.action, makeRequest("/profile/security", { form: { intent: "revoke", session: other.handle }, jar: here }));
    expect((await callRoute(profileLayout.loader, makeRequest("/profile", { jar: there }))).location).toMatch(/^\/auth/);
    expect((await callRoute(profileLayout.loader, makeRequest("/profile", { jar: here }))).status).toBe(200);
  });

  it("changes the password with the current one, keeping this session and signing out the others", async () => {
    const user = await createAccount();
    const here = new CookieJar();
    const there = new CookieJar();
    await logIn(here, user.email);
    await logIn(there, user.email);
    const form = { intent: "change-password", currentPassword: "not it", password: "a new password", confirmPassword: "a new password" };
    const wrong = await callRoute(securityRoute.action, makeRequest("/profile/security", { form, jar: here }));
    expect(wrong.status).toBe(400);
    expect((wrong.data as { error: Record<string, string[]> }).error.currentPassword).toEqual(["profile:security.wrongCurrentPassword"]);
    expect((await callRoute(profileLayout.loader, makeRequest("/profile", { jar: there }))).status).toBe(200);

    const done = await callRoute(securityRoute.action, makeRequest("/es/profile/security", { form: { ...form, currentPassword: TEST_PASSWORD }, jar: here }));
    expect(done.location).toBe("/es/profile/security");
    expect(await toastOf(done)).toMatchObject({ type: "success", message: "auth:reset.success" });
    expect((await callRoute(profileLayout.loader, makeRequest("/profile", { jar: here }))).status).toBe(200);
    expect((await callRoute(profileLayout.loader, makeRequest("/profile", { jar: there }))).location).toMatch(/^\/auth/);
    expect((await logIn(new CookieJar(), user.email, "a new password")).status).toBe(302);
  });

  it("switches traveler/host mode with a POST only", async () => {
    const user = await createAccount({ hostMode: false });
    const jar = new CookieJar();
    await logIn(jar, user.email);
    await callRoute(modeRoute.loader, makeRequest("/profile/mode?mode=host", { jar }));
    expect((await User.findByPk(user.id))!.hostMode).toBe(false);
    const switched = await callRoute(modeRoute.action, makeRequest("/profile/mode", { form: { redirectTo: "/dashboard" }, jar }));
    expect(switched.location).toBe("/dashboard");
    expect((await User.findByPk(user.id))!.hostMode).toBe(true);

    // Remembered: a later sign-in, in another browser, is in host mode…
    const later = new CookieJar();
    await logIn(later, user.email);
    expect((await requireHost(makeRequest("/dashboard/listings", { jar: later }))).hostMode).toBe(true);
    // …and switching back to traveler mode is remembered as well.
    await callRoute(modeRoute.action, makeRequest("/profile/mode", { form: { mode: "traveler", redirectTo: "/" }, jar: later }));
    const again = new CookieJar();
    await logIn(again, user.email);
    const thrown = await requireHost(makeRequest("/dashboard/listings", { jar: again })).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("Location")).toBe("/profile/mode?redirectTo=%2Fdashboard%2Flistings");
  });
});

describe("favorites and trip history", () => {
  it("start empty, then list the saved stays and the user's reservations", async () => {
    const user = await createAccount();
    const jar = new CookieJar();
    await logIn(jar, user.email);
    const emptyFavorites = await callRoute(favoritesRoute.loader, makeRequest("/profile/favorites", { jar }));
    expect((emptyFavorites.data as { listings: unknown[] }).listings).toEqual([]);
    const emptyTrips = await callRoute(tripsRoute.loader, makeRequest("/profile/trips", { jar }));
    const groups = (emptyTrips.data as { history: Record<string, unknown[]> }).history;
    expect(Object.values(groups).flat()).toEqual([]);

    const { createPublicListing, stayFrom } = await import("../factories/booking-factories");
    const { addFavorite } = await import("~/services/favorites/favorite.server");
    const { createReservation } = await import("~/services/booking/booking.server");
    const listing = await createPublicListing();
    await addFavorite(user.id, "property", listing.id);
    const now = new Date();
    await createReservation({ id: user.id }, { listingId: listing.id, adults: 2, ...stayFrom(now, 20, 3) }, { now, termsAccepted: true });

    const favorites = await callRoute(favoritesRoute.loader, makeRequest("/profile/favorites", { jar }));
    expect((favorites.data as { listings: Array<{ id: number }> }).listings.map((item) => item.id)).toEqual([listing.id]);
    const trips = await callRoute(tripsRoute.loader, makeRequest("/profile/trips", { jar }));
    const rows = Object.values((trips.data as { history: Record<string, Array<{ listingId: number }>> }).history).flat();
    expect(rows.map((row) => row.listingId)).toEqual([listing.id]);
  });
});

describe("public profile page", () => {
  it("shows first name, initial, country, member since and the badge — never e-mail, phone or birth date", async () => {
    const user = await createAccount({ firstName: "Hedi", lastName: "Gharbi" });
    const page = await callRoute(publicProfileRoute.loader, makeRequest(`/fr/user-profile/${user.id}`), { params: { id: String(user.id) } });
    const profile = (page.data as { profile: Record<string, unknown> }).profile;
    expect(profile).toMatchObject({ firstName: "Hedi", lastNameInitial: "G", countryName: "Tunisie", verified: true });
    const text = JSON.stringify(page.data);
    for (const secret of [user.email, user.phone!, "1990-04-12", "Gharbi"]) expect(text).not.toContain(secret);
    const missing = await callRoute(publicProfileRoute.loader, makeRequest("/user-profile/abc"), { params: { id: "abc" } });
    expect(missing.status).toBe(404);
  });
});

describe("outbox page", () => {
  it("lists the e-mails; in production only operators may see it", async () => {
    const user = await createAccount();
    await callRoute(forgotRoute.action, makeRequest("/auth/forgot-password", { form: { email: user.email, website: "" } }));
    const open = await callRoute(outboxRoute.loader, makeRequest("/outbox"));
    const messages = (open.data as { messages: Array<{ id: string; to: string }> }).messages;
    const mine = messages.find((message) => message.to === user.email)!;
    expect(mine).toBeDefined();
    const one = await callRoute(outboxMessageRoute.loader, makeRequest(`/outbox/${mine.id}`), { params: { id: mine.id } });
    expect((one.data as { message: { links: string[] } }).message.links[0]).toMatch(/\/en\/auth\/reset-password\//);
    expect((await callRoute(outboxMessageRoute.loader, makeRequest("/outbox/..%2Fx"), { params: { id: "../x" } })).status).toBe(404);

    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect((await callRoute(outboxRoute.loader, makeRequest("/outbox"))).location).toBe("/auth?redirectTo=%2Foutbox");
      const jar = new CookieJar();
      await logIn(jar, user.email);
      expect((await callRoute(outboxRoute.loader, makeRequest("/outbox", { jar }))).status).toBe(403);
      const operator = await createAccount({ role: "operator" });
      const operatorJar = new CookieJar();
      await logIn(operatorJar, operator.email);
      expect((await callRoute(outboxRoute.loader, makeRequest("/outbox", { jar: operatorJar }))).status).toBe(200);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});

describe("public profile listings", () => {
  it("shows the user's public listings only", async () => {
    const host = await createAccount({ hostMode: true });
    const { createPublicListing } = await import("../factories/booking-factories");
    const visible = await createPublicListing({ hostId: host.id });
    const hidden = await createPublicListing({ hostId: host.id });
    await hidden.update({ moderationState: "pending" } as never);
    const page = await callRoute(publicProfileRoute.loader, makeRequest(`/user-profile/${host.id}`), { params: { id: String(host.id) } });
    expect((page.data as { listings: Array<{ id: number }> }).listings.map((listing) => listing.id)).toEqual([visible.id]);
  });
});

function decodeCookie(raw: string | undefined): unknown {
  if (!raw) return undefined;
  const value = decodeURIComponent(raw).split(".")[0]!;
  return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
}
