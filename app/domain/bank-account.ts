// Where a host's payout goes: an IBAN (ISO 13616, mod-97 check digits) or a Tunisian RIB (20
// digits: bank 2, branch 3, account 13, key 2, with key = 97 − (first 18 digits × 100 mod 97)).
// A Tunisian IBAN is "TN59" followed by the RIB.

/** The account number without spaces or dashes, upper-case. */
export function normalizeAccountNumber(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

/** n mod 97 of a long decimal string, digit by digit (no float, no bigint needed). */
function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

export function isValidIban(text: string): boolean {
  const iban = normalizeAccountNumber(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return mod97(digits) === 1;
}

export function isValidTunisianRib(text: string): boolean {
  const rib = normalizeAccountNumber(text);
  if (!/^\d{20}$/.test(rib)) return false;
  return 97 - mod97(`${rib.slice(0, 18)}00`) === Number(rib.slice(18));
}

/** An IBAN (any country) or a Tunisian RIB. */
export function isValidPayoutAccount(text: string): boolean {
  return isValidTunisianRib(text) || isValidIban(text);
}
