import { describe, expect, it } from "vitest";
import { containsContactDetails, findContactDetails, normalizeMessage, type ContactKind } from "~/domain/contact-filter";

// Messages that must be refused before a reservation, with the kind of detail found first.
const REFUSED: Array<[string, ContactKind]> = [
  // Phone numbers: Tunisian local forms
  ["Call me on 20 123 456", "phone"],
  ["reach me at 20.123.456", "phone"],
  ["Mon numéro : 98-765-432", "phone"],
  ["mi número es 55.123.456", "phone"],
  ["20123456", "phone"],
  ["Tel 71 12 34 56 pour le fixe", "phone"],
  ["joignable au 2 0 1 2 3 4 5 6", "phone"],
  ["2-0-1-2-3-4-5-6", "phone"],
  // international forms
  ["+216 20 123 456", "phone"],
  ["00216 98 765 432", "phone"],
  ["(+216) 71-123-456", "phone"],
  ["My French number: +33 6 12 34 56 78", "phone"],
  ["Appelez-moi au 06 12 34 56 78", "phone"],
  ["US cell +1 (415) 555-2671", "phone"],
  ["Llámame al +34 612 345 678", "phone"],
  // spelled out, mixed, disguised
  ["two zero one two three four five six", "phone"],
  ["nine eight, seven six five, four three two", "phone"],
  ["twenty, twelve, thirty-four, fifty-six", "phone"],
  ["vingt, douze, trente-quatre, cinquante-six", "phone"],
  ["quatre-vingt-dix-huit sept cent soixante-cinq quatre cent trente-deux", "phone"],
  ["mon num c'est vingt et un, quarante-cinq, soixante-dix-sept, quatre-vingt-onze", "phone"],
  ["zéro six douze trente-quatre cinquante-six soixante-dix-huit", "phone"],
  ["veinte doce treinta y cuatro cincuenta y seis", "phone"],
  ["cero cero dos uno seis, veinte ciento veintitrés cuatrocientos cincuenta y seis", "phone"],
  ["20 123 four five six", "phone"],
  ["vingt 123 456", "phone"],
  ["my number is 2O 123 456", "phone"],
  ["٢٠١٢٣٤٥٦", "phone"],
  ["2️⃣0️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣", "phone"],
  ["20\u200b123\u200b456", "phone"],
  ["２０１２３４５６", "phone"],
  ["whatsapp: 98765432", "phone"],
  ["20.12.23.45", "phone"], // looks like a date, but a fourth group follows
  // E-mail addresses
  ["write to ali.benali@gmail.com please", "email"],
  ["ALI@GMAIL.COM", "email"],
  ["mail me: a@b.com", "email"],
  ["ali @ gmail . com", "email"],
  ["ali.benali at gmail dot com", "email"],
  ["ali (at) hotmail (dot) fr", "email"],
  ["contact me: ali[at]darna[dot]tn", "email"],
  ["mon mail : sami arobase yahoo point fr", "email"],
  ["mi correo es ana arroba outlook punto es", "email"],
  ["just add sami at gmail", "email"],
  ["ali(@)gmail(.)com", "email"],
  // Links
  ["see www.mavilla-hammamet.com for photos", "link"],
  ["https://example.org/villa", "link"],
  ["Book directly on villa-sousse.tn, it's cheaper", "link"],
  ["bit.ly/3xYz", "link"],
  ["see airbnb dot com/rooms/123", "link"],
  ["look at airbnb dot com", "email"], // read as "name at domain dot com": refused either way,
  ["wa.me/21620123456", "link"],
  ["t.me/alitravel", "link"],
  ["Réservez sur maison-djerba point com", "link"],
  ["Mira mi casa en www punto casa-tunez punto com", "link"],
  // Messaging-app handles
  ["add me on instagram @ali.travel", "handle"],
  ["follow me @sami_hammamet", "handle"],
  ["my snap is alitn", "handle"],
  ["snap: ali_tn92", "handle"],
  ["écris-moi sur WhatsApp", "handle"],
  ["escríbeme por telegram", "handle"],
  ["Let's continue on whats app", "handle"],
  ["Écrivez-moi sur watsap", "handle"],
  ["can we talk on WhatsApp?", "handle"],
  ["mándame un wsp", "handle"],
  ["Contact me on Viber", "handle"],
  ["mon insta c'est sami.tn", "handle"],
  ["WhatsApp me when you can", "handle"],
  ["Ajoutez-moi sur Facebook", "handle"],
];

