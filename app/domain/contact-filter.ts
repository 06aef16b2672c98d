// Contact details in a message (PRODUCT.md "Messaging", ADR 054). Before a paid reservation a
// message holding a phone number, e-mail address, link or messaging-app handle is refused:
// "This message contains illegal content; make a reservation to send it." The filter sees through
// simple disguises (digits spelled out in English/French/Spanish, split by spaces, dots or dashes,
// "name at gmail dot com", look-alike and emoji digits) and leaves prices, dates, times, guest
// counts and years alone. Heuristic by nature: the test table is its specification.

export type ContactKind = "phone" | "email" | "link" | "handle";

export interface ContactFinding {
  kind: ContactKind;
  /** The matched text, normalized (lower case, no accents). */
  match: string;
}

/** A phone number has at least this many digits (a Tunisian number has 8). */
export const MIN_PHONE_DIGITS = 8;

// ---------------------------------------------------------------------------------------------
// Normalization: one lower-case, accent-free, ASCII-digit text whose length is kept by masking.

const ZERO_WIDTH = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;
const KEYCAP = /[\ufe0f\u20e3]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
const SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

export function normalizeMessage(message: string): string {
  return (
    message
      .normalize("NFKC")
      .replace(ZERO_WIDTH, "")
      .replace(KEYCAP, "")
      .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
      .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
      .replace(DASHES, "-")
      .replace(SPACES, " ")
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      // Look-alike letters in digit groups: 2o12 → 2012, "2O 123" → "20 123", o6 12 → 06 12, 9l8 → 918.
      .replace(/(?<=\d)o+(?=[\s.-]{0,3}\d)|(?<![a-z])o+(?=\d)/g, (letters) => "0".repeat(letters.length))
      .replace(/(?<=\d)[li]+(?=\d)/g, (letters) => "1".repeat(letters.length))
  );
}

const BARRIER = "\u00a6"; // ¦ — a character that joins nothing

// ---------------------------------------------------------------------------------------------
// E-mail addresses, links, handles

const AT = String.raw`(?:@|\(@\)|\[@\]|\(at\)|\[at\]|\{at\}|<at>|\bat\b|\barobase\b|\barroba\b|\(arobase\)|\[arobase\]|\(arroba\)|\[arroba\])`;
const DOT_WORD = String.raw`(?:\(dot\)|\[dot\]|\{dot\}|<dot>|\(\.\)|\[\.\]|\bdot\b|\bpoint\b|\bpunto\b|\(point\)|\[point\]|\(punto\)|\[punto\])`;
/** Top-level domains recognised when written without spaces ("villa.tn"); not "it", "me", "us", "be",
 * which a missing space after a full stop turns into ("Hi.It's me"). wa.me & co. are listed apart. */
const TLDS =
  "com|net|org|info|biz|io|co|tn|fr|de|es|uk|eu|ch|ca|ru|ma|dz|ly|gl|tv|app|dev|xyz|site|online|link|page|store|shop|club|top|ae|sa|qa|nl|pt|pl|tk|ml|ga|cf|gq|ai|ee";
/** The few recognised when spelled or spaced out ("gmail dot com"): not ordinary words. */
const SPOKEN_TLDS = "com|net|org|tn|fr|io|info|biz";
const MAIL_PROVIDERS = "gmail|googlemail|hotmail|yahoo|outlook|icloud|protonmail|proton|gmx|aol|msn|yandex|topnet|laposte|wanadoo";
const NOT_A_DOMAIN = new Set(["the", "a", "an", "le", "la", "les", "un", "une", "el", "los", "las", "de", "du", "des", "del", "en", "this", "that", "ce", "cet", "cette", "ese", "este", "esta", "mi", "my", "mon", "ma", "tu", "your", "is", "es", "est", "c", "and", "et", "y", "of", "on", "in", "at", "to"]);

// Every quantifier is bounded so that a long message costs linear time (no catastrophic backtracking).
const S = String.raw`\s{0,3}`;
const USER = String.raw`[a-z0-9][a-z0-9._%+-]{0,63}`;
const LABEL = String.raw`[a-z0-9-]{1,63}`;
const REST = String.raw`(?:\/\S{0,200})?`;

