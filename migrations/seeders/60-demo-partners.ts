import type { Migration } from "~/db/migrator.server";
import { Experience, ExperienceSlot } from "~/db/models/experience.server";
import { Partner } from "~/db/models/partner.server";
import { User } from "~/db/models/user.server";
import { hashPassword } from "~/utils/password.server";
import { DEMO_PASSWORD } from "./02-demo-accounts";

// Demo partners and experiences (issue 21, ADR 182): three active partners, each managed by its
// account partner1..3@demo.darna.tn (password as the other demo accounts), and six approved
// experiences in six cities with slots over the coming three months, relative to seeding
// (weekly departures at a fixed Tunis hour). Idempotent: a partner whose account already manages
// one is left as it is.

interface DemoExperience {
  title: [string, string, string];
  description: [string, string, string];
  city: string;
  governorate: string;
  durationMinutes: number;
  languages: string[];
  pricePerPerson: number;
  capacity: number;
  /** Days between departures, and the Tunis hour they start at. */
  everyDays: number;
  hour: number;
}

const texts = ([en, fr, es]: [string, string, string]) => JSON.stringify({ en, fr, es });

const PARTNERS: Array<{ email: string; firstName: string; name: string; city: string; phone: string; description: [string, string, string]; experiences: DemoExperience[] }> = [
  {
    email: "partner1@demo.darna.tn",
    firstName: "Hedi",
    name: "Atelier Fakhar Nabeul",
    city: "Nabeul",
    phone: "+21672000001",
    description: ["A family pottery workshop in Nabeul since 1962.", "Un atelier familial de poterie à Nabeul depuis 1962.", "Un taller familiar de cerámica en Nabeul desde 1962."],
    experiences: [
      {
        title: ["Pottery workshop in Nabeul", "Atelier de poterie à Nabeul", "Taller de cerámica en Nabeul"],
        description: ["Shape and paint your own bowl with a master potter, then take it home after firing.", "Façonnez et peignez votre bol avec un maître potier, puis emportez-le après cuisson.", "Modela y pinta tu propio cuenco con un maestro alfarero y llévatelo tras la cocción."],
        city: "Nabeul", governorate: "Nabeul", durationMinutes: 150, languages: ["fr", "ar", "en"], pricePerPerson: 45_000, capacity: 8, everyDays: 3, hour: 10,
      },
      {
        title: ["Hammamet medina and jasmine walk", "Balade dans la médina de Hammamet", "Paseo por la medina de Hammamet"],
        description: ["Two hours through the walled medina, the kasbah and the seafront.", "Deux heures dans la médina fortifiée, la kasbah et le front de mer.", "Dos horas por la medina amurallada, la alcazaba y el paseo marítimo."],
        city: "Hammamet", governorate: "Nabeul", durationMinutes: 120, languages: ["fr", "en"], pricePerPerson: 30_000, capacity: 12, everyDays: 7, hour: 16,
      },
    ],
  },
  {
    email: "partner2@demo.darna.tn",
    firstName: "Leila",
    name: "Sahara Trails Douz",
    city: "Douz",
    phone: "+21675000002",
    description: ["Desert guides from Douz: camels, 4×4 and nights under the stars.", "Guides du désert de Douz : dromadaires, 4×4 et nuits à la belle étoile.", "Guías del desierto de Douz: dromedarios, 4×4 y noches bajo las estrellas."],
    experiences: [
      {
        title: ["Sunset camel ride in the dunes", "Balade à dos de dromadaire au coucher du soleil", "Paseo en dromedario al atardecer"],
        description: ["Ride into the Grand Erg at sunset and share tea by the fire.", "Partez dans le Grand Erg au coucher du soleil et partagez un thé près du feu.", "Adéntrate en el Gran Erg al atardecer y comparte un té junto al fuego."],
        city: "Douz", governorate: "Kébili", durationMinutes: 180, languages: ["fr", "en", "es"], pricePerPerson: 80_000, capacity: 10, everyDays: 2, hour: 15,
      },
      {
        title: ["Star Wars sets and Chott el Jerid by 4×4", "Décors de Star Wars et chott el-Jérid en 4×4", "Decorados de Star Wars y Chott el Djerid en 4×4"],
        description: ["A day from Tozeur to the salt lake and the film sets of Mos Espa.", "Une journée de Tozeur au lac salé et aux décors de Mos Espa.", "Un día desde Tozeur hasta el lago salado y los decorados de Mos Espa."],
        city: "Tozeur", governorate: "Tozeur", durationMinutes: 480, languages: ["fr", "en"], pricePerPerson: 220_000, capacity: 6, everyDays: 7, hour: 8,
      },
    ],
  },
  {
    email: "partner3@demo.darna.tn",
    firstName: "Yassine",
    name: "Tunis Food Tours",
    city: "Tunis",
    phone: "+21671000003",
    description: ["Food and history walks in Tunis and Sidi Bou Saïd.", "Balades gourmandes et historiques à Tunis et Sidi Bou Saïd.", "Paseos gastronómicos e históricos por Túnez y Sidi Bou Saïd."],
    experiences: [
      {
        title: ["Tunis medina food tour", "Tournée gourmande dans la médina de Tunis", "Ruta gastronómica por la medina de Túnez"],
        description: ["Brik, lablabi, bambalouni and mint tea in the souks, with their stories.", "Brik, lablabi, bambalouni et thé à la menthe dans les souks, avec leurs histoires.", "Brik, lablabi, bambalouni y té con menta en los zocos, con sus historias."],
        city: "Tunis", governorate: "Tunis", durationMinutes: 210, languages: ["fr", "en", "ar"], pricePerPerson: 65_000, capacity: 10, everyDays: 2, hour: 11,
      },
      {
        title: ["Cooking class in Sidi Bou Saïd", "Cours de cuisine à Sidi Bou Saïd", "Clase de cocina en Sidi Bou Saïd"],
        description: ["Cook a couscous and a salade méchouia in a blue-and-white house.", "Cuisinez un couscous et une salade méchouia dans une maison bleu et blanc.", "Cocina un cuscús y una ensalada mechouia en una casa azul y blanca."],
        city: "Sidi Bou Saïd", governorate: "Tunis", durationMinutes: 240, languages: ["fr", "en", "es"], pricePerPerson: 95_000, capacity: 8, everyDays: 7, hour: 10,
      },
    ],
  },
];

