import crypto from "node:crypto";
import { AppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";
import { isDemoMode } from "~/utils/site-state.server";

// A card payment gateway, as the Tunisian ones work: we ask it for a payment session and send the
// traveler to its hosted page (init → redirect URL); it sends the traveler back to us with the
// reference, and we ask it what happened (verify by reference); it also calls us with a signed
// callback (parseCallback). The sandbox gateway (payment-sandbox.server.ts) implements it; a real
// gateway is one more implementation registered here.

export interface PaymentSessionInput {
  reference: string;
  /** Integer millimes, charged in TND. */
  amount: number;
  currency: "TND";
  description: string;
  /** Where the gateway sends the traveler back (absolute URL, `?ref=` is appended). */
  returnUrl: string;
  /** The gateway refuses the payment after this instant (the end of the reservation's hold). */
  expiresAt: Date;
  language: string;
  now: Date;
}

export type ProviderStatus = "success" | "failed" | "processing" | "unknown";

export interface ProviderVerification {
  status: ProviderStatus;
  amount: number | null;
  currency: string | null;
  transactionId: string | null;
  failureReason: string | null;
}

export interface ProviderCallback {
  /** Unique per event: the same callback delivered twice has the same id. */
  eventId: string;
  type: string;
  reference: string;
  status: "success" | "failed";
  amount: number;
  currency: string;
  transactionId: string | null;
}

/** What a signed callback says, as a verification to record (a refusal by callback is "card_refused"). */
export function callbackVerification(callback: ProviderCallback): ProviderVerification {
  return {
    status: callback.status,
    amount: callback.amount,
    currency: callback.currency,
    transactionId: callback.transactionId,
    failureReason: callback.status === "failed" ? "card_refused" : null,
  };
}

export interface PaymentProvider {
  readonly id: string;
  /** False while this gateway must not take payments (the sandbox outside demo mode); true by default. */
  isEnabled?(): boolean;
  init(input: PaymentSessionInput): Promise<{ redirectUrl: string }>;
  verify(reference: string, now: Date): Promise<ProviderVerification>;
  /** Checks the signature and reads the callback; throws InvalidCallbackError otherwise. */
  parseCallback(rawBody: string, headers: Headers, now: Date): ProviderCallback;
}

export class InvalidCallbackError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "InvalidCallbackError";
  }
}

const providers = new Map<string, PaymentProvider>();

export function registerPaymentProvider(provider: PaymentProvider): void {
  providers.set(provider.id, provider);
}

/** The registered gateway `id`, when it may take payments now. */
export function findPaymentProvider(id: string): PaymentProvider | null {
  const provider = providers.get(id);
  return provider && provider.isEnabled?.() !== false ? provider : null;
}

/**
 * Asks a payment's gateway for its state. A disabled or unknown gateway, or a call that fails,
 * answers "unknown" (with the reason) so that nothing is recorded as paid or failed by mistake.
 * Stay payments and Friend Trip payments verify through this one function.
 */
export async function verifyWithProvider(providerId: string, reference: string, now: Date, label: string): Promise<ProviderVerification> {
  const provider = findPaymentProvider(providerId);
  if (!provider) return { status: "unknown", amount: null, currency: null, transactionId: null, failureReason: "unknown_provider" };
  try {
    return await provider.verify(reference, now);
  } catch (error) {
    console.error(`${label}: verification call failed`, error instanceof Error ? error.message : error);
    return { status: "unknown", amount: null, currency: null, transactionId: null, failureReason: "gateway_error" };
  }
}

/**
 * The gateway used for bank cards: PAYMENT_CARD_PROVIDER when set; otherwise the sandbox in demo
 * mode, and none on a real site (card payments then answer "no gateway configured"), so a
 * deployment never takes sandbox payments by accident.
 */
export function cardProviderId(): string | null {
  return env.paymentCardProvider ?? (isDemoMode() ? "sandbox" : null);
}

/** The card gateway that may take payments now (cardProviderId); AppError(500) when there is none. */
export function requireCardProvider(): PaymentProvider {
  const providerId = cardProviderId();
  const provider = providerId ? findPaymentProvider(providerId) : null;
  if (!provider) throw new AppError(500, "payment:errors.noGateway");
  return provider;
}

/**
 * The gateway's hosted page for a payment row already written as "processing" (a stay's, a
 * booking's or a Friend Trip's). A gateway that does not answer: `markFailed` records it
 * (gateway_unavailable) and the traveler gets AppError(502).
 */
export async function openGatewaySession(provider: PaymentProvider, input: PaymentSessionInput, markFailed: () => Promise<unknown>, label: string): Promise<string> {
  try {
    return (await provider.init(input)).redirectUrl;
  } catch (error) {
    await markFailed();
    console.error(`${label}: gateway init failed`, error instanceof Error ? error.message : error);
    throw new AppError(502, "payment:errors.gatewayUnavailable");
  }
}

// ---------------------------------------------------------------------------------------------
// Signed callbacks: `<header>: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signCallback(rawBody: string, secret: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  const mac = crypto.createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

export function verifyCallbackSignature(rawBody: string, header: string | null, secret: string, now: Date): void {
  if (!header) throw new InvalidCallbackError("missing signature");
  const parts = Object.fromEntries(
    header.split(",").map((part) => {
      const [key, ...rest] = part.trim().split("=");
      return [key, rest.join("=")];
    }),
  ) as Record<string, string | undefined>;
  const timestamp = Number(parts.t);
  if (!parts.v1 || !Number.isInteger(timestamp)) throw new InvalidCallbackError("malformed signature");
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new InvalidCallbackError("signature too old");
  }
  const expected = crypto.createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new InvalidCallbackError("bad signature");
  }
}

/** A reference nobody can guess: PREFIX + 16 characters of Crockford base32. */
export function newReference(prefix: string): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const bytes = crypto.randomBytes(16);
  let out = prefix;
  for (const byte of bytes) out += alphabet[byte & 31];
  return out;
}
