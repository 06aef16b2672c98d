// Data for bench/ws.bench.ts: a migrated SQLite database in `dataDir` with `pairs` conversations,
// each between its own traveler and host (over the host's listing), and an API session for every
// user, written in bulk with the app's models (a few seconds for thousands of users, where the
// HTTP sign-up would take minutes). Returns the conversations' uids and the users' tokens.
import crypto from "node:crypto";
import path from "node:path";

export interface BenchPair {
  conversationUID: string;
  travelerToken: string;
  hostToken: string;
}

export async function seedWsBench(dataDir: string, pairs: number): Promise<BenchPair[]> {
  // The app modules read the environment when first used: point them at the bench's database.
  process.env.DATABASE_URL = `sqlite:${path.join(dataDir, "darna.sqlite")}`;
  process.env.DATA_DIR = dataDir;
  const { migrate } = await import("~/db/migrator.server");
  const { getSequelize } = await import("~/db/sequelize.server");
  const { writeTransaction } = await import("~/db/write-transaction.server");
  const { User } = await import("~/db/models/user.server");
  const { Listing } = await import("~/db/models/listing.server");
  const { Conversation } = await import("~/db/models/conversation.server");
  const { UserSession } = await import("~/db/models/user-session.server");

  await migrate();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
  const user = (kind: string, index: number) => ({
    email: `bench-${kind}-${index}@bench.darna.tn`,
    passwordHash: null,
    firstName: "Bench",
    lastName: `${kind} ${index}`,
    birthDate: "1990-01-01",
    gender: null,
    country: "TN",
    phone: null,
    nationality: null,
    role: "user" as const,
    language: "en",
    currency: "TND",
    timeZone: "Africa/Tunis",
    emailVerifiedAt: now,
  });

  try {
    return await writeTransaction(async (transaction) => {
      const indexes = Array.from({ length: pairs }, (_, index) => index);
      const hosts = await User.bulkCreate(indexes.map((index) => user("host", index)), { transaction });
      const travelers = await User.bulkCreate(indexes.map((index) => user("traveler", index)), { transaction });
      const listings = await Listing.bulkCreate(
        hosts.map((host, index) => ({
          hostId: host.id,
          propertyType: "apartment" as const,
          title: `Bench stay ${index}`,
          descriptionFr: "Un logement de test.",
          descriptionEn: "A test stay.",
          descriptionEs: null,
          maxGuests: 4,
          bedrooms: 2,
          beds: 2,
          bathrooms: 1,
          street: "5 rue de Marseille",
          additionalAddress: null,
          city: "Tunis",
          governorate: "Tunis",
          delegation: "Bab Bhar",
          postalCode: "1000",
          latitude: 36.8,
          longitude: 10.18,
          basePrice: 100_000,
          cleaningFee: 20_000,
          minNights: 1,
          maxNights: null,
          cancellationPolicy: "flexible" as const,
          reservationMethod: "direct" as const,
          petsAllowed: false,
          checkInTime: "14:00",
          checkOutTime: "11:00",
          calendarUrlAirbnb: null,
          calendarUrlBooking: null,
          calendarUrlChannelManager: null,
          visibility: "visible" as const,
          status: "visible" as const,
          moderationState: "approved" as const,
          moderationNote: null,
          submittedAt: now,
          approvedAt: now,
          deletedAt: null,
        })),
        { transaction },
      );
      const conversations = await Conversation.bulkCreate(
        indexes.map((index) => ({
          uid: crypto.randomBytes(16).toString("hex"),
          listingId: listings[index]!.id,
          travelerId: travelers[index]!.id,
          hostId: hosts[index]!.id,
          checkIn: "2099-01-10",
          checkOut: "2099-01-12",
          lastMessageAt: null,
        })),
        { transaction },
      );
      const token = () => crypto.randomBytes(32).toString("base64url");
      const sessions = [...travelers, ...hosts].map((owner) => ({
        id: token(),
        userId: owner.id,
        kind: "api" as const,
        userAgent: "darna ws bench",
        ip: "127.0.0.1",
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
      }));
      await UserSession.bulkCreate(sessions, { transaction });
      return conversations.map((conversation, index) => ({
        conversationUID: conversation.uid,
        travelerToken: sessions[index]!.id,
        hostToken: sessions[pairs + index]!.id,
      }));
    });
  } finally {
    await getSequelize().close();
  }
}
