import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// SPEC.md §5 (validation) and §8 (error catalogue) give the product's English wording. The pages
// and their tests read messages through the locale files, so a changed English string would slip
// through them unnoticed; this table pins each SPEC string at the key the code uses, and checks
// that French and Spanish hold a real translation (not a copy of the English).
const specMessages: Array<[key: string, english: string]> = [
  // §5 sign-up and login
  ["auth:validation.required", "This field is required"],
  ["auth:validation.invalidEmail", "Invalid email address"],
  ["auth:validation.termsRequired", "You must accept the terms and conditions"],
  ["listing:errors.required", "This field is required"],
  ["api:fields.required", "This field is required"],
  // §5 listing and stay rules
  ["listing:errors.invalidUrl", "Invalid URL"],
  ["rules:stay.minNights_one", "The minimum stay is {{count}} night"],
  ["rules:stay.minNights_other", "The minimum stay is {{count}} nights"],
  ["rules:stay.datesBooked", "The selected dates are already booked"],
  ["booking:errors.datesBooked", "The selected dates are already booked."],
  ["messages:errors.selectDates", "Select a date before contacting the host"],
  // §8 catalogue
  ["auth:invalidCredentials", "Incorrect username or password."],
  ["common:errors.server", "A server error occurred. Please try again later."],
  ["api:errors.server_error", "A server error occurred. Please try again later."],
  ["booking:errors.generic", "A server error occurred. Please try again later."],
  ["common:errors.network", "A network error occurred. Please check your connection and try again."],
  ["calendar:toast.blocked", "The selected dates were blocked."],
  ["calendar:toast.unblocked", "The selected dates were unblocked."],
  // §5 comment, §8 success messages (issue 13)
  ["reviews:errors.textMin", "The comment must be at least 10 characters"],
  ["reviews:toast.saved", "Comment saved"],
  ["reviews:toast.removed", "Comment removed"],
  ["payment:errors.missingPayment", "Missing payment information."],
  ["payment:errors.missingReference", "Missing reference."],
  ["payment:errors.verificationFailed", "Verification failed for payment."],
  ["payment:errors.failed", "Payment failed: retry or contact your bank."],
  ["favorites:errors.failed", "Error adding or removing a favorite"],
  ["favorites:loginRequired", "Please log in to add to favorites."],
  ["messages:errors.illegalContent", "This message contains illegal content; make a reservation to send it."],
  ["rules:message.containsContactDetails", "This message contains illegal content; make a reservation to send it."],
  ["payment:errors.noLongerAvailable", "The property is no longer available in this period; book again."],
  ["rules:reservation.noLongerAvailable", "The property is no longer available in this period; book again."],
  ["search:results.noneForPeriod", "No properties available for this period."],
  ["reservation:hostHidden.awaitingPayment", "Please complete your payment to access this content."],
  ["common:network.offline", "You are currently offline."],
  ["common:network.online", "Your internet connection was restored."],
  // §5 and §8 channel manager
  ["calendar-sync:errors.tokenRequired", "Please enter a valid token"],
  ["calendar-sync:errors.tokenInvalid", "The token is not valid."],
  ["calendar-sync:errors.tokenSaveFailed", "Error saving the token."],
  ["calendar-sync:errors.unsyncFailed", "Error deleting the sync."],
  ["calendar-sync:toast.accountLinked", "Account linked"],
  ["calendar-sync:toast.unsynced", "Unsync successful"],
  // §8 success messages
  ["auth:signup.success", "Sign-up success"],
  ["auth:verify.title", "Check your e-mail"],
  ["auth:reset.success", "Password updated"],
];

const cache = new Map<string, Record<string, unknown>>();
function readNamespace(language: string, namespace: string): Record<string, unknown> {
  const file = path.resolve("locales", language, `${namespace}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(fs.readFileSync(file, "utf8")));
  return cache.get(file)!;
}

function translation(language: string, key: string): unknown {
  const [namespace, dotted] = key.split(":");
  return dotted
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      readNamespace(language, namespace),
    );
}

describe("SPEC.md §5 and §8 messages", () => {
  for (const [key, english] of specMessages) {
    it(`${key} reads "${english}" in English and is translated in French and Spanish`, () => {
      expect(translation("en", key)).toBe(english);
      for (const language of ["fr", "es"]) {
        const value = translation(language, key);
        expect(typeof value, `${language} ${key}`).toBe("string");
        expect((value as string).trim(), `${language} ${key}`).not.toBe("");
        expect(value, `${language} ${key} is still the English text`).not.toBe(english);
      }
    });
  }
});