const DAY_MS = 86_400_000;

/** Departures from tomorrow over 90 days, every `everyDays`, at `hour` Tunis time (UTC+1). */
function departures(now: Date, everyDays: number, hour: number): Date[] {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Tunis" }).format(now);
  const first = new Date(`${today}T${String(hour).padStart(2, "0")}:00:00+01:00`).getTime() + DAY_MS;
  const starts: Date[] = [];
  for (let at = first; at < now.getTime() + 90 * DAY_MS; at += everyDays * DAY_MS) starts.push(new Date(at));
  return starts;
}

export const seed: Migration = async ({ context: { sequelize } }) => {
  const now = new Date();
  for (const demo of PARTNERS) {
    let user = await User.findOne({ where: { email: demo.email } });
    if (user && (await Partner.count({ where: { userId: user.id } })) > 0) continue;
    await sequelize.transaction(async (transaction) => {
      user ??= await User.create(
        {
          email: demo.email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: demo.firstName, lastName: demo.name,
          birthDate: "1985-04-10", gender: null, country: "TN", phone: demo.phone, nationality: null, role: "user",
          language: "fr", currency: "TND", timeZone: "Africa/Tunis", emailVerifiedAt: now,
        },
        { transaction },
      );
      const partner = await Partner.create(
        {
          userId: user.id, name: demo.name, description: texts(demo.description), languages: JSON.stringify(["fr", "ar", "en"]),
          email: demo.email, phone: demo.phone, website: null, city: demo.city, status: "active",
        },
        { transaction },
      );
      for (const item of demo.experiences) {
        const experience = await Experience.create(
          {
            partnerId: partner.id, title: texts(item.title), description: texts(item.description), city: item.city, governorate: item.governorate,
            durationMinutes: item.durationMinutes, languages: JSON.stringify(item.languages), pricePerPerson: item.pricePerPerson,
            capacity: item.capacity, status: "approved",
          },
          { transaction },
        );
        await ExperienceSlot.bulkCreate(
          departures(now, item.everyDays, item.hour).map((startsAt) => ({ experienceId: experience.id, startsAt, capacity: item.capacity })),
          { transaction },
        );
      }
    });
  }
};
