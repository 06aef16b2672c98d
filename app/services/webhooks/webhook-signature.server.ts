// How a webhook delivery is signed (ADR 222; the /developers page shows a receiver doing the
// same): `Darna-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
import crypto from "node:crypto";

export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString("hex")}`;
}

/** The hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The `Darna-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signatureHeader(secret: string, now: Date, body: string): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${webhookSignature(secret, timestamp, body)}`;
}

/**
 * What a receiver does (the documentation shows the same steps): recompute the signature over the
 * raw body, compare in constant time, refuse a timestamp older than `toleranceSeconds`.
 */
export function verifySignatureHeader(secret: string, header: string, body: string, now: Date, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(timestamp) || typeof given !== "string" || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = webhookSignature(secret, timestamp, body);
  return crypto.timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"));
}

