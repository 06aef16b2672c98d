import { AsyncLocalStorage } from "node:async_hooks";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { User } from "~/db/models/user.server";
import { LoginSchema } from "~/schemas/login";
import { AppError } from "~/utils/app-error";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { singleton } from "~/utils/singleton.server";
import { checkRateLimit, clearAttempts, countAttempts, loginDelayMs, recordAttempt } from "./auth-rate-limit.server";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Sign-in (ADR 030, 032): remix-auth's FormStrategy reads the form, verifyCredentials checks
// the pair under the per-IP and per-e-mail limits. Creating the session is the caller's job
// (remix-auth 4 keeps no session of its own): see signIn in app/utils/auth.server.ts.

export interface LoginContext {
  /** The client's address, for the per-IP limit (null when unknown). */
  ip: string | null;
  now?: Date;
  /** Waits the captcha-free delay (tests pass a recorder). */
  sleep?: (ms: number) => Promise<void>;
}

// A real argon2id hash to check against when the e-mail is unknown, so a wrong e-mail takes as
// long as a wrong password and timing does not tell which one was wrong.
const dummyHash = () => singleton("auth-dummy-hash", () => hashPassword("darna-timing-equaliser"));

function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError(429, "auth:tooManyAttempts", {
    values: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds },
  });
}

/**
 * The user with this e-mail and password. Any wrong pair gets the same 401
 * "Incorrect username or password."; too many failures (per e-mail or per IP) get 429.
 */
export async function verifyCredentials(emailInput: string, password: string, context: LoginContext): Promise<User> {
  const now = context.now ?? new Date();
  const email = emailInput.trim().toLowerCase();
  // The lock is per address and account (OWASP): 5 wrong guesses by someone else never lock the
  // owner out. Across addresses the account is only slowed down (loginDelayMs).
  const pair = context.ip ? `${context.ip}|${email}` : email;
  const [limits, accountFailures] = await Promise.all([
    Promise.all([
      checkRateLimit("login_email", pair, now),
      context.ip ? checkRateLimit("login_ip", context.ip, now) : Promise.resolve({ limited: false, retryAfterSeconds: 0 }),
    ]),
    countAttempts("login_account", email, now),
  ]);
  const blocked = limits.filter((limit) => limit.limited);
  if (blocked.length > 0) throw tooManyAttempts(Math.max(...blocked.map((limit) => limit.retryAfterSeconds)));

  const delay = loginDelayMs(accountFailures);
  if (delay > 0) await (context.sleep ?? sleep)(delay);

  const user = await User.findOne({ where: { email } });
  const valid = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyHash(), password), false);
  if (!user || !valid) {
    await recordAttempt("login_email", pair, now);
    await recordAttempt("login_account", email, now);
    if (context.ip) await recordAttempt("login_ip", context.ip, now);
    throw new AppError(401, "auth:invalidCredentials", { code: "invalid_credentials" });
  }
  await clearAttempts("login_email", pair);
  // Only once the password is right: a suspended account is not revealed to someone guessing.
  if (user.suspendedAt) throw new AppError(403, "auth:suspended", { code: "account_suspended" });
  return user;
}

// Which client a request comes from, for the form strategy. remix-auth hands the strategy only a
// copy of the request (`new Request(request.url, request)`), so nothing keyed on the caller's
// Request object reaches it: the context travels with the call instead.
const loginContext = singleton("auth-login-context", () => new AsyncLocalStorage<LoginContext>());

export const authenticator = singleton("authenticator", () => {
  const instance = new Authenticator<User>();
  instance.use(
    new FormStrategy(async ({ form }) => {
      const parsed = LoginSchema.safeParse({ email: form.get("email") ?? undefined, password: form.get("password") ?? undefined });
      if (!parsed.success) throw new AppError(401, "auth:invalidCredentials", { code: "invalid_credentials" });
      return verifyCredentials(parsed.data.email, parsed.data.password, loginContext.getStore() ?? { ip: null });
    }),
    "form",
  );
  return instance;
});

/** Authenticates a login form post with remix-auth's "form" strategy. */
export async function authenticateLoginForm(request: Request, context: LoginContext): Promise<User> {
  return loginContext.run(context, () => authenticator.authenticate("form", request));
}
