// Pure rules of experiences (issue 21; ADR 182): prices, the partner's share, the hold and the
// traveler's cancellation window. No I/O.

/** Darna's commission on an experience booking, in percent of the total. */
export const EXPERIENCE_COMMISSION_PERCENT = 10;
/** An unpaid booking holds its places this long. */
export const EXPERIENCE_HOLD_MINUTES = 30;
/** A traveler cancels with a full refund until this long before the start; no refund after. */
export const EXPERIENCE_FREE_CANCELLATION_HOURS = 48;
/** People per booking. */
export const EXPERIENCE_MAX_PEOPLE = 20;

export interface ExperienceQuote {
  people: number;
  pricePerPerson: number;
  total: number;
  commission: number;
  partnerEarning: number;
}

/** Total for `people`, the 10 % commission (rounded half up to the millime) and the partner's earning. */
export function quoteExperience(pricePerPerson: number, people: number): ExperienceQuote {
  const total = pricePerPerson * people;
  const commission = Math.floor((total * EXPERIENCE_COMMISSION_PERCENT + 50) / 100);
  return { people, pricePerPerson, total, commission, partnerEarning: total - commission };
}

export function experienceHoldDeadline(now: Date): Date {
  return new Date(now.getTime() + EXPERIENCE_HOLD_MINUTES * 60_000);
}

/** What a traveler gets back when cancelling at `now` a slot starting at `startsAt`: all of it until 48 h before, nothing after. */
export function travelerRefund(total: number, startsAt: Date, now: Date): number {
  const hoursLeft = (startsAt.getTime() - now.getTime()) / 3_600_000;
  return hoursLeft >= EXPERIENCE_FREE_CANCELLATION_HOURS ? total : 0;
}

/** Reads a per-language JSON text, falling back to English then to any language. */
export function textIn(json: string, language: string): string {
  try {
    const texts = JSON.parse(json) as Record<string, unknown>;
    const pick = texts[language] ?? texts.en ?? Object.values(texts)[0];
    return typeof pick === "string" ? pick : "";
  } catch {
    return "";
  }
}

export function languageList(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((code): code is string => typeof code === "string") : [];
  } catch {
    return [];
  }
}
