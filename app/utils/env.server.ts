// The one place that reads the environment. Every variable is declared once in `envSchema` (zod),
// documented in the README (a test holds the two together), checked as a whole at start by
// `checkEnvironment()` (server.ts, scripts/db.ts), and read through `env`. The getters read
// process.env each time (tests change it), parsing each value with its own schema.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseMatriculeFiscal } from "~/domain/matricule-fiscal";
import { parseStorageUrl } from "~/domain/storage-url";
import { DEFAULT_SERVICE_FEE_PERCENT } from "~/domain/pricing";

const flag = (byDefault: boolean) =>
  z
    .enum(["true", "false"], { error: 'must be "true" or "false"' })
    .default(byDefault ? "true" : "false")
    .transform((value) => value === "true");
const integer = (min: number, max: number, byDefault: number) => z.coerce.number().int().min(min).max(max).default(byDefault);
const text = (byDefault: string) => z.string().trim().min(1).default(byDefault);
const optional = z.string().trim().min(1).optional();

export const envSchema = z.object({
  // Server and data
  NODE_ENV: text("development"),
  PORT: integer(1, 65_535, 3000),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|mysql:\/\/|mariadb:\/\/)/, { error: "must start with sqlite:, mysql:// or mariadb://" })
    .optional(),
  SEED_DEMO: flag(true),
  SESSION_SECRET: optional,
  DATA_DIR: text("./data"),
  UPLOAD_DIR: optional,
  STORAGE_URL: optional.superRefine((value, context) => {
    if (value === undefined) return;
    try {
      parseStorageUrl(value);
    } catch (error) {
      context.addIssue({ code: "custom", message: (error as Error).message.replace(/^STORAGE_URL: /, "") });
    }
  }),
  AWS_ACCESS_KEY_ID: optional,
  AWS_SECRET_ACCESS_KEY: optional,
  BUILD_DIR: text("build"),
  DARNA_ROOT: optional,
  TRUST_PROXY: text("loopback"),
  RATE_LIMIT_PER_MINUTE: integer(1, Number.MAX_SAFE_INTEGER, 600),
  DOCUMENT_CACHE_MB: integer(0, 4_096, 32),
  PAGE_CONCURRENCY: integer(0, 1_024, 1),
  API_TOKEN_RATE_LIMIT: integer(1, Number.MAX_SAFE_INTEGER, 600),
  API_TOKEN_RATE_WINDOW_SECONDS: integer(1, 86_400, 60),
  MESSAGES_PER_MINUTE: integer(1, Number.MAX_SAFE_INTEGER, 30),
  SIGNUPS_PER_HOUR_PER_IP: integer(1, Number.MAX_SAFE_INTEGER, 10),
  WS_CONNECTIONS_PER_USER: integer(1, Number.MAX_SAFE_INTEGER, 10),
  WS_CONNECTIONS_PER_IP: integer(1, Number.MAX_SAFE_INTEGER, 50),
  LOG_REQUESTS: flag(true),
  LOG_SQL: flag(false),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REALTIME_CHANNEL: text("darna:realtime"),
  REDIS_KEY_PREFIX: text("darna:"),
  RUN_JOBS: flag(true),
  WEB_CONCURRENCY: integer(1, 64, 1),
  SHUTDOWN_TIMEOUT_MS: integer(1_000, 600_000, 25_000),
  JOB_INTERVAL_MS: integer(10, 3_600_000, 5_000),
  WS_AUTH_TIMEOUT_MS: integer(1, 3_600_000, 10_000),
  WS_PING_INTERVAL_MS: integer(1, 3_600_000, 30_000),
  // Calendar sync and channel manager
  CALENDAR_SYNC_MINUTES: integer(1, 24 * 60, 15),
  CALENDAR_SYNC_ALLOW_PRIVATE: flag(false),
  WEBHOOKS_ALLOW_PRIVATE: flag(false),
  WEBHOOK_TIMEOUT_MS: integer(100, 60_000, 10_000),
  CHANNEL_MANAGER_URL: z.url({ protocol: /^https?$/ }).default("https://api.beds24.com"),
  // E-mail and maps
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: text("Darna <no-reply@darna.tn>"),
  TEAM_EMAIL: z.email().default("team@darna.tn"),
  MAP_TILE_URL: optional,
  MAP_TILE_ATTRIBUTION: optional,
  // Money
  SERVICE_FEE_PERCENT: integer(0, 100, DEFAULT_SERVICE_FEE_PERCENT),
  PAYMENT_CARD_PROVIDER: optional,
  SANDBOX_GATEWAY_SECRET: optional,
  SANDBOX_DELAY_SECONDS: integer(0, 86_400, 20),
  BANK_ACCOUNT_HOLDER: text("Darna SARL"),
  BANK_NAME: text("Banque de démonstration"),
  BANK_ADDRESS: text("Avenue Habib Bourguiba, 1000 Tunis"),
  BANK_RIB: text("00 000 0000000000000 00"),
  BANK_IBAN: text("TN59 0000 0000 0000 0000 0000"),
  BANK_BIC: text("DEMOTNTT"),
  BANK_REVIEW_HOURS: z.coerce.number().positive().max(24 * 365).default(48),
  REFUND_BANK_FEE_MILLIMES: integer(0, Number.MAX_SAFE_INTEGER, 0),
  // Tests only (ADR 141): lets a request set the server's "now" (app/utils/clock.server.ts).
  DARNA_TEST_CLOCK: flag(false),
  // The operator as it appears on receipts and invoices
  OPERATOR_LEGAL_NAME: text("Darna"),
  OPERATOR_ADDRESS: text("Rue du Lac Biwa, Les Berges du Lac, 1053 Tunis, Tunisia"),
  OPERATOR_TAX_ID: optional.refine((value) => value === undefined || parseMatriculeFiscal(value).ok, {
    error: "must be a matricule fiscal, e.g. 1234567A/A/M/000",
  }),
});

