// The writing assistant of the description step: once the host has written the description in
// one language, it drafts the other two from the listing's facts (type, rooms, beds, amenities,
// city, travel types). Offline and deterministic: the same facts always give the same text, which
// the host then edits. It does not translate the host's own words; it writes from the facts.
import type { PropertyType } from "~/domain/listing";

export type DescriptionLanguage = "fr" | "en" | "es";
export const DESCRIPTION_LANGUAGES: DescriptionLanguage[] = ["fr", "en", "es"];

export interface AssistantFacts {
  propertyType: PropertyType | null;
  title: string | null;
  city: string | null;
  governorateName: string | null;
  maxGuests: number | null;
  bedrooms: number | null;
  beds: number | null;
  bathrooms: number | null;
  amenities: string[];
  travelTypes: string[];
  descriptions: Partial<Record<DescriptionLanguage, string | null | undefined>>;
}

/** What the assistant needs before it can help (each a key under `listing:assistant.missing`). */
export type AssistantMissing = "description" | "propertyType" | "city";

export type AssistantResult =
  | { ok: true; drafts: Partial<Record<DescriptionLanguage, string>> }
  | { ok: false; missing: AssistantMissing[] };

const TYPE_NOUNS: Record<DescriptionLanguage, Record<PropertyType, string>> = {
  en: { villa: "a villa", apartment: "an apartment", room: "a private room", chalet: "a chalet", hotel: "a hotel", guesthouse: "a guesthouse" },
  fr: { villa: "une villa", apartment: "un appartement", room: "une chambre privée", chalet: "un chalet", hotel: "un hôtel", guesthouse: "une maison d'hôtes" },
  es: { villa: "una villa", apartment: "un apartamento", room: "una habitación privada", chalet: "un chalé", hotel: "un hotel", guesthouse: "una casa de huéspedes" },
};

const AMENITY_WORDS: Record<DescriptionLanguage, Record<string, string>> = {
  en: {
    wifi: "Wi-Fi", air_conditioning: "air conditioning", heating: "heating", hot_water: "hot water", kitchen: "a kitchen",
    washing_machine: "a washing machine", tv: "a TV", workspace: "a workspace", free_parking: "free parking", pool: "a pool",
    jacuzzi: "a jacuzzi", garden: "a garden", terrace: "a terrace", bbq: "a barbecue", sea_view: "a sea view",
    beach_access: "beach access", elevator: "a lift", breakfast: "breakfast", family_friendly: "family-friendly equipment",
    wheelchair_accessible: "wheelchair access",
  },
  fr: {
    wifi: "le Wi-Fi", air_conditioning: "la climatisation", heating: "le chauffage", hot_water: "l'eau chaude", kitchen: "une cuisine",
    washing_machine: "un lave-linge", tv: "une télévision", workspace: "un espace de travail", free_parking: "un parking gratuit",
    pool: "une piscine", jacuzzi: "un jacuzzi", garden: "un jardin", terrace: "une terrasse", bbq: "un barbecue", sea_view: "une vue sur la mer",
    beach_access: "un accès à la plage", elevator: "un ascenseur", breakfast: "le petit-déjeuner", family_friendly: "des équipements pour les familles",
    wheelchair_accessible: "un accès en fauteuil roulant",
  },
  es: {
    wifi: "wifi", air_conditioning: "aire acondicionado", heating: "calefacción", hot_water: "agua caliente", kitchen: "cocina",
    washing_machine: "lavadora", tv: "televisión", workspace: "zona de trabajo", free_parking: "aparcamiento gratuito", pool: "piscina",
    jacuzzi: "jacuzzi", garden: "jardín", terrace: "terraza", bbq: "barbacoa", sea_view: "vistas al mar", beach_access: "acceso a la playa",
    elevator: "ascensor", breakfast: "desayuno", family_friendly: "equipamiento para familias", wheelchair_accessible: "acceso para silla de ruedas",
  },
};

const TRAVEL_WORDS: Record<DescriptionLanguage, Record<string, string>> = {
  en: { work: "working remotely", relax: "relaxing", discover: "discovering the region", fun: "having fun with friends" },
  fr: { work: "télétravailler", relax: "se détendre", discover: "découvrir la région", fun: "s'amuser entre amis" },
  es: { work: "teletrabajar", relax: "descansar", discover: "descubrir la región", fun: "divertirse con amigos" },
};

const AND: Record<DescriptionLanguage, string> = { en: "and", fr: "et", es: "y" };

