import { QueryTypes } from "sequelize";
import type { Migration } from "~/db/migrator.server";
import { Review } from "~/db/models/review.server";
import { stayMonth, type Ratings } from "~/domain/reviews";
import { addDays, dateInTunis } from "~/domain/stay-dates";
import { bookableListingsOf, recordPastStay } from "~/services/booking/past-stay.server";
import { applyRatingRule } from "~/services/reviews/host-standing.server";

// Demo history (issue 13 point 6): past stays (confirmed, paid by card, checked out) of demo
// travelers across the demo listings, with reviews and host replies in English, French and
// Spanish, so ratings, the rating sort and the home page's reviews show real data. Dates follow
// the day of seeding. traveler@demo.darna.tn keeps one stay checked out 6 days ago and not
// reviewed (to try the form); leila@demo.darna.tn sits just above the 4-star line (4.04 over 5
// reviews). Each stay is written by recordPastStay (with its ledger lines, as a card payment
// writes them). Idempotent: a stay whose reference exists is skipped.

interface DemoStay {
  ref: string;
  traveler: string;
  host: string;
  /** Which of the host's whole-property listings (by id order). */
  listing: number;
  checkedOutDaysAgo: number;
  nights: number;
  review?: { language: "en" | "fr" | "es"; text: string; ratings: [number, number, number, number, number]; daysAfter: number };
  reply?: string;
}

const T = "traveler@demo.darna.tn";
const KARIM = "host@demo.darna.tn";
const LEILA = "leila@demo.darna.tn";
const YOUSSEF = "youssef@demo.darna.tn";
const MERIEM = "meriem@demo.darna.tn";
const HEDI = "hedi@demo.darna.tn";

const STAYS: DemoStay[] = [
  { ref: "DEMOH01", traveler: T, host: KARIM, listing: 0, checkedOutDaysAgo: 6, nights: 3 },
  {
    ref: "DEMOH02", traveler: T, host: KARIM, listing: 1, checkedOutDaysAgo: 75, nights: 4,
    review: { language: "en", text: "A bright flat two minutes from the beach. Karim met us at the door and the kitchen had everything we needed.", ratings: [5, 5, 4, 4, 5], daysAfter: 2 },
    reply: "Thank you Amira, you are welcome back any time!",
  },
  {
    ref: "DEMOH03", traveler: YOUSSEF, host: KARIM, listing: 0, checkedOutDaysAgo: 120, nights: 5,
    review: { language: "fr", text: "Séjour parfait : appartement très propre, quartier calme et hôte très réactif. Nous reviendrons.", ratings: [5, 5, 5, 4, 5], daysAfter: 3 },
    reply: "Merci Youssef, au plaisir de vous revoir !",
  },
  {
    ref: "DEMOH04", traveler: MERIEM, host: KARIM, listing: 2, checkedOutDaysAgo: 40, nights: 2,
    review: { language: "es", text: "Casa preciosa y muy bien situada. La terraza es ideal para desayunar. Muy recomendable.", ratings: [5, 4, 4, 5, 5], daysAfter: 1 },
    reply: "¡Gracias Meriem! Nos alegra que disfrutaras de la terraza.",
  },
  {
    ref: "DEMOH05", traveler: T, host: HEDI, listing: 0, checkedOutDaysAgo: 200, nights: 3,
    review: { language: "fr", text: "Maison traditionnelle magnifique, patio ombragé et petit-déjeuner excellent. Un peu de bruit le matin.", ratings: [4, 5, 4, 4, 5], daysAfter: 2 },
  },
  {
    ref: "DEMOH06", traveler: YOUSSEF, host: HEDI, listing: 1, checkedOutDaysAgo: 150, nights: 4,
    review: { language: "en", text: "Great location in the medina and a very kind host. The wifi was slow but everything else was lovely.", ratings: [4, 5, 4, 5, 5], daysAfter: 4 },
    reply: "Thanks Youssef! We have installed a new router since your stay.",
  },
  {
    ref: "DEMOH07", traveler: MERIEM, host: YOUSSEF, listing: 0, checkedOutDaysAgo: 90, nights: 3,
    review: { language: "es", text: "Un lugar tranquilo con vistas increíbles. El anfitrión nos recomendó excursiones fantásticas.", ratings: [5, 5, 5, 5, 4], daysAfter: 2 },
    reply: "¡Gracias por venir, Meriem!",
  },
  {
    ref: "DEMOH08", traveler: T, host: MERIEM, listing: 0, checkedOutDaysAgo: 60, nights: 2,
    review: { language: "en", text: "Cosy guest room with a lovely garden. Breakfast was generous and the beds were comfortable.", ratings: [5, 4, 5, 4, 4], daysAfter: 1 },
  },
  // Leïla: five reviews averaging 4.04 — just above the suspension line.
  {
    ref: "DEMOH09", traveler: T, host: LEILA, listing: 0, checkedOutDaysAgo: 250, nights: 3,
    review: { language: "en", text: "Nice view, but the flat needed cleaning when we arrived and the air conditioning was weak.", ratings: [3, 4, 4, 3, 5], daysAfter: 2 },
    reply: "We are sorry about the cleaning, Amira: we have changed our cleaning company since.",
  },
  {
    ref: "DEMOH10", traveler: YOUSSEF, host: LEILA, listing: 0, checkedOutDaysAgo: 180, nights: 2,
    review: { language: "fr", text: "Emplacement idéal, mais l'eau chaude manquait le soir. Hôte aimable et disponible.", ratings: [3, 4, 4, 4, 5], daysAfter: 1 },
    reply: "Merci Youssef, le chauffe-eau a été remplacé.",
  },
  {
    ref: "DEMOH11", traveler: MERIEM, host: LEILA, listing: 1, checkedOutDaysAgo: 130, nights: 3,
    review: { language: "es", text: "Bonito apartamento, aunque algo ruidoso por la noche. Buena relación calidad-precio.", ratings: [4, 4, 4, 4, 4], daysAfter: 2 },
  },
  {
    ref: "DEMOH12", traveler: HEDI, host: LEILA, listing: 1, checkedOutDaysAgo: 95, nights: 2,
    review: { language: "fr", text: "Accueil chaleureux et logement conforme aux photos. Literie un peu fatiguée.", ratings: [4, 5, 4, 5, 4], daysAfter: 3 },
  },
  {
    ref: "DEMOH13", traveler: KARIM, host: LEILA, listing: 0, checkedOutDaysAgo: 50, nights: 3,
    review: { language: "en", text: "Good stay overall; the host answered quickly when the shower leaked.", ratings: [4, 4, 4, 4, 4], daysAfter: 2 },
    reply: "Thank you Karim, glad we could fix it fast.",
  },
];

