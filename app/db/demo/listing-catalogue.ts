// The demo catalogue: listings across Tunisia's favourite destinations, by several demo hosts.
// Facts only; the seeder (migrations/seeders/20-demo-catalogue.ts) writes the descriptions in
// French, English and Spanish from these facts plus each city's blurb.
import type { Amenity, CancellationPolicy, PropertyType, ReservationMethod, TravelType } from "~/domain/listing";

export interface DemoHost {
  email: string;
  firstName: string;
  lastName: string;
  gender: "female" | "male";
  birthDate: string;
  phone: string;
}

/** host@demo.darna.tn comes from the accounts seeder; the others are created by the catalogue seeder. */
export const DEMO_HOSTS: DemoHost[] = [
  { email: "host@demo.darna.tn", firstName: "Karim", lastName: "Trabelsi", gender: "male", birthDate: "1982-09-03", phone: "+21698765432" },
  { email: "leila@demo.darna.tn", firstName: "Leïla", lastName: "Hammami", gender: "female", birthDate: "1979-03-14", phone: "+21622334455" },
  { email: "youssef@demo.darna.tn", firstName: "Youssef", lastName: "Ben Amor", gender: "male", birthDate: "1986-11-27", phone: "+21655443322" },
  { email: "meriem@demo.darna.tn", firstName: "Meriem", lastName: "Jaziri", gender: "female", birthDate: "1990-06-08", phone: "+21629887766" },
  { email: "hedi@demo.darna.tn", firstName: "Hédi", lastName: "Gharbi", gender: "male", birthDate: "1975-01-19", phone: "+21697112233" },
];

type Setting = "sea" | "medina" | "desert" | "forest" | "village";

export interface DemoRoomType {
  name: string;
  description: string;
  price: number; // TND
  sizeM2: number;
  occupancy: number;
  beds: string;
  quantity: number;
  features: string[];
}

export interface DemoRoom {
  number: string;
  name: string;
  price: number; // TND
  guests: number;
  beds: number;
  showers: number;
}

export interface DemoListing {
  type: PropertyType;
  title: string;
  /** Nightly price in TND (hotels and guesthouses: taken from their rooms). */
  price?: number;
  guests?: number;
  bedrooms?: number;
  beds?: number;
  baths?: number;
  amenities: Amenity[];
  travel: TravelType[];
  policy?: CancellationPolicy;
  method?: ReservationMethod;
  minNights?: number;
  delegation?: string;
  street: string;
  hotel?: { stars: number; totalRooms: number; roomTypes: DemoRoomType[] };
  guesthouse?: { totalRooms: number; rooms: DemoRoom[] };
}

export interface DemoCity {
  city: string;
  governorate: string;
  delegation: string;
  lat: number;
  lng: number;
  setting: Setting;
  blurb: { fr: string; en: string; es: string };
  listings: DemoListing[];
}

const seaBasics: Amenity[] = ["wifi", "air_conditioning", "hot_water", "kitchen", "tv"];