const EMAIL_PATTERNS: RegExp[] = [
  new RegExp(String.raw`[a-z0-9._%+-]{1,64}@${LABEL}(?:\.${LABEL}){0,6}\.[a-z]{2,24}`, "g"),
  new RegExp(String.raw`${USER}${S}${AT}${S}${LABEL}(?:${S}(?:\.|${DOT_WORD})${S}${LABEL}){0,4}?${S}(?:\.|${DOT_WORD})${S}(?:${SPOKEN_TLDS})\b`, "g"),
  new RegExp(String.raw`(?:${USER}${S})?${AT}${S}(?:${MAIL_PROVIDERS})\b(?:${S}(?:\.|${DOT_WORD})${S}[a-z]{2,24})?`, "g"),
];

const LINK_PATTERNS: Array<{ pattern: RegExp; isDomainWord?: boolean }> = [
  { pattern: new RegExp(String.raw`\b(?:https?|ftp)${S}:${S}\/\/\S{0,300}`, "g") },
  { pattern: new RegExp(String.raw`\bwww${S}(?:\.|${DOT_WORD})${S}\S{0,200}`, "g") },
  {
    pattern: new RegExp(
      String.raw`\b(?:wa|fb|ig)${S}\.${S}me\b${REST}|\b(?:t|m)\.me\b${REST}|\bbit${S}\.${S}ly\b${REST}|\bgoo${S}\.${S}gl\b${REST}|\btinyurl\b\S{0,200}|\blinktr${S}\.${S}ee\b${REST}|\bamzn\.to\b${REST}|\bt\.co\/\S{0,200}`,
      "g",
    ),
  },
  { pattern: new RegExp(String.raw`(?<![a-z0-9@._%+-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,8}(?:${TLDS})(?![a-z0-9@-])${REST}`, "g") },
  { pattern: new RegExp(String.raw`\b([a-z0-9][a-z0-9-]{1,62})${S}${DOT_WORD}${S}(?:${SPOKEN_TLDS})\b${REST}`, "g"), isDomainWord: true },
];

const APPS = String.raw`(?:wh?ats\s{0,2}-?\s{0,2}app|wh?ats?app?|wassap|wasap|guasap|wtsp|whtsp|wsp|telegram|telegramme|instagram|insta|snapchat|snap|viber|messenger|facebook|fb|signal|skype|wechat|tiktok)`;
const CONTACT_VERBS = [
  // English
  "contact", "write", "text", "message", "msg", "call", "ring", "add", "reach", "follow", "dm", "ping", "talk", "chat", "speak", "continue", "move", "switch", "join", "send", "hit", "find me",
  // French (accents removed)
  "contacte", "contacter", "contactez", "ecris", "ecrit", "ecrivez", "ecrire", "appelle", "appeler", "appelez", "ajoute", "ajouter", "ajoutez", "suis", "suivez", "retrouve", "retrouvez", "parle", "parler", "parlons", "discutons", "discuter", "continuons", "continuer", "passons", "passer", "envoie", "envoyez", "joindre", "joins", "rejoins",
  // Spanish (accents removed)
  "escribe", "escribeme", "escribame", "escribenos", "escribir", "contacta", "contactame", "contacteme", "contactar", "llama", "llamame", "llamar", "agrega", "agregame", "anade", "anademe", "sigue", "sigueme", "habla", "hablame", "hablemos", "hablar", "charlemos", "seguimos", "pasemos", "manda", "mandame", "envia", "enviame",
].join("|");

const HANDLE_PATTERNS: RegExp[] = [
  // @handle (not an e-mail: those are masked first)
  /(?<![a-z0-9._%+-])@[a-z0-9_](?:[a-z0-9_.]{0,62}[a-z0-9_])?/g,
  // "write me on WhatsApp", "escríbeme por telegram", "ajoute-moi sur insta"
  new RegExp(String.raw`\b(?:${CONTACT_VERBS})\b(?:[^a-z0-9${BARRIER}]{1,5}[a-z0-9']{1,30}){0,3}?[^a-z0-9${BARRIER}]{1,5}${APPS}\b`, "g"),
  // "my insta", "mon whatsapp", "mi wsp"
  new RegExp(String.raw`\b(?:my|our|mon|ma|mes|notre|mi|mis|nuestro)\s{1,3}${APPS}\b`, "g"),
  // "whatsapp me", "telegram moi"
  new RegExp(String.raw`\b${APPS}\s{1,3}(?:me|moi)\b`, "g"),
  // "snap: ali_tn92", "insta ali.travel", "telegram = sami2020"
  new RegExp(String.raw`\b${APPS}${S}(?:[:=-]|\bis\b|\best\b|\bes\b|\bid\b)?${S}@?(?=[a-z0-9_.]{0,60}[a-z])(?=[a-z0-9_.]{0,60}[0-9_.])[a-z0-9_.]{2,60}[a-z0-9_]`, "g"),
];