const RATING_KEYS = ["amenities", "services", "price", "tours", "location"] as const;

export const seed: Migration = async ({ context: { sequelize } }) => {
  const now = new Date();
  const today = dateInTunis(now);
  const touched = new Map<number, Set<number>>();
  await sequelize.transaction(async (transaction) => {
    for (const stay of STAYS) {
      const ids = await sequelize.query<{ id: number; email: string }>("SELECT id, email FROM users WHERE email IN (:emails)", {
        replacements: { emails: [stay.traveler, stay.host] },
        type: QueryTypes.SELECT,
        transaction,
      });
      const travelerId = ids.find((u) => u.email === stay.traveler)?.id;
      const hostId = ids.find((u) => u.email === stay.host)?.id;
      if (!travelerId || !hostId) continue;
      const listings = await bookableListingsOf(hostId, transaction);
      const listing = listings[stay.listing % Math.max(1, listings.length)];
      if (!listing) continue;
      const checkIn = addDays(today, -stay.checkedOutDaysAgo - stay.nights);
      const bookedAt = new Date(now.getTime() - (stay.checkedOutDaysAgo + stay.nights + 20) * 86_400_000);
      // A stay seeded before (its lines written now if it predates the ledger) keeps its review.
      const { reservation, created } = await recordPastStay(
        { reference: stay.ref, listingId: listing.id, hostId, travelerId, checkIn, nights: stay.nights, nightlyPrice: listing.basePrice, bookedAt },
        transaction,
      );
      if (!created) continue;
      if (stay.review) {
        const at = new Date(now.getTime() - (stay.checkedOutDaysAgo - stay.review.daysAfter) * 86_400_000);
        const ratings = Object.fromEntries(RATING_KEYS.map((key, index) => [key, stay.review!.ratings[index]!])) as Ratings;
        await Review.create(
          {
            reservationId: reservation.id, listingId: listing.id, hostId, authorId: travelerId, text: stay.review.text, ...ratings,
            stayMonth: stayMonth(checkIn), language: stay.review.language,
            replyText: stay.reply ?? null, repliedAt: stay.reply ? new Date(at.getTime() + 86_400_000) : null,
            createdAt: at, updatedAt: at,
          },
          { transaction },
        );
        const set = touched.get(hostId) ?? new Set<number>();
        set.add(listing.id);
        touched.set(hostId, set);
      }
    }
    // The listings' ratings, as the reviews service writes them.
    for (const [hostId, listingIds] of touched) {
      for (const listingId of listingIds) await applyRatingRule(hostId, listingId, transaction, now);
    }
  });
};