export type EnvName = keyof typeof envSchema.shape;
type EnvValue<Name extends EnvName> = z.output<(typeof envSchema.shape)[Name]>;

/** A configuration problem: the message names the variable. */
export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

type Source = Record<string, string | undefined>;

/** An empty value counts as unset (a `FOO=` line in a service file). */
function raw(name: EnvName, source: Source): string | undefined {
  const value = source[name];
  return value === undefined || value === "" ? undefined : value;
}

function parseOne<Name extends EnvName>(name: Name, source: Source): EnvValue<Name> {
  const result = envSchema.shape[name].safeParse(raw(name, source));
  if (!result.success) throw new EnvError(`${name}: ${result.error.issues.map((issue) => issue.message).join("; ")}`);
  return result.data as EnvValue<Name>;
}

const parsed = new Map<EnvName, { raw: string | undefined; value: unknown }>();

/** The value of one variable from process.env, parsed (and remembered while the raw text stays the same). */
function read<Name extends EnvName>(name: Name): EnvValue<Name> {
  const text = raw(name, process.env);
  const known = parsed.get(name);
  if (known && known.raw === text) return known.value as EnvValue<Name>;
  const value = parseOne(name, process.env);
  parsed.set(name, { raw: text, value });
  return value;
}

// ---------------------------------------------------------------------------------------------
// Secrets

export type SecretName = "SESSION_SECRET" | "SANDBOX_GATEWAY_SECRET";
export const MIN_SECRET_LENGTH = 32;

/**
 * Values that are, or were, written in this repository (old defaults, test and e2e values, the
 * demo password): public, so a production start refuses them. tests/unit/env.test.ts fails when
 * a secret-looking literal appears in the repository without being listed here.
 */
export const PUBLIC_SECRET_VALUES: readonly string[] = [
  "darna-dev-secret-change-me",
  "darna-sandbox-gateway-secret",
  "darna-e2e-secret",
  "darna-demo-2025",
  "not-the-secret",
];

/** Why `value` may not sign anything in production, or null when it may. */
export function unsafeSecretReason(value: string): string | null {
  if (PUBLIC_SECRET_VALUES.includes(value)) return "is a value published in Darna's repository";
  if (value.length < MIN_SECRET_LENGTH) return `is shorter than ${MIN_SECRET_LENGTH} characters`;
  return null;
}

