import { describe, expect, it } from "vitest";
import { draftDescriptions, type AssistantFacts } from "~/domain/writing-assistant";

const facts = (overrides: Partial<AssistantFacts> = {}): AssistantFacts => ({
  propertyType: "villa",
  title: "Villa Yasmine",
  city: "Hammamet",
  governorateName: "Nabeul",
  maxGuests: 8,
  bedrooms: 4,
  beds: 5,
  bathrooms: 1,
  amenities: ["sea_view", "pool", "wifi"],
  travelTypes: ["fun", "relax"],
  descriptions: { fr: "Une villa face à la mer, écrite par l'hôte." },
  ...overrides,
});

describe("writing assistant", () => {
  it("drafts the two missing languages from the facts, never touching the host's own text", () => {
    const result = draftDescriptions(facts());
    expect(result).toEqual({
      ok: true,
      drafts: {
        en: "Villa Yasmine is a villa in Hammamet (Nabeul) that welcomes up to 8 guests. It has 4 bedrooms, 5 beds and 1 bathroom. Guests enjoy a pool, a sea view and Wi-Fi. An ideal place for relaxing and having fun with friends.",
        es: "Villa Yasmine es una villa en Hammamet (Nabeul) para hasta 8 huéspedes. Dispone de 4 dormitorios, 5 camas y 1 baño. Los huéspedes disfrutan de piscina, vistas al mar y wifi. Un lugar ideal para descansar y divertirse con amigos.",
      },
    });
  });

  it("writes French when English was written", () => {
    const result = draftDescriptions(facts({ propertyType: "apartment", city: "Tunis", governorateName: "Tunis", maxGuests: 1, bedrooms: 1, beds: 1, bathrooms: 1, amenities: ["air_conditioning"], travelTypes: ["work"], descriptions: { en: "Bright flat." } }));
    expect(result).toEqual({
      ok: true,
      drafts: {
        fr: "Villa Yasmine est un appartement à Tunis qui accueille jusqu'à 1 voyageur. Le logement compte 1 chambre, 1 lit et 1 salle de bain. Vous profiterez de la climatisation. Un lieu idéal pour télétravailler.",
        es: "Villa Yasmine es un apartamento en Tunis para hasta 1 huésped. Dispone de 1 dormitorio, 1 cama y 1 baño. Los huéspedes disfrutan de aire acondicionado. Un lugar ideal para teletrabajar.",
      },
    });
  });

  it("is deterministic: the same facts, in any order, give the same drafts", () => {
    const a = draftDescriptions(facts());
    const b = draftDescriptions(facts({ amenities: ["wifi", "pool", "sea_view"], travelTypes: ["relax", "fun"] }));
    expect(a).toEqual(b);
  });

  it("leaves out what it does not know, and drafts nothing once all three languages are written", () => {
    const sparse = draftDescriptions(facts({ title: null, maxGuests: null, bedrooms: null, beds: null, bathrooms: null, amenities: [], travelTypes: [], descriptions: { es: "Casa." } }));
    expect(sparse).toEqual({ ok: true, drafts: { en: "This is a villa in Hammamet (Nabeul).", fr: "Voici une villa à Hammamet (Nabeul)." } });
    expect(draftDescriptions(facts({ descriptions: { fr: "a", en: "b", es: "c" } }))).toEqual({ ok: true, drafts: {} });
  });

  it.each<[Partial<AssistantFacts>, string[]]>([
    [{ descriptions: {} }, ["description"]],
    [{ descriptions: { fr: "   " } }, ["description"]],
    [{ propertyType: null }, ["propertyType"]],
    [{ city: "" , descriptions: {} }, ["description", "city"]],
  ])("explains what is missing first (%o)", (overrides, missing) => {
    expect(draftDescriptions(facts(overrides))).toEqual({ ok: false, missing });
  });
});
