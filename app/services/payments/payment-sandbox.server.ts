import crypto from "node:crypto";
import { SandboxCharge } from "~/db/models/sandbox-charge.server";
import { enqueueJob } from "~/services/jobs/jobs.server";
import {
  cardProviderId,
  InvalidCallbackError,
  registerPaymentProvider,
  signCallback,
  verifyCallbackSignature,
  type PaymentProvider,
  type ProviderCallback,
  type ProviderVerification,
} from "~/services/payments/payment-providers.server";
import { AppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";

// The built-in sandbox card gateway. It behaves like the Tunisian gateways: a payment session per
// reference, its own hosted payment page (/sandbox-gateway/pay/<ref>), a redirect back to the
// return URL with the reference, verification by reference, and a signed callback (delivered by
// a job, through the same code path as a real HTTP webhook). Test cards decide the outcome.

export const SANDBOX_PROVIDER_ID = "sandbox";
export const SANDBOX_SIGNATURE_HEADER = "X-Sandbox-Signature";
export const SANDBOX_WEBHOOK_JOB = "payment:sandbox-webhook";

export const SANDBOX_TEST_CARDS = {
  success: "4242424242424242",
  refused: "4000000000000002",
  delayed: "4000000000000077",
} as const;

/** The sandbox runs only when it is the card gateway: chosen by PAYMENT_CARD_PROVIDER, or in demo mode. */
export function isSandboxEnabled(): boolean {
  return cardProviderId() === SANDBOX_PROVIDER_ID;
}

export function sandboxSecret(): string {
  return env.sandboxGatewaySecret;
}

/** Seconds before a "delayed" test card's result is known (SANDBOX_DELAY_SECONDS, default 20). */
export function sandboxDelaySeconds(): number {
  return env.sandboxDelaySeconds;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface SandboxCardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  holder: string;
}

/** Field problems of a card form (translation keys), or null when the card can be tried. */
export function sandboxCardErrors(input: SandboxCardInput, now: Date): Record<string, string> | null {
  const errors: Record<string, string> = {};
  const digits = input.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) errors.cardNumber = "payment:sandbox.invalidCard";
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  if (!expiry) errors.expiry = "payment:sandbox.invalidExpiry";
  else {
    const year = 2000 + Number(expiry[2]);
    const month = Number(expiry[1]);
    const endOfMonth = Date.UTC(year, month, 1);
    if (endOfMonth <= now.getTime()) errors.expiry = "payment:sandbox.expiredCard";
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = "payment:sandbox.invalidCvc";
  if (input.holder.trim().length < 2) errors.holder = "payment:sandbox.invalidHolder";
  return Object.keys(errors).length > 0 ? errors : null;
}

function returnTo(charge: SandboxCharge): string {
  const url = new URL(charge.returnUrl, "http://sandbox.invalid");
  url.searchParams.set("ref", charge.reference);
  return charge.returnUrl.startsWith("/") ? `${url.pathname}${url.search}` : url.toString();
}

/** The charge behind the hosted page; none while the sandbox is off (the page then answers 404). */
async function findHostedCharge(reference: string): Promise<SandboxCharge | null> {
  return isSandboxEnabled() ? SandboxCharge.findOne({ where: { reference } }) : null;
}

/** A charge as its hosted page shows it. */
export async function getSandboxCharge(reference: string) {
  const charge = await findHostedCharge(reference);
  if (!charge) return null;
  return {
    reference: charge.reference,
    amount: charge.amount,
    currency: charge.currency,
    description: charge.description,
    status: charge.status,
    expiresAt: charge.expiresAt.toISOString(),
    returnUrl: returnTo(charge),
  };
}

/** Lazily settles a delayed charge whose result time has come. */
async function settleDelayed(charge: SandboxCharge, now: Date): Promise<SandboxCharge> {
  if (charge.status === "pending" && charge.outcomeAt && charge.outcomeAt.getTime() <= now.getTime()) {
    await SandboxCharge.update({ status: "paid" }, { where: { id: charge.id, status: "pending" } });
    await charge.reload();
  }
  return charge;
}

/**
 * The traveler submits a card on the hosted page. Success and refusal are known at once; the
 * delayed test card is "pending" for sandboxDelaySeconds(). Submitting again changes nothing.
 * Returns where to send the traveler (the return URL with `?ref=`).
 */
export async function submitSandboxCard(
  reference: string,
  input: SandboxCardInput,
  now: Date = new Date(),
): Promise<{ redirectUrl: string; outcome: "paid" | "refused" | "pending" }> {
  const charge = await findHostedCharge(reference);
  if (!charge) throw new AppError(404, "payment:sandbox.unknownSession");
  if (charge.status !== "created") {
    const settled = await settleDelayed(charge, now);
    return { redirectUrl: returnTo(settled), outcome: settled.status === "created" ? "pending" : (settled.status as "paid" | "refused" | "pending") };
  }
  const errors = sandboxCardErrors(input, now);
  if (errors) throw new AppError(400, "payment:sandbox.checkCard", { fields: errors });

  const digits = input.cardNumber.replace(/[\s-]/g, "");
  let status: "paid" | "refused" | "pending";
  if (charge.expiresAt.getTime() <= now.getTime()) status = "refused";
  else if (digits === SANDBOX_TEST_CARDS.success) status = "paid";
  else if (digits === SANDBOX_TEST_CARDS.delayed) status = "pending";
  else status = "refused";
  const outcomeAt = status === "pending" ? new Date(now.getTime() + sandboxDelaySeconds() * 1000) : now;
  const [changed] = await SandboxCharge.update(
    {
      status,
      outcomeAt,
      cardLast4: digits.slice(-4),
      transactionId: status === "refused" ? null : `sbx_${crypto.randomBytes(8).toString("hex")}`,
    },
    { where: { id: charge.id, status: "created" } },
  );
  if (changed === 1) {
    await enqueueJob(SANDBOX_WEBHOOK_JOB, { reference }, { runAt: outcomeAt, uniqueKey: `sandbox-webhook:${reference}` });
  }
  await charge.reload();
  return { redirectUrl: returnTo(charge), outcome: charge.status === "created" ? "pending" : (charge.status as "paid" | "refused" | "pending") };
}

/** The traveler gives up on the hosted page: the charge is refused and they go back. */
export async function cancelSandboxCharge(reference: string, now: Date = new Date()): Promise<{ redirectUrl: string }> {
  const charge = await findHostedCharge(reference);
  if (!charge) throw new AppError(404, "payment:sandbox.unknownSession");
  const [changed] = await SandboxCharge.update({ status: "refused", outcomeAt: now }, { where: { id: charge.id, status: "created" } });
  if (changed === 1) {
    await enqueueJob(SANDBOX_WEBHOOK_JOB, { reference }, { runAt: now, uniqueKey: `sandbox-webhook:${reference}` });
  }
  await charge.reload();
  return { redirectUrl: returnTo(charge) };
}

/** The signed callback the gateway sends about a charge once its result is known (null before). */
export async function buildSandboxWebhook(reference: string, now: Date): Promise<{ body: string; headers: Headers } | null> {
  const found = await SandboxCharge.findOne({ where: { reference } });
  if (!found) return null;
  const charge = await settleDelayed(found, now);
  if (charge.status !== "paid" && charge.status !== "refused") return null;
  const paid = charge.status === "paid";
  const body = JSON.stringify({
    id: `evt_${charge.reference}_${charge.status}`,
    type: paid ? "payment.succeeded" : "payment.failed",
    data: {
      reference: charge.reference,
      status: paid ? "success" : "failed",
      amount: charge.amount,
      currency: charge.currency,
      transactionId: charge.transactionId,
    },
  });
  return { body, headers: new Headers({ "Content-Type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signCallback(body, sandboxSecret(), now) }) };
}

export const sandboxProvider: PaymentProvider = {
  id: SANDBOX_PROVIDER_ID,
  isEnabled: isSandboxEnabled,

  async init(input) {
    await SandboxCharge.create({
      reference: input.reference,
      amount: input.amount,
      currency: input.currency,
      description: input.description.slice(0, 200),
      returnUrl: input.returnUrl,
      expiresAt: input.expiresAt,
    });
    return { redirectUrl: `/sandbox-gateway/pay/${encodeURIComponent(input.reference)}` };
  },

  async verify(reference, now): Promise<ProviderVerification> {
    const found = await SandboxCharge.findOne({ where: { reference } });
    if (!found) return { status: "unknown", amount: null, currency: null, transactionId: null, failureReason: "unknown_reference" };
    const charge = await settleDelayed(found, now);
    const base = { amount: charge.amount, currency: charge.currency, transactionId: charge.transactionId };
    switch (charge.status) {
      case "paid":
        return { ...base, status: "success", failureReason: null };
      case "refused":
        return { ...base, status: "failed", failureReason: "card_refused" };
      case "pending":
        return { ...base, status: "processing", failureReason: null };
      default:
        // The traveler came back without paying: nothing was charged.
        return { ...base, status: "failed", failureReason: "not_paid" };
    }
  },

  parseCallback(rawBody, headers, now): ProviderCallback {
    verifyCallbackSignature(rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), sandboxSecret(), now);
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new InvalidCallbackError("not JSON");
    }
    const event = parsed as { id?: unknown; type?: unknown; data?: Record<string, unknown> };
    const data = event.data ?? {};
    if (
      typeof event.id !== "string" ||
      typeof event.type !== "string" ||
      typeof data.reference !== "string" ||
      (data.status !== "success" && data.status !== "failed") ||
      typeof data.amount !== "number"
    ) {
      throw new InvalidCallbackError("unexpected shape");
    }
    return {
      eventId: event.id,
      type: event.type,
      reference: data.reference,
      status: data.status,
      amount: data.amount,
      currency: typeof data.currency === "string" ? data.currency : "TND",
      transactionId: typeof data.transactionId === "string" ? data.transactionId : null,
    };
  },
};

registerPaymentProvider(sandboxProvider);