function checkedSecret(name: SecretName, value: string, production: boolean): string {
  const reason = production ? unsafeSecretReason(value) : null;
  if (reason) throw new EnvError(`${name} ${reason}: set a random value of ${MIN_SECRET_LENGTH}+ characters (e.g. \`openssl rand -base64 48\`) or unset it to have one generated in DATA_DIR`);
  return value;
}

/** Where an unset secret is generated and kept: `$DATA_DIR/secrets/<NAME>`, readable by its owner only. */
export function generatedSecretFile(name: SecretName, dataDir: string): string {
  return path.resolve(dataDir, "secrets", name);
}

/**
 * The secret kept in DATA_DIR, created on first use: written to a private temporary file, then
 * linked into place, so processes starting together agree on the first one written.
 */
function keptSecret(name: SecretName, dataDir: string): string {
  const file = generatedSecretFile(name, dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}`;
    fs.writeFileSync(temporary, crypto.randomBytes(48).toString("base64url"), { mode: 0o600 });
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  const value = fs.readFileSync(file, "utf8").trim();
  if (value.length < MIN_SECRET_LENGTH) throw new EnvError(`${name}: the generated secret in ${file} is damaged; delete the file to have a new one`);
  return value;
}

const keptSecrets = new Map<string, string>();

function secret(name: SecretName): string {
  const given = read(name);
  if (given !== undefined) return checkedSecret(name, given, env.isProduction);
  const dataDir = env.dataDir;
  const key = `${name}\u0000${path.resolve(dataDir)}`;
  let value = keptSecrets.get(key);
  if (value === undefined) {
    value = keptSecret(name, dataDir);
    keptSecrets.set(key, value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// The test clock (ADR 141)

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Whether DARNA_TEST_CLOCK may be on: only when it says "true" and, in production, only on a
 * server whose APP_URL is a loopback address (an e2e server). A public production server with
 * the flag set by mistake refuses to start (checkEnvironment) and never honours the clock.
 */
export function testClockProblem(source: Source): string | null {
  const enabled = raw("DARNA_TEST_CLOCK", source) === "true";
  if (!enabled || raw("NODE_ENV", source) !== "production") return null;
  const appUrl = raw("APP_URL", source);
  const host = appUrl && URL.canParse(appUrl) ? new URL(appUrl).hostname : null;
  if (host && LOOPBACK_HOSTS.has(host)) return null;
  return "DARNA_TEST_CLOCK: the test clock is for test servers; a production server accepts it only with APP_URL on 127.0.0.1 or localhost (unset DARNA_TEST_CLOCK)";
}

function checkTestClock(source: Source): void {
  const problem = testClockProblem(source);
  if (problem) throw new EnvError(problem);
}

// ---------------------------------------------------------------------------------------------

/**
 * Checks the whole environment at start and prepares the secrets: every malformed variable is
 * named in one error; in production a secret that is short or public stops the start.
 */
export function checkEnvironment(source: Source = process.env): void {
  const problems: string[] = [];
  const check = (verify: () => void) => {
    try {
      verify();
    } catch (error) {
      problems.push((error as Error).message);
    }
  };
  for (const name of Object.keys(envSchema.shape) as EnvName[]) check(() => parseOne(name, source));
  const production = raw("NODE_ENV", source) === "production";
  for (const name of ["SESSION_SECRET", "SANDBOX_GATEWAY_SECRET"] as const) {
    const given = raw(name, source);
    if (given !== undefined) check(() => checkedSecret(name, given.trim(), production));
  }
  check(() => checkTestClock(source));
  check(() => checkWorkerProcesses(source, production));
  if (problems.length === 1) throw new EnvError(problems[0]!);
  if (problems.length > 1) throw new EnvError(`invalid configuration:\n  ${problems.join("\n  ")}`);
  if (source === process.env) {
    void env.sessionSecret;
    void env.sandboxGatewaySecret;
  }
}

/**
 * Several server processes on one machine are several instances (ADR 253): they share rate
 * limits, realtime fan-out and the document cache's data version through Redis, as separate
 * machines do (ADR 201). Development runs one process (Vite's middleware), whatever the value.
 */
function checkWorkerProcesses(source: Source, production: boolean): void {
  const processes = envSchema.shape.WEB_CONCURRENCY.safeParse(raw("WEB_CONCURRENCY", source));
  if (production && processes.success && processes.data > 1 && raw("REDIS_URL", source) === undefined) {
    throw new EnvError("WEB_CONCURRENCY: more than one process needs REDIS_URL (shared rate limits, realtime messages and page-cache versions)");
  }
}

export const env = {
  get nodeEnv() {
    return read("NODE_ENV");
  },
  get isProduction() {
    return this.nodeEnv === "production";
  },
  get port() {
    return read("PORT");
  },
  /** unset → darna.sqlite in DATA_DIR; `sqlite:<path>` → that file; `mysql://…` → MySQL/MariaDB */
  get databaseUrl() {
    return read("DATABASE_URL");
  },
  get seedDemo() {
    return read("SEED_DEMO");
  },
  /** Signs sessions, cookies and e-mail links: SESSION_SECRET, or one generated and kept in DATA_DIR. */
  get sessionSecret() {
    return secret("SESSION_SECRET");
  },
  get appUrl() {
    return read("APP_URL") ?? `http://localhost:${this.port}`;
  },
  get dataDir() {
    return read("DATA_DIR");
  },
  get uploadDir() {
    return read("UPLOAD_DIR") ?? `${this.dataDir}/uploads`;
  },
  /** unset → files on this machine's disk (UPLOAD_DIR, DATA_DIR/private); `s3://bucket?endpoint=…` → an S3-compatible bucket (ADR 200) */
  get storageUrl() {
    return read("STORAGE_URL");
  },
  /** The bucket's credentials; null → the AWS SDK's own chain (instance role, shared config). */
  get s3Credentials() {
    const accessKeyId = read("AWS_ACCESS_KEY_ID");
    const secretAccessKey = read("AWS_SECRET_ACCESS_KEY");
    return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null;
  },
  get buildDir() {
    return read("BUILD_DIR");
  },
  /** Where migrations/ is looked up when the server runs from the sources (scripts run from elsewhere). */
  get darnaRoot() {
    return read("DARNA_ROOT") ?? process.cwd();
  },
  get trustProxy() {
    return read("TRUST_PROXY");
  },
  get rateLimitPerMinute() {
    return read("RATE_LIMIT_PER_MINUTE");
  },
  /** Requests per API token per window (ADR 220). */
  get apiTokenRateLimit() {
    return read("API_TOKEN_RATE_LIMIT");
  },
  get apiTokenRateWindowSeconds() {
    return read("API_TOKEN_RATE_WINDOW_SECONDS");
  },
  /** Per-user and per-address limits (ADR 090). */
  get messagesPerMinute() {
    return read("MESSAGES_PER_MINUTE");
  },
  get signupsPerHourPerIp() {
    return read("SIGNUPS_PER_HOUR_PER_IP");
  },
  get wsConnectionsPerUser() {
    return read("WS_CONNECTIONS_PER_USER");
  },
  get wsConnectionsPerIp() {
    return read("WS_CONNECTIONS_PER_IP");
  },
  get logRequests() {
    return read("LOG_REQUESTS");
  },
  get logSql() {
    return read("LOG_SQL");
  },
  /** Megabytes of rendered pages kept for signed-out visitors (ADR 244); 0 turns the cache off. */
  get documentCacheMb() {
    return read("DOCUMENT_CACHE_MB");
  },
  /** Pages (GET and HEAD) rendered at once per process, the others queued in order (ADR 258); 0: no limit. Production only. */
  get pageConcurrency() {
    return this.isProduction ? read("PAGE_CONCURRENCY") : 0;
  },
  get redisUrl() {
    return read("REDIS_URL");
  },
  /** The Redis keys of the shared limits start with this (instances of one site share it; tests use their own). */
  get redisKeyPrefix() {
    return read("REDIS_KEY_PREFIX");
  },
  get realtimeChannel() {
    return read("REALTIME_CHANNEL");
  },
  /** Minutes between two fetches of each imported calendar. */
  get calendarSyncMinutes() {
    return read("CALENDAR_SYNC_MINUTES");
  },
  /** Imported calendar URLs may point at loopback/private addresses (tests, local setups). */
  get calendarSyncAllowPrivate() {
    return read("CALENDAR_SYNC_ALLOW_PRIVATE");
  },
  get webhooksAllowPrivate() {
    return read("WEBHOOKS_ALLOW_PRIVATE");
  },
  get webhookTimeoutMs() {
    return read("WEBHOOK_TIMEOUT_MS");
  },
  /** Base URL of the Beds24-style channel-manager JSON API. */
  get channelManagerUrl() {
    return read("CHANNEL_MANAGER_URL");
  },
  get runJobs() {
    return read("RUN_JOBS");
  },
  /** Server processes sharing the port in production (node:cluster, ADR 253); 1 runs none. */
  get webConcurrency() {
    return this.isProduction ? read("WEB_CONCURRENCY") : 1;
  },
  /** How long a stopping server (SIGTERM) waits for in-flight requests and the running job before it exits 1. */
  get shutdownTimeoutMs() {
    return read("SHUTDOWN_TIMEOUT_MS");
  },
  get jobIntervalMs() {
    return read("JOB_INTERVAL_MS");
  },
  get wsAuthTimeoutMs() {
    return read("WS_AUTH_TIMEOUT_MS");
  },
  get wsPingIntervalMs() {
    return read("WS_PING_INTERVAL_MS");
  },
  get smtpUrl() {
    return read("SMTP_URL");
  },
  get mailFrom() {
    return read("MAIL_FROM");
  },
  /** The Darna team's inbox: Friend Trip requests are sent there. */
  get teamEmail() {
    return read("TEAM_EMAIL");
  },
  get mapTileUrl() {
    return read("MAP_TILE_URL");
  },
  get mapTileAttribution() {
    return read("MAP_TILE_ATTRIBUTION");
  },
  get serviceFeePercent() {
    return read("SERVICE_FEE_PERCENT");
  },
  /** The card gateway asked for; unset → the sandbox in demo mode, none otherwise (payment-providers.server.ts). */
  get paymentCardProvider() {
    return read("PAYMENT_CARD_PROVIDER");
  },
  /** Signs the sandbox gateway's webhooks: SANDBOX_GATEWAY_SECRET, or one generated and kept in DATA_DIR. */
  get sandboxGatewaySecret() {
    return secret("SANDBOX_GATEWAY_SECRET");
  },
  get sandboxDelaySeconds() {
    return read("SANDBOX_DELAY_SECONDS");
  },
  get bankAccount() {
    return {
      accountHolder: read("BANK_ACCOUNT_HOLDER"),
      bankName: read("BANK_NAME"),
      bankAddress: read("BANK_ADDRESS"),
      rib: read("BANK_RIB"),
      iban: read("BANK_IBAN"),
      bic: read("BANK_BIC"),
    };
  },
  get bankReviewHours() {
    return read("BANK_REVIEW_HOURS");
  },
  get refundBankFeeMillimes() {
    return read("REFUND_BANK_FEE_MILLIMES");
  },
  /** The test clock is on (and allowed here: testClockProblem). */
  get testClock() {
    return read("DARNA_TEST_CLOCK") && testClockProblem(process.env) === null;
  },
  /** Who issues receipts and invoices: the operator's legal name, address and matricule fiscal (normalised). */
  get operatorIdentity() {
    const taxId = read("OPERATOR_TAX_ID");
    const parsed = taxId === undefined ? null : parseMatriculeFiscal(taxId);
    return { legalName: read("OPERATOR_LEGAL_NAME"), address: read("OPERATOR_ADDRESS"), taxId: parsed?.ok ? parsed.value : null };
  },
};