/** "a, b and c" in the language. */
function list(items: string[], language: DescriptionLanguage): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${AND[language]} ${items[items.length - 1]}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function place(facts: AssistantFacts): string {
  const city = facts.city!.trim();
  const region = facts.governorateName?.trim();
  return region && region.toLowerCase() !== city.toLowerCase() ? `${city} (${region})` : city;
}

function capacity(facts: AssistantFacts, language: DescriptionLanguage): string | null {
  const parts: string[] = [];
  const words = {
    en: { bedroom: ["bedroom", "bedrooms"], bed: ["bed", "beds"], bathroom: ["bathroom", "bathrooms"] },
    fr: { bedroom: ["chambre", "chambres"], bed: ["lit", "lits"], bathroom: ["salle de bain", "salles de bain"] },
    es: { bedroom: ["dormitorio", "dormitorios"], bed: ["cama", "camas"], bathroom: ["baño", "baños"] },
  }[language];
  if (facts.bedrooms) parts.push(plural(facts.bedrooms, words.bedroom[0]!, words.bedroom[1]!));
  if (facts.beds) parts.push(plural(facts.beds, words.bed[0]!, words.bed[1]!));
  if (facts.bathrooms) parts.push(plural(facts.bathrooms, words.bathroom[0]!, words.bathroom[1]!));
  return parts.length ? list(parts, language) : null;
}

function draftIn(language: DescriptionLanguage, facts: AssistantFacts): string {
  const type = TYPE_NOUNS[language][facts.propertyType!];
  const title = facts.title?.trim();
  const where = place(facts);
  const sentences: string[] = [];
  const guests = facts.maxGuests;
  const rooms = capacity(facts, language);

  if (language === "en") {
    sentences.push(`${title ? `${title} is ` : "This is "}${type} in ${where}${guests ? ` that welcomes up to ${plural(guests, "guest", "guests")}` : ""}.`);
    if (rooms) sentences.push(`It has ${rooms}.`);
  } else if (language === "fr") {
    sentences.push(`${title ? `${title} est ` : "Voici "}${type} à ${where}${guests ? ` qui accueille jusqu'à ${plural(guests, "voyageur", "voyageurs")}` : ""}.`);
    if (rooms) sentences.push(`Le logement compte ${rooms}.`);
  } else {
    sentences.push(`${title ? `${title} es ` : "Le presentamos "}${type} en ${where}${guests ? ` para hasta ${plural(guests, "huésped", "huéspedes")}` : ""}.`);
    if (rooms) sentences.push(`Dispone de ${rooms}.`);
  }

  const amenities = [...facts.amenities].sort().map((key) => AMENITY_WORDS[language][key]).filter((word): word is string => Boolean(word));
  if (amenities.length) {
    const lead = { en: "Guests enjoy", fr: "Vous profiterez de", es: "Los huéspedes disfrutan de" }[language];
    sentences.push(`${lead} ${list(amenities, language)}.`);
  }

  const order = ["relax", "discover", "fun", "work"];
  const travel = [...facts.travelTypes]
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((key) => TRAVEL_WORDS[language][key])
    .filter((word): word is string => Boolean(word));
  if (travel.length) {
    const lead = { en: "An ideal place for", fr: "Un lieu idéal pour", es: "Un lugar ideal para" }[language];
    sentences.push(`${lead} ${list(travel, language)}.`);
  }
  return capitalise(sentences.join(" "));
}

/** One language's text from the facts alone (the type and city must be known). */
export function describeFromFacts(language: DescriptionLanguage, facts: AssistantFacts): string {
  if (!facts.propertyType || !facts.city?.trim()) throw new Error("describeFromFacts needs the type and the city");
  return draftIn(language, facts);
}

/**
 * Drafts the description in each language still empty. Refuses (saying what is missing) until
 * the description is written in at least one language and the type and city are known.
 */
export function draftDescriptions(facts: AssistantFacts): AssistantResult {
  const written = DESCRIPTION_LANGUAGES.filter((language) => (facts.descriptions[language] ?? "").trim().length > 0);
  const missing: AssistantMissing[] = [];
  if (written.length === 0) missing.push("description");
  if (!facts.propertyType) missing.push("propertyType");
  if (!facts.city?.trim()) missing.push("city");
  if (missing.length) return { ok: false, missing };
  const drafts: Partial<Record<DescriptionLanguage, string>> = {};
  for (const language of DESCRIPTION_LANGUAGES) {
    if (!written.includes(language)) drafts[language] = draftIn(language, facts);
  }
  return { ok: true, drafts };
}