export const DEMO_CITIES: DemoCity[] = [
  {
    city: "Tunis",
    governorate: "tunis",
    delegation: "Médina",
    lat: 36.7983,
    lng: 10.17,
    setting: "medina",
    blurb: {
      fr: "Au cœur de la capitale, entre les souks de la Médina et l'avenue Habib Bourguiba.",
      en: "In the heart of the capital, between the souks of the Medina and Avenue Habib Bourguiba.",
      es: "En el corazón de la capital, entre los zocos de la Medina y la avenida Habib Bourguiba.",
    },
    listings: [
      {
        type: "guesthouse",
        title: "Dar Yasmina, maison d'hôtes dans la Médina",
        amenities: ["wifi", "air_conditioning", "hot_water", "breakfast", "terrace"],
        travel: ["discover", "relax"],
        policy: "moderate",
        method: "request",
        street: "12 impasse du Tribunal",
        guesthouse: {
          totalRooms: 5,
          rooms: [
            { number: "1", name: "Chambre Jasmin", price: 190, guests: 2, beds: 1, showers: 1 },
            { number: "2", name: "Chambre Fleur d'oranger", price: 170, guests: 2, beds: 1, showers: 1 },
            { number: "3", name: "Suite Bey", price: 260, guests: 3, beds: 2, showers: 1 },
            { number: "4", name: "Chambre Patio", price: 150, guests: 2, beds: 2, showers: 1 },
          ],
        },
      },
      { type: "apartment", title: "Appartement Art déco avenue Habib Bourguiba", price: 140, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["wifi", "air_conditioning", "heating", "kitchen", "elevator", "tv"], travel: ["work", "discover"], delegation: "Bab El Bhar", street: "45 avenue Habib Bourguiba" },
      { type: "apartment", title: "Studio moderne aux Berges du Lac", price: 120, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "air_conditioning", "workspace", "free_parking", "kitchen"], travel: ["work"], delegation: "Bab El Bhar", street: "Rue du Lac Léman" },
      { type: "room", title: "Chambre chez l'habitant à Lafayette", price: 55, guests: 1, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "hot_water", "breakfast"], travel: ["work", "discover"], delegation: "Bab El Bhar", street: "8 rue d'Espagne" },
    ],
  },
  {
    city: "Sidi Bou Saïd",
    governorate: "tunis",
    delegation: "Carthage",
    lat: 36.8687,
    lng: 10.3416,
    setting: "sea",
    blurb: {
      fr: "Dans le village bleu et blanc perché au-dessus du golfe de Tunis, à deux pas des ruines de Carthage.",
      en: "In the blue-and-white village perched above the Gulf of Tunis, a short walk from the ruins of Carthage.",
      es: "En el pueblo azul y blanco sobre el golfo de Túnez, a un paso de las ruinas de Cartago.",
    },
    listings: [
      {
        type: "guesthouse",
        title: "Dar Sidi Bou, patio et terrasses",
        amenities: ["wifi", "air_conditioning", "breakfast", "terrace", "sea_view"],
        travel: ["relax", "discover"],
        policy: "strict",
        method: "request",
        street: "3 rue Hédi Zarrouk",
        guesthouse: {
          totalRooms: 4,
          rooms: [
            { number: "1", name: "Chambre Bougainvillier", price: 230, guests: 2, beds: 1, showers: 1 },
            { number: "2", name: "Chambre Golfe", price: 280, guests: 2, beds: 1, showers: 1 },
            { number: "3", name: "Chambre Jasmin", price: 210, guests: 2, beds: 2, showers: 1 },
          ],
        },
      },
      { type: "apartment", title: "Appartement bleu et blanc face au golfe", price: 230, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["wifi", "air_conditioning", "kitchen", "terrace", "sea_view"], travel: ["relax", "discover"], street: "Rue Sidi Dhrif" },
      { type: "villa", title: "Villa andalouse avec vue sur Carthage", price: 750, guests: 8, bedrooms: 4, beds: 5, baths: 3, amenities: ["wifi", "air_conditioning", "pool", "garden", "terrace", "sea_view", "free_parking", "kitchen"], travel: ["relax", "fun"], minNights: 3, street: "Avenue de la République" },
      { type: "room", title: "Chambre sous les bougainvilliers", price: 95, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "air_conditioning", "breakfast"], travel: ["relax"], street: "Rue Habib Thameur" },
    ],
  },
  {
    city: "La Marsa",
    governorate: "tunis",
    delegation: "La Marsa",
    lat: 36.8782,
    lng: 10.3247,
    setting: "sea",
    blurb: {
      fr: "À La Marsa, la plage, les cafés de la corniche et le marché sont à quelques minutes à pied.",
      en: "In La Marsa, the beach, the seafront cafés and the market are a few minutes' walk away.",
      es: "En La Marsa, la playa, los cafés del paseo marítimo y el mercado están a pocos minutos a pie.",
    },
    listings: [
      { type: "apartment", title: "Duplex à deux pas de la plage de La Marsa", price: 190, guests: 5, bedrooms: 2, beds: 3, baths: 2, amenities: [...seaBasics, "beach_access", "washing_machine"], travel: ["relax", "fun"], street: "Rue du Maroc" },
      { type: "villa", title: "Villa familiale avec piscine à Gammarth", price: 850, guests: 10, bedrooms: 5, beds: 6, baths: 4, amenities: ["wifi", "air_conditioning", "pool", "garden", "bbq", "free_parking", "family_friendly", "kitchen"], travel: ["relax", "fun"], minNights: 3, street: "Route de Gammarth" },
      { type: "apartment", title: "Appartement lumineux près du Saf-Saf", price: 150, guests: 3, bedrooms: 1, beds: 2, baths: 1, amenities: [...seaBasics, "workspace"], travel: ["work", "discover"], street: "Place du Saf-Saf" },
      { type: "room", title: "Chambre cosy sur la corniche", price: 70, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "sea_view", "hot_water"], travel: ["relax"], street: "Corniche de La Marsa" },
    ],
  },
  {
    city: "Hammamet",
    governorate: "nabeul",
    delegation: "Hammamet",
    lat: 36.4,
    lng: 10.6167,
    setting: "sea",
    blurb: {
      fr: "Hammamet, ses plages de sable fin, sa médina fortifiée et ses jardins de jasmin.",
      en: "Hammamet, with its fine sandy beaches, its walled medina and its jasmine gardens.",
      es: "Hammamet, con sus playas de arena fina, su medina amurallada y sus jardines de jazmín.",
    },
    listings: [
      {
        type: "hotel",
        title: "Hôtel Les Jasmins Hammamet",
        amenities: ["wifi", "air_conditioning", "pool", "breakfast", "beach_access", "elevator", "free_parking"],
        travel: ["relax", "fun"],
        policy: "moderate",
        method: "direct",
        street: "Zone touristique Yasmine",
        hotel: {
          stars: 4,
          totalRooms: 120,
          roomTypes: [
            { name: "Chambre double vue jardin", description: "Chambre calme donnant sur les jardins de jasmin.", price: 210, sizeM2: 24, occupancy: 2, beds: "1 grand lit", quantity: 60, features: ["air_conditioning", "private_bathroom", "tv", "safe"] },
            { name: "Chambre double vue mer", description: "Balcon face à la Méditerranée.", price: 260, sizeM2: 26, occupancy: 2, beds: "1 grand lit ou 2 lits simples", quantity: 40, features: ["balcony", "sea_view", "air_conditioning", "minibar", "private_bathroom"] },
            { name: "Suite familiale", description: "Deux chambres communicantes pour les familles.", price: 420, sizeM2: 45, occupancy: 4, beds: "1 grand lit et 2 lits simples", quantity: 20, features: ["balcony", "air_conditioning", "bathtub", "minibar", "tv"] },
          ],
        },
      },
      { type: "villa", title: "Villa Yasmine, piscine et jardin", price: 620, guests: 8, bedrooms: 4, beds: 4, baths: 3, amenities: ["wifi", "air_conditioning", "pool", "garden", "bbq", "free_parking", "kitchen", "washing_machine"], travel: ["relax", "fun"], minNights: 3, street: "Route de la Corniche" },
      { type: "apartment", title: "Appartement près de la marina de Yasmine", price: 160, guests: 4, bedrooms: 2, beds: 3, baths: 1, amenities: [...seaBasics, "pool", "elevator"], travel: ["relax", "fun"], street: "Marina Yasmine Hammamet" },
      { type: "chalet", title: "Bungalow en bois au bord de la plage", price: 210, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["wifi", "beach_access", "terrace", "bbq", "hot_water"], travel: ["relax", "fun"], street: "Plage de Hammamet Nord" },
    ],
  },
  {
    city: "Nabeul",
    governorate: "nabeul",
    delegation: "Nabeul",
    lat: 36.4561,
    lng: 10.7376,
    setting: "sea",
    blurb: {
      fr: "Nabeul, capitale de la poterie et des agrumes du Cap Bon, avec son grand marché du vendredi.",
      en: "Nabeul, the Cap Bon's capital of pottery and citrus, with its big Friday market.",
      es: "Nabeul, capital de la cerámica y los cítricos del Cabo Bon, con su gran mercado de los viernes.",
    },
    listings: [
      { type: "apartment", title: "Appartement près du marché de la poterie", price: 95, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["wifi", "air_conditioning", "kitchen", "washing_machine"], travel: ["discover"], street: "Avenue Farhat Hached" },
      { type: "villa", title: "Villa avec jardin d'orangers", price: 480, guests: 8, bedrooms: 4, beds: 5, baths: 2, amenities: ["wifi", "air_conditioning", "garden", "pool", "bbq", "free_parking", "family_friendly"], travel: ["relax", "fun"], minNights: 2, street: "Route de Béni Khiar" },
      { type: "room", title: "Chambre d'hôte chez une famille de potiers", price: 50, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "breakfast", "hot_water"], travel: ["discover"], street: "Rue des Potiers" },
      { type: "chalet", title: "Chalet de plage à Nabeul", price: 180, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["beach_access", "terrace", "bbq", "hot_water"], travel: ["relax", "fun"], street: "Plage de Nabeul" },
    ],
  },
  {
    city: "Sousse",
    governorate: "sousse",
    delegation: "Sousse Médina",
    lat: 35.8256,
    lng: 10.636,
    setting: "sea",
    blurb: {
      fr: "Sousse, la perle du Sahel, entre sa médina classée à l'UNESCO et la plage de Boujaafar.",
      en: "Sousse, the pearl of the Sahel, between its UNESCO-listed medina and Boujaafar beach.",
      es: "Susa, la perla del Sahel, entre su medina declarada Patrimonio de la UNESCO y la playa de Boujaafar.",
    },
    listings: [
      {
        type: "hotel",
        title: "Hôtel Marina Boujaafar",
        amenities: ["wifi", "air_conditioning", "pool", "breakfast", "beach_access", "elevator"],
        travel: ["relax", "fun", "work"],
        policy: "flexible",
        method: "direct",
        street: "Boulevard Hédi Chaker",
        hotel: {
          stars: 4,
          totalRooms: 90,
          roomTypes: [
            { name: "Chambre standard", description: "Chambre confortable côté ville.", price: 170, sizeM2: 22, occupancy: 2, beds: "2 lits simples", quantity: 50, features: ["air_conditioning", "private_bathroom", "tv", "desk"] },
            { name: "Chambre supérieure vue mer", description: "Vue sur la baie de Sousse.", price: 230, sizeM2: 28, occupancy: 3, beds: "1 grand lit et 1 lit simple", quantity: 40, features: ["balcony", "sea_view", "air_conditioning", "minibar", "kettle"] },
          ],
        },
      },
      { type: "apartment", title: "Appartement vue sur la Médina de Sousse", price: 120, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["wifi", "air_conditioning", "kitchen", "terrace"], travel: ["discover", "fun"], street: "Rue de Paris" },
      { type: "apartment", title: "Studio à Port El Kantaoui", price: 130, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: [...seaBasics, "pool"], travel: ["relax", "fun"], delegation: "Hammam Sousse", street: "Port El Kantaoui" },
      { type: "villa", title: "Villa à Chott Meriem", price: 560, guests: 8, bedrooms: 4, beds: 4, baths: 3, amenities: ["wifi", "air_conditioning", "pool", "garden", "sea_view", "free_parking"], travel: ["relax"], delegation: "Akouda", street: "Route touristique de Chott Meriem" },
    ],
  },
  {
    city: "Monastir",
    governorate: "monastir",
    delegation: "Monastir",
    lat: 35.7643,
    lng: 10.8113,
    setting: "sea",
    blurb: {
      fr: "Monastir, son ribat face à la mer, sa marina et ses longues plages de Skanes.",
      en: "Monastir, with its ribat facing the sea, its marina and the long beaches of Skanes.",
      es: "Monastir, con su ribat frente al mar, su puerto deportivo y las largas playas de Skanes.",
    },
    listings: [
      { type: "apartment", title: "Appartement face au Ribat", price: 115, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: [...seaBasics, "sea_view"], travel: ["discover", "relax"], street: "Avenue Habib Bourguiba" },
      { type: "villa", title: "Villa de la Falaise avec piscine", price: 650, guests: 9, bedrooms: 4, beds: 5, baths: 3, amenities: ["wifi", "air_conditioning", "pool", "sea_view", "terrace", "bbq", "free_parking"], travel: ["relax", "fun"], minNights: 3, street: "Route de la Falaise" },
      { type: "room", title: "Chambre vue mer à Skanes", price: 65, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "sea_view", "air_conditioning"], travel: ["relax"], street: "Zone touristique de Skanes" },
      { type: "apartment", title: "Appartement à la marina de Monastir", price: 135, guests: 3, bedrooms: 1, beds: 2, baths: 1, amenities: [...seaBasics, "elevator", "workspace"], travel: ["work", "relax"], street: "Cap Marina" },
    ],
  },
  {
    city: "Mahdia",
    governorate: "mahdia",
    delegation: "Mahdia",
    lat: 35.5047,
    lng: 11.0622,
    setting: "sea",
    blurb: {
      fr: "Mahdia, presqu'île de pêcheurs aux eaux turquoise, célèbre pour sa Skifa Kahla et ses tisserands.",
      en: "Mahdia, a fishermen's peninsula with turquoise water, known for its Skifa Kahla gate and its weavers.",
      es: "Mahdia, península de pescadores de aguas turquesa, famosa por su puerta Skifa Kahla y sus tejedores.",
    },
    listings: [
      { type: "villa", title: "Villa blanche sur la corniche de Mahdia", price: 540, guests: 8, bedrooms: 4, beds: 4, baths: 2, amenities: ["wifi", "air_conditioning", "sea_view", "terrace", "beach_access", "kitchen"], travel: ["relax", "fun"], minNights: 2, street: "Corniche de Mahdia" },
      { type: "apartment", title: "Appartement Cap Africa", price: 110, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: [...seaBasics, "beach_access"], travel: ["relax"], street: "Rue du Cap Africa" },
      { type: "room", title: "Chambre dans une maison de pêcheur", price: 55, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "breakfast", "sea_view"], travel: ["discover", "relax"], street: "Rue du Port" },
      { type: "chalet", title: "Chalet à la plage de Mahdia", price: 170, guests: 4, bedrooms: 2, beds: 3, baths: 1, amenities: ["beach_access", "terrace", "bbq", "hot_water"], travel: ["relax", "fun"], street: "Zone touristique de Mahdia" },
    ],
  },
  {
    city: "Djerba",
    governorate: "medenine",
    delegation: "Djerba Midoun",
    lat: 33.8081,
    lng: 10.9922,
    setting: "sea",
    blurb: {
      fr: "Djerba, l'île des rêves : plages de sable blanc, menzels, palmiers et villages de potiers.",
      en: "Djerba, the island of dreams: white sand beaches, menzels, palm trees and potters' villages.",
      es: "Yerba, la isla de los sueños: playas de arena blanca, menzels, palmeras y pueblos de alfareros.",
    },
    listings: [
      {
        type: "hotel",
        title: "Djerba Palm Resort",
        amenities: ["wifi", "air_conditioning", "pool", "jacuzzi", "breakfast", "beach_access", "garden", "family_friendly"],
        travel: ["relax", "fun"],
        policy: "moderate",
        method: "direct",
        street: "Zone touristique de Sidi Mahrez",
        hotel: {
          stars: 5,
          totalRooms: 200,
          roomTypes: [
            { name: "Chambre deluxe jardin", description: "Au milieu des palmiers, à deux pas de la piscine.", price: 320, sizeM2: 32, occupancy: 2, beds: "1 très grand lit", quantity: 120, features: ["air_conditioning", "balcony", "minibar", "safe", "bathtub"] },
            { name: "Chambre deluxe vue mer", description: "Terrasse privée face à la mer.", price: 390, sizeM2: 34, occupancy: 3, beds: "1 très grand lit et 1 canapé-lit", quantity: 60, features: ["sea_view", "balcony", "air_conditioning", "minibar", "kettle"] },
            { name: "Suite junior", description: "Salon séparé et grande terrasse.", price: 560, sizeM2: 55, occupancy: 4, beds: "1 très grand lit et 2 lits simples", quantity: 20, features: ["sea_view", "balcony", "bathtub", "minibar", "desk"] },
          ],
        },
      },
      {
        type: "guesthouse",
        title: "Dar Djerba Menzel",
        amenities: ["wifi", "air_conditioning", "breakfast", "pool", "garden"],
        travel: ["relax", "discover"],
        policy: "moderate",
        method: "request",
        delegation: "Djerba Houmt Souk",
        street: "Route d'Erriadh",
        guesthouse: {
          totalRooms: 6,
          rooms: [
            { number: "1", name: "Chambre Olivier", price: 160, guests: 2, beds: 1, showers: 1 },
            { number: "2", name: "Chambre Palmier", price: 160, guests: 2, beds: 1, showers: 1 },
            { number: "3", name: "Chambre Grenadier", price: 190, guests: 3, beds: 2, showers: 1 },
            { number: "4", name: "Suite Menzel", price: 240, guests: 4, beds: 2, showers: 2 },
          ],
        },
      },
      { type: "villa", title: "Houch traditionnel avec piscine", price: 520, guests: 8, bedrooms: 4, beds: 5, baths: 3, amenities: ["wifi", "air_conditioning", "pool", "garden", "bbq", "free_parking"], travel: ["relax", "discover"], minNights: 3, street: "Route de Midoun" },
      { type: "apartment", title: "Appartement à Houmt Souk", price: 90, guests: 3, bedrooms: 1, beds: 2, baths: 1, amenities: ["wifi", "air_conditioning", "kitchen"], travel: ["discover"], delegation: "Djerba Houmt Souk", street: "Rue Habib Bourguiba" },
    ],
  },
  {
    city: "Tozeur",
    governorate: "tozeur",
    delegation: "Tozeur",
    lat: 33.9197,
    lng: 8.1335,
    setting: "desert",
    blurb: {
      fr: "Tozeur, porte du Sahara, avec sa palmeraie, son architecture de briques et le chott el-Jérid.",
      en: "Tozeur, gateway to the Sahara, with its palm grove, its brick architecture and the Chott el-Jerid.",
      es: "Tozeur, puerta del Sáhara, con su palmeral, su arquitectura de ladrillo y el Chott el-Jerid.",
    },
    listings: [
      {
        type: "guesthouse",
        title: "Dar Tozeur, au cœur de la palmeraie",
        amenities: ["wifi", "air_conditioning", "breakfast", "pool", "garden"],
        travel: ["discover", "relax"],
        policy: "moderate",
        method: "request",
        street: "Route de la Palmeraie",
        guesthouse: {
          totalRooms: 5,
          rooms: [
            { number: "1", name: "Chambre Dattier", price: 140, guests: 2, beds: 1, showers: 1 },
            { number: "2", name: "Chambre Chott", price: 150, guests: 2, beds: 1, showers: 1 },
            { number: "3", name: "Chambre Oasis", price: 180, guests: 3, beds: 2, showers: 1 },
          ],
        },
      },
      { type: "villa", title: "Villa en briques de Tozeur", price: 390, guests: 6, bedrooms: 3, beds: 4, baths: 2, amenities: ["wifi", "air_conditioning", "pool", "garden", "free_parking"], travel: ["relax", "discover"], minNights: 2, street: "Zone touristique de Tozeur" },
      { type: "room", title: "Chambre avec vue sur les palmiers", price: 60, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "air_conditioning", "breakfast"], travel: ["discover"], street: "Avenue Abou El Kacem Chebbi" },
      { type: "chalet", title: "Campement de luxe aux portes du désert", price: 240, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["air_conditioning", "terrace", "breakfast"], travel: ["discover", "fun"], street: "Route de Nefta" },
    ],
  },
  {
    city: "Tabarka",
    governorate: "jendouba",
    delegation: "Tabarka",
    lat: 36.9544,
    lng: 8.7581,
    setting: "forest",
    blurb: {
      fr: "Tabarka, entre forêt de pins et mer de corail, au pied de son fort génois.",
      en: "Tabarka, between pine forest and coral sea, below its Genoese fort.",
      es: "Tabarka, entre el bosque de pinos y el mar de coral, al pie de su fuerte genovés.",
    },
    listings: [
      { type: "chalet", title: "Chalet sous les pins de Tabarka", price: 200, guests: 5, bedrooms: 2, beds: 3, baths: 1, amenities: ["wifi", "heating", "terrace", "bbq", "free_parking"], travel: ["relax", "discover"], street: "Route de la forêt" },
      { type: "apartment", title: "Appartement face au fort génois", price: 120, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: [...seaBasics, "sea_view"], travel: ["discover", "relax"], street: "Avenue Habib Bourguiba" },
      { type: "villa", title: "Villa entre mer et forêt", price: 450, guests: 8, bedrooms: 4, beds: 4, baths: 2, amenities: ["wifi", "heating", "garden", "sea_view", "bbq", "free_parking"], travel: ["relax", "fun"], minNights: 2, street: "Zone touristique de Tabarka" },
      { type: "room", title: "Chambre près du port de Tabarka", price: 60, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "hot_water"], travel: ["discover"], street: "Rue du Port" },
    ],
  },
  {
    city: "Kairouan",
    governorate: "kairouan",
    delegation: "Kairouan Nord",
    lat: 35.69,
    lng: 10.0963,
    setting: "medina",
    blurb: {
      fr: "Kairouan, ville sainte aux cent mosquées, célèbre pour ses tapis et ses makrouds.",
      en: "Kairouan, the holy city of a hundred mosques, famous for its carpets and its makroud pastries.",
      es: "Kairuán, ciudad santa de las cien mezquitas, famosa por sus alfombras y sus dulces makrud.",
    },
    listings: [
      {
        type: "guesthouse",
        title: "Dar Kairouan, près de la Grande Mosquée",
        amenities: ["wifi", "air_conditioning", "breakfast", "terrace"],
        travel: ["discover"],
        policy: "flexible",
        method: "request",
        street: "Rue de la Grande Mosquée",
        guesthouse: {
          totalRooms: 4,
          rooms: [
            { number: "1", name: "Chambre Tapis", price: 120, guests: 2, beds: 1, showers: 1 },
            { number: "2", name: "Chambre Makroud", price: 110, guests: 2, beds: 2, showers: 1 },
            { number: "3", name: "Chambre Aghlabide", price: 150, guests: 3, beds: 2, showers: 1 },
          ],
        },
      },
      { type: "apartment", title: "Appartement près des bassins aghlabides", price: 85, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["wifi", "air_conditioning", "kitchen", "free_parking"], travel: ["discover", "work"], street: "Avenue de la République" },
      { type: "room", title: "Chambre d'hôte dans la médina de Kairouan", price: 45, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "breakfast"], travel: ["discover"], delegation: "Kairouan Sud", street: "Rue Sidi Abid" },
      { type: "villa", title: "Villa avec patio à Kairouan", price: 300, guests: 7, bedrooms: 3, beds: 4, baths: 2, amenities: ["wifi", "air_conditioning", "garden", "free_parking", "family_friendly"], travel: ["discover", "relax"], street: "Cité El Mansoura" },
    ],
  },
  {
    city: "Bizerte",
    governorate: "bizerte",
    delegation: "Bizerte Nord",
    lat: 37.2744,
    lng: 9.8739,
    setting: "sea",
    blurb: {
      fr: "Bizerte, la ville la plus au nord de l'Afrique, son vieux port coloré et sa corniche.",
      en: "Bizerte, Africa's northernmost city, with its colourful old port and its seafront.",
      es: "Bizerta, la ciudad más septentrional de África, con su colorido puerto viejo y su paseo marítimo.",
    },
    listings: [
      { type: "apartment", title: "Appartement sur le Vieux Port de Bizerte", price: 110, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: [...seaBasics, "sea_view"], travel: ["discover", "relax"], street: "Quai Khémais Terrenne" },
      { type: "villa", title: "Villa sur la corniche de Bizerte", price: 520, guests: 8, bedrooms: 4, beds: 5, baths: 3, amenities: ["wifi", "air_conditioning", "sea_view", "garden", "beach_access", "free_parking"], travel: ["relax", "fun"], minNights: 2, street: "Route de la Corniche" },
      { type: "chalet", title: "Chalet à Rafraf", price: 190, guests: 5, bedrooms: 2, beds: 3, baths: 1, amenities: ["beach_access", "terrace", "bbq"], travel: ["relax", "fun"], delegation: "Ras Jebel", street: "Plage de Rafraf" },
      { type: "room", title: "Chambre dans la médina de Bizerte", price: 50, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "hot_water", "breakfast"], travel: ["discover"], street: "Rue des Andalous" },
    ],
  },
  {
    city: "Kélibia",
    governorate: "nabeul",
    delegation: "Kélibia",
    lat: 36.8475,
    lng: 11.0939,
    setting: "sea",
    blurb: {
      fr: "Kélibia, sa forteresse, son port de pêche et la plage de Mansoura aux eaux cristallines.",
      en: "Kélibia, its fortress, its fishing port and Mansoura beach with its crystal-clear water.",
      es: "Kélibia, su fortaleza, su puerto pesquero y la playa de Mansoura de aguas cristalinas.",
    },
    listings: [
      { type: "villa", title: "Villa Mansoura les pieds dans l'eau", price: 580, guests: 8, bedrooms: 4, beds: 4, baths: 2, amenities: ["wifi", "air_conditioning", "beach_access", "sea_view", "terrace", "bbq"], travel: ["relax", "fun"], minNights: 3, street: "Plage de Mansoura" },
      { type: "apartment", title: "Appartement près de la forteresse de Kélibia", price: 100, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["wifi", "air_conditioning", "kitchen", "terrace"], travel: ["discover", "relax"], street: "Rue de la Forteresse" },
      { type: "chalet", title: "Cabanon de pêcheur à Kélibia", price: 150, guests: 3, bedrooms: 1, beds: 2, baths: 1, amenities: ["beach_access", "terrace", "hot_water"], travel: ["relax"], street: "Port de Kélibia" },
      { type: "room", title: "Chambre vue sur le port", price: 55, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "sea_view"], travel: ["relax", "discover"], street: "Avenue des Martyrs" },
    ],
  },
  {
    city: "Aïn Draham",
    governorate: "jendouba",
    delegation: "Aïn Draham",
    lat: 36.7833,
    lng: 8.6833,
    setting: "forest",
    blurb: {
      fr: "Aïn Draham, village de montagne de Kroumirie entouré de forêts de chênes-lièges.",
      en: "Aïn Draham, a Kroumirie mountain village surrounded by cork oak forests.",
      es: "Aïn Draham, pueblo de montaña de la Kroumirie rodeado de bosques de alcornoques.",
    },
    listings: [
      { type: "chalet", title: "Chalet en bois dans la forêt de chênes-lièges", price: 220, guests: 6, bedrooms: 3, beds: 4, baths: 1, amenities: ["wifi", "heating", "garden", "bbq", "free_parking"], travel: ["relax", "discover"], street: "Route de Béni Mtir" },
      { type: "chalet", title: "Chalet avec cheminée à Aïn Draham", price: 190, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["heating", "hot_water", "terrace", "free_parking"], travel: ["relax"], street: "Route du Col des Ruines" },
      { type: "villa", title: "Maison de montagne avec jardin", price: 350, guests: 8, bedrooms: 4, beds: 5, baths: 2, amenities: ["wifi", "heating", "garden", "bbq", "family_friendly", "kitchen"], travel: ["relax", "fun"], minNights: 2, street: "Avenue Habib Bourguiba" },
      { type: "room", title: "Chambre d'hôte au cœur de la Kroumirie", price: 60, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["heating", "breakfast", "hot_water"], travel: ["discover"], street: "Rue de la Kroumirie" },
    ],
  },
  {
    city: "Douz",
    governorate: "kebili",
    delegation: "Douz Nord",
    lat: 33.4667,
    lng: 9.02,
    setting: "desert",
    blurb: {
      fr: "Douz, porte du Grand Erg oriental, point de départ des balades à dos de dromadaire.",
      en: "Douz, gateway to the Grand Erg Oriental and starting point of camel rides.",
      es: "Douz, puerta del Gran Erg Oriental y punto de partida de los paseos en dromedario.",
    },
    listings: [
      { type: "chalet", title: "Tente-chalet au bord des dunes", price: 180, guests: 4, bedrooms: 2, beds: 2, baths: 1, amenities: ["terrace", "breakfast", "hot_water"], travel: ["discover", "fun"], street: "Route du Grand Erg" },
      { type: "room", title: "Chambre dans une maison de Douz", price: 45, guests: 2, bedrooms: 1, beds: 1, baths: 1, amenities: ["wifi", "air_conditioning", "breakfast"], travel: ["discover"], street: "Rue du Marché" },
      { type: "villa", title: "Villa saharienne avec piscine", price: 420, guests: 8, bedrooms: 4, beds: 4, baths: 2, amenities: ["wifi", "air_conditioning", "pool", "garden", "free_parking"], travel: ["relax", "discover"], minNights: 2, street: "Zone touristique de Douz" },
      { type: "apartment", title: "Appartement au centre de Douz", price: 70, guests: 3, bedrooms: 1, beds: 2, baths: 1, amenities: ["wifi", "air_conditioning", "kitchen"], travel: ["discover", "work"], street: "Avenue du 7 Novembre" },
    ],
  },
];

/** The scenes (app/services/photos/demo-scenes.server.ts) of a listing's photos: outside first, then rooms. */
export function demoScenesFor(setting: Setting, type: PropertyType, city: string, index: number): string[] {
  const outside: Record<Setting, string[]> = {
    sea: ["sea-view", "terrace"],
    medina: ["medina", "terrace"],
    desert: ["desert", "oasis"],
    forest: ["forest", "terrace"],
    village: ["terrace", "sea-view"],
  };
  const lead = type === "hotel" ? ["hotel-front"] : type === "villa" ? ["pool-villa"] : city === "Sidi Bou Saïd" ? ["blue-door"] : [];
  const inside = ["living-room", "bedroom", "kitchen", "bathroom"];
  const rotated = [...inside.slice(index % inside.length), ...inside.slice(0, index % inside.length)];
  return [...new Set([...lead, ...outside[setting], ...rotated])].slice(0, 6);
}