const TIME_LIKE_HANDLE = /^@\d{1,2}(?:h\d{0,2}|am|pm)?$/;

// ---------------------------------------------------------------------------------------------
// Dates and times, masked before phone numbers are looked for

function validDayMonth(a: number, b: number): boolean {
  return (a >= 1 && a <= 31 && b >= 1 && b <= 12) || (a >= 1 && a <= 12 && b >= 1 && b <= 31);
}

const DATE_AND_TIME_PATTERNS: Array<{ pattern: RegExp; accept?: (match: RegExpExecArray) => boolean }> = [
  // 2026-08-12
  { pattern: /(?<!\d[./ -]?)\b(?:19|20)\d{2}-(\d{1,2})-(\d{1,2})\b(?![./ -]?\d)/g, accept: (m) => validDayMonth(Number(m[2]), Number(m[1])) },
  // 12/08/2026, 12.08.26, 12-08-2026
  // (not when more digit groups follow or precede: 20.12.23.45 is a phone number)
  { pattern: /(?<!\d[./ -]?)\b(\d{1,2})([./-])(\d{1,2})\2(?:\d{4}|\d{2})\b(?![./ -]?\d)/g, accept: (m) => validDayMonth(Number(m[1]), Number(m[3])) },
  // 12 08 2026
  { pattern: /(?<!\d[./ -]?)\b(\d{1,2}) (\d{1,2}) (?:19|20)\d{2}\b(?![./ -]?\d)/g, accept: (m) => validDayMonth(Number(m[1]), Number(m[2])) },
  // 2025-2026, 2025 / 2026
  { pattern: /\b(?:19|20)\d{2}\s{0,3}[-/]\s{0,3}(?:19|20)\d{2}\b/g },
  // 14:00, 14h30, 9.30 am
  { pattern: /\b\d{1,2}\s{0,2}[:h]\s{0,2}\d{2}\b/g },
  { pattern: /\b\d{1,2}[.:]\d{2}\s{0,2}(?:am|pm)\b/g },
];

// ---------------------------------------------------------------------------------------------
// Numbers spelled out in English, French and Spanish

type NumberWordType = "unit" | "teen" | "tens" | "mult" | "hundreds" | "compound";
interface NumberWord {
  value: number;
  type: NumberWordType;
}

const NUMBER_WORDS = new Map<string, NumberWord>();
function define(type: NumberWordType, entries: Record<string, number>) {
  for (const [word, value] of Object.entries(entries)) NUMBER_WORDS.set(word, { value, type });
}
define("unit", {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9,
  cero: 0, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9,
});
define("teen", {
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  dix: 10, onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16,
  diez: 10, once: 11, doce: 12, trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19,
});
define("tens", {
  twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  vingt: 20, vingts: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60, septante: 70, huitante: 80, octante: 80, nonante: 90,
  veinte: 20, treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90,
});
define("compound", {
  veintiuno: 21, veintiun: 21, veintiuna: 21, veintidos: 22, veintitres: 23, veinticuatro: 24, veinticinco: 25, veintiseis: 26, veintisiete: 27, veintiocho: 28, veintinueve: 29,
});
define("mult", { hundred: 100, cent: 100, cents: 100 });
define("hundreds", {
  cien: 100, ciento: 100, doscientos: 200, doscientas: 200, trescientos: 300, trescientas: 300, cuatrocientos: 400, cuatrocientas: 400,
  quinientos: 500, quinientas: 500, seiscientos: 600, seiscientas: 600, setecientos: 700, setecientas: 700, ochocientos: 800, ochocientas: 800,
  novecientos: 900, novecientas: 900,
});
/** Words that are numbers only next to another spelled number ("one", "un", "une" articles; "sept" the month; "once"). */
const AMBIGUOUS_NUMBER_WORDS = new Set(["one", "un", "une", "uno", "una", "sept", "once"]);
const CONNECTORS = new Set(["and", "et", "y"]);

