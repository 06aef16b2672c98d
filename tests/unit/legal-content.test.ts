// The legal texts state SPEC.md's legal position and PRODUCT.md's cancellation and refund rules,
// in all three languages.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Legal = Record<string, { sections: Array<{ paragraphs: string[] }> }>;

function textOf(language: string, document: string): string {
  const legal = JSON.parse(fs.readFileSync(path.resolve("locales", language, "legal.json"), "utf8")) as Legal;
  return legal[document]!.sections.flatMap((section) => section.paragraphs).join(" ");
}

// [language, document, phrases that must appear]
const cases: Array<[string, string, string[]]> = [
  ["en", "terms", ["intermediary", "not a party", "independent contractors", "18 or older", "only one account", "service fees", "10%"]],
  ["fr", "terms", ["intermédiaire", "pas partie", "prestataires indépendants", "18 ans ou plus", "un seul compte", "frais de service", "10 %"]],
  ["es", "terms", ["intermediario", "No es parte", "contratistas independientes", "18 años o más", "una sola cuenta", "tarifas de servicio", "10 %"]],
  [
    "en",
    "saleTravelers",
    ["intermediary", "independent contractors", "more than 14 days", "50%", "less than 14 days", "no refund", "within 15 days", "Bank fees", "credit voucher", "25% of the nightly rate", "cleaning fee", "24 hours before check-in", "5 days", "48 hours", "7 days before check-in", "minus the service fee", "air conditioning", "cleanliness"],
  ],
  [
    "fr",
    "saleTravelers",
    ["intermédiaire", "prestataires indépendants", "plus de 14 jours", "50 %", "moins de 14 jours", "aucun remboursement", "sous 15 jours", "frais bancaires", "avoir", "25 % du prix de la nuit", "frais de ménage", "24 heures avant", "5 jours", "48 heures", "7 jours avant", "moins les frais de service", "climatisation", "propreté"],
  ],
  [
    "es",
    "saleTravelers",
    ["intermediario", "contratistas independientes", "más de 14 días", "50 %", "menos de 14 días", "sin reembolso", "15 días", "comisiones bancarias", "vale de crédito", "25 % del precio por noche", "tarifa de limpieza", "24 horas antes", "5 días", "48 horas", "7 días antes", "menos la tarifa de servicio", "aire acondicionado", "limpieza"],
  ],
  ["en", "saleHosts", ["independent contractor", "intermediary", "10%", "18 or older", "only one account", "24 hours", "below 4 stars", "25th", "within 15 days", "credit voucher"]],
  ["fr", "saleHosts", ["prestataire indépendant", "intermédiaire", "10 %", "18 ans ou plus", "un seul compte", "24 heures", "inférieure à 4 étoiles", "du 25", "sous 15 jours", "avoir"]],
  ["es", "saleHosts", ["contratista independiente", "intermediario", "10 %", "18 años o más", "una sola cuenta", "24 horas", "inferior a 4 estrellas", "del día 25", "15 días", "vale de crédito"]],
  ["en", "privacy", ["intermediary", "18 or older", "only one account", "never shows your e-mail address, phone number or date of birth", "Token"]],
  ["fr", "privacy", ["intermédiaire", "18 ans ou plus", "un seul compte", "jamais votre adresse e-mail, votre numéro de téléphone ni votre date de naissance", "Token"]],
  ["es", "privacy", ["intermediario", "18 años o más", "una sola cuenta", "Nunca muestra tu correo electrónico, tu teléfono ni tu fecha de nacimiento", "Token"]],
];

describe("legal texts", () => {
  it.each(cases)("%s %s states the rules", (language, document, phrases) => {
    const text = textOf(language, document);
    for (const phrase of phrases) expect(text, `${language}/${document}: "${phrase}"`).toContain(phrase);
  });
});