// Messages that must go through: prices, dates, times, guest counts, years, ordinary chat.
const ALLOWED: string[] = [
  "The price is 350 DT per night",
  "Le total est de 1 200 dinars",
  "Son 1.200 TND por semana",
  "Le prix est de 1 200 - 1 500 DT par semaine",
  "Can you do 300 DT instead of 350 DT?",
  "Payé 1.250,500 DT hier",
  "That's € 1 250 000 for the whole villa?",
  "I'll pay the 50% deposit tomorrow",
  "From 12/08/2026 to 19/08/2026",
  "Du 12 au 19 août 2026",
  "from the 12th to the 19th",
  "Nous arrivons le 12.08.2026 vers 15h",
  "Llegamos el 2026-08-12 a las 15:00",
  "Check-in at 14:00, check-out at 11:00",
  "Arrivée vers 14h30, départ 10h",
  "The nights of 12 13 14 15 August, please",
  "Is 2025-2026 season open?",
  "Is the apartment free in 2026?",
  "We are 2 adults and 3 children",
  "Somos dos adultos y un niño",
  "Nous serons deux adultes et trois enfants",
  "Nous sommes 4 : 2 adultes, 1 enfant de 5 ans et un bébé",
  "We'd like to book 2 rooms for 3 nights",
  "Our flight TU 745 lands at 23:15",
  "Flight AF1184 arrives 22:40",
  "Can we bring 1 dog? It weighs 12 kg",
  "The house is 3.5 km from the beach",
  "Quelle est la superficie ? 120 m2 ?",
  "Room 12, floor 3",
  "The rating is 4.8 out of 5",
  "Is the wifi good enough for WhatsApp calls?",
  "I saw your villa on Instagram, it looks great!",
  "Meet me at the beach point near the café?",
  "C'est le point de rencontre, merci",
  "El punto es que llegamos tarde",
  "See you @5pm",
  "We stay at home. It's fine",
  "Hi.It's me again, is the pool heated?",
  "Two adults, one child, arriving the twenty second of August",
  "On arrive le vingt-deux et on repart le trente",
  "Llegamos el veinte de agosto y nos vamos el veintisiete",
  "un, deux, trois, soleil !",
  "Is breakfast included? We arrive at noon.",
  "¿Hay parking? Tenemos 1 coche.",
  "Merci, à bientôt !",
  "Thanks! See you at the villa.",
  "Arriving at 6pm",
  "Hello, is the place quiet at night?",
  "We arrive at three, is that ok?",
  "Do you have a baby cot? Our son is 1 year old",
  "Le 12 sept 2026 c'est possible ?",
  "Bonjour, la villa est-elle disponible du 1er au 15 juillet 2026 ?",
  "Is it available 01/07 - 15/07?",
  "Arrival 12.08.26, departure 19.08.26",
  "Dates: 12.08 - 19.08.2026",
  "du 12-08-2026 au 19-08-2026",
  "2026-08-12 → 2026-08-19",
  "Nous partons à 6 h 30",
  "Check-in 15h - 20h ?",
  "My budget is between 2000 and 2500 TND",
  "Total: 2 450,000 TND",
  "Le 20, le 21 et le 22 si possible",
  "Nos enfants ont 2, 5 et 8 ans",
  "We are a family of 5: 2 adults, 3 kids aged 4, 7 and 12",
  "Prix: 120 DT/nuit, 700 DT/semaine",
  "I have 3 questions: 1) parking 2) wifi 3) pool",
  "Mi vuelo es el IB 3456 y llego a las 9",
  "Le code postal est 8050, Hammamet",
];

describe("findContactDetails: refused messages", () => {
  it(`has at least 40 cases (${REFUSED.length})`, () => expect(REFUSED.length).toBeGreaterThanOrEqual(40));
  it.each(REFUSED)("%j → %s", (message, kind) => {
    const findings = findContactDetails(message);
    expect(findings.map((finding) => finding.kind)).toContain(kind);
    expect(containsContactDetails(message)).toBe(true);
  });
});

describe("findContactDetails: allowed messages", () => {
  it(`has at least 30 cases (${ALLOWED.length})`, () => expect(ALLOWED.length).toBeGreaterThanOrEqual(30));
  it.each(ALLOWED)("%j passes", (message) => {
    expect(findContactDetails(message)).toEqual([]);
    expect(containsContactDetails(message)).toBe(false);
  });
});

describe("what is reported", () => {
  it("reports each detail once, normalized", () => {
    expect(findContactDetails("Call +216 20 123 456 or mail ALI@Gmail.com")).toEqual([
      { kind: "email", match: "ali@gmail.com" },
      { kind: "phone", match: "216 20 123 456" },
    ]);
  });

  it("finds a phone inside a longer message with prices and dates around it", () => {
    const findings = findContactDetails("Prix 350 DT du 12/08/2026 au 19/08/2026, appelez le 20 123 456 après 14:00");
    expect(findings).toEqual([{ kind: "phone", match: "20 123 456" }]);
  });
});

describe("normalizeMessage", () => {
  it.each([
    ["Éçàñ", "ecan"],
    ["٠١٢٣٤٥٦٧٨٩", "0123456789"],
    ["１２３", "123"],
    ["2o12 o6 9l8", "2012 06 918"],
    ["a\u200bb\u00adc", "abc"],
    ["20\u201312", "20-12"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeMessage(input)).toBe(expected);
  });
});

describe("cost on long hostile input", () => {
  // Bounded patterns keep the filter linear: 32 KB of any of these takes milliseconds, where an
  // unbounded pattern needed tens of seconds (catastrophic backtracking).
  const size = 32_768;
  it.each([
    ["letters", "a".repeat(size)],
    ["dotted labels", "a.".repeat(size / 2)],
    ["dashes", "a-".repeat(size / 2)],
    ["letters, digits and dots", "ab1.".repeat(size / 4)],
    ["www", "www.".repeat(size / 4)],
    ["spelled numbers", "vingt ".repeat(size / 6)],
    ["digits", "1 ".repeat(size / 2)],
  ])("%s", (_name, text) => {
    const started = performance.now();
    findContactDetails(text);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