/** `current` followed by `word` as one number ("vingt" + "trois" = 23), or null when it starts a new one. */
function combine(current: number, word: NumberWord): number | null {
  const lastTwo = current % 100;
  const roundHundreds = current >= 100 && lastTwo === 0;
  switch (word.type) {
    case "mult":
      return current >= 1 && current <= 9 ? current * 100 : null;
    case "tens":
      if (roundHundreds) return current + word.value;
      if (word.value === 20 && lastTwo === 4 && (current === 4 || current >= 100)) return current - 4 + 80; // quatre-vingt
      return null;
    case "teen":
      if (roundHundreds || lastTwo === 60 || lastTwo === 80) return current + word.value; // soixante-dix, quatre-vingt-douze
      return null;
    case "unit":
      if (word.value === 0) return null;
      if ((lastTwo >= 20 && lastTwo % 10 === 0) || lastTwo === 10 || roundHundreds) return current + word.value;
      return null;
    case "compound":
      return roundHundreds ? current + word.value : null;
    case "hundreds":
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Phone numbers: runs of digit groups and spelled numbers joined only by spaces, dots, dashes…

type Item =
  | { kind: "digits"; text: string; start: number; end: number; glued: boolean }
  | { kind: "word"; text: string; start: number; end: number }
  | { kind: "soft" }
  | { kind: "comma" }
  | { kind: "barrier" };

function itemsOf(text: string): Item[] {
  const items: Item[] = [];
  for (const match of text.matchAll(/\d+|[a-z]+|\s+|[\s\S]/g)) {
    const token = match[0];
    const start = match.index;
    const end = start + token.length;
    if (/^\d/.test(token)) {
      const glued = /[a-z]/.test(text[start - 1] ?? "") || /[a-z]/.test(text[end] ?? "");
      items.push({ kind: "digits", text: token, start, end, glued });
    } else if (/^[a-z]/.test(token)) items.push({ kind: "word", text: token, start, end });
    else if (/^\s/.test(token) || ".-_()+*~".includes(token)) items.push({ kind: "soft" });
    else if (token === ",") items.push({ kind: "comma" });
    else items.push({ kind: "barrier" });
  }
  return items;
}

/** The next item that is not a separator, from index `from`. */
function nextContent(items: Item[], from: number): { item: Item; index: number } | null {
  for (let index = from; index < items.length; index += 1) {
    const item = items[index]!;
    if (item.kind !== "soft" && item.kind !== "comma") return { item, index };
  }
  return null;
}

const isNumberWord = (item: Item | undefined): item is Extract<Item, { kind: "word" }> => item?.kind === "word" && NUMBER_WORDS.has(item.text);

const CURRENCY_AFTER = /^\s*(?:(?:dt|tnd|dinars?|din|eur|euros?|usd|dollars?|millimes?|gbp|mad|dh|dzd)\b|[€$£])/;
const CURRENCY_BEFORE = /(?:\b(?:dt|tnd|eur|usd|gbp)|[€$£])\s*$/;

interface Run {
  start: number;
  end: number;
  digits: string;
  /** Digit groups typed as digits (for the consecutive-dates check). */
  typedGroups: string[];
}

function isConsecutiveDays(groups: string[]): boolean {
  if (groups.length < 3) return false;
  const numbers = groups.map(Number);
  return groups.every((group) => group.length <= 2) && numbers.every((value, index) => value >= 1 && value <= 31 && (index === 0 || value === numbers[index - 1]! + 1));
}

function findPhones(text: string): Array<{ start: number; end: number }> {
  const items = itemsOf(text);
  const found: Array<{ start: number; end: number }> = [];
  const state: { run: Run | null; spelled: { value: number; end: number } | null; previous: Item | null } = {
    run: null,
    spelled: null,
    previous: null,
  };

  const flushSpelled = () => {
    if (state.spelled && state.run) {
      state.run.digits += String(state.spelled.value);
      state.run.end = state.spelled.end;
    }
    state.spelled = null;
  };
  const endRun = () => {
    flushSpelled();
    const run = state.run;
    if (
      run &&
      run.digits.length >= MIN_PHONE_DIGITS &&
      !isConsecutiveDays(run.typedGroups) &&
      !CURRENCY_AFTER.test(text.slice(run.end, run.end + 24)) &&
      !CURRENCY_BEFORE.test(text.slice(Math.max(0, run.start - 12), run.start))
    ) {
      found.push({ start: run.start, end: run.end });
    }
    state.run = null;
  };
  const open = (start: number): Run => (state.run ??= { start, end: start, digits: "", typedGroups: [] });

  for (let index = 0; index < items.length; index += 1) {
    const item = items[index]!;
    if (item.kind === "digits") {
      flushSpelled();
      if (item.glued) {
        // "12th", "14h", "AF1184": a unit or a code, not part of a number — unless it is one by itself.
        endRun();
        if (item.text.length >= MIN_PHONE_DIGITS) found.push({ start: item.start, end: item.end });
      } else {
        const run = open(item.start);
        run.digits += item.text;
        run.typedGroups.push(item.text);
        run.end = item.end;
      }
    } else if (item.kind === "word") {
      const word = NUMBER_WORDS.get(item.text);
      const combined = word && state.spelled ? combine(state.spelled.value, word) : null;
      if (word && state.spelled && combined !== null) {
        state.spelled = { value: combined, end: item.end };
      } else if (word && AMBIGUOUS_NUMBER_WORDS.has(item.text) && !isNumberWord(state.previous ?? undefined) && !isNumberWord(nextContent(items, index + 1)?.item)) {
        endRun(); // an article ("one night", "un enfant") or a month ("12 sept"), not a digit
      } else if (word) {
        flushSpelled();
        open(item.start);
        state.spelled = { value: word.value, end: item.end };
      } else if (CONNECTORS.has(item.text) && state.spelled) {
        // "vingt et un", "treinta y cuatro", "one hundred and five": only inside one number.
        const next = nextContent(items, index + 1)?.item;
        const nextWord = isNumberWord(next) ? NUMBER_WORDS.get(next.text)! : null;
        if (!nextWord || combine(state.spelled.value, nextWord) === null) endRun();
        else continue; // keep `previous` on the number before the connector
      } else {
        endRun();
      }
    } else if (item.kind === "comma") {
      // Commas separate spelled numbers ("vingt, douze, …") but end typed ones ("120, 150").
      if (state.spelled) flushSpelled();
      else endRun();
    } else if (item.kind === "barrier") {
      endRun();
    }
    if (item.kind !== "soft" && item.kind !== "comma") state.previous = item;
  }
  endRun();
  return found;
}

// ---------------------------------------------------------------------------------------------

/** Masks every span at once (one pass, so many findings stay linear). */
function maskAll(text: string, spans: Array<{ start: number; end: number }>): string {
  if (spans.length === 0) return text;
  let result = "";
  let at = 0;
  for (const { start, end } of [...spans].sort((a, b) => a.start - b.start)) {
    if (start < at) continue;
    result += text.slice(at, start) + BARRIER.repeat(end - start);
    at = end;
  }
  return result + text.slice(at);
}

/** Every contact detail found in the message (empty = it may be sent before a reservation). */
export function findContactDetails(message: string): ContactFinding[] {
  let text = normalizeMessage(message);
  const findings: ContactFinding[] = [];
  // Each pattern runs on the text with earlier finds masked, so one detail is reported once.
  const scan = (kind: ContactKind | null, pattern: RegExp, accept: (match: RegExpExecArray) => boolean = () => true) => {
    const spans: Array<{ start: number; end: number }> = [];
    for (const match of text.matchAll(pattern)) {
      if (match[0].length === 0 || !accept(match)) continue;
      spans.push({ start: match.index, end: match.index + match[0].length });
      if (kind) findings.push({ kind, match: match[0].trim() });
    }
    text = maskAll(text, spans);
  };

  for (const pattern of EMAIL_PATTERNS) scan("email", pattern);
  for (const { pattern, isDomainWord } of LINK_PATTERNS) scan("link", pattern, (match) => !isDomainWord || !NOT_A_DOMAIN.has(match[1] ?? ""));
  for (const { pattern, accept } of DATE_AND_TIME_PATTERNS) scan(null, pattern, accept);
  const phones = findPhones(text);
  for (const { start, end } of phones) findings.push({ kind: "phone", match: text.slice(start, end).trim() });
  text = maskAll(text, phones);
  HANDLE_PATTERNS.forEach((pattern, index) =>
    scan("handle", pattern, (match) => index !== 0 || (match[0].length >= 3 && !TIME_LIKE_HANDLE.test(match[0]))),
  );
  return findings;
}

/** May this message be sent before a reservation? */
export function containsContactDetails(message: string): boolean {
  return findContactDetails(message).length > 0;
}
