// Test data for listings: users (hosts, operators) and listings in any moderation state.
import crypto from "node:crypto";
import { User } from "~/db/models/user.server";

export async function createTestUser(overrides: Partial<{ role: "user" | "operator"; email: string; verified: boolean }> = {}) {
  const suffix = crypto.randomBytes(4).toString("hex");
  return User.create({
    email: overrides.email ?? `user-${suffix}@test.darna.tn`,
    passwordHash: null,
    firstName: "Test",
    lastName: `User ${suffix}`,
    birthDate: "1990-01-01",
    gender: null,
    country: "TN",
    phone: null,
    nationality: null,
    role: overrides.role ?? "user",
    language: "en",
    currency: "TND",
    timeZone: "Africa/Tunis",
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
  });
}

/** A small real photo (JPEG by default) made by sharp: a flat colour, different per `seed`. */
export async function testPhoto(seed = 0, format: "jpeg" | "png" | "webp" = "jpeg", width = 480, height = 320): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp({
    create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 193) % 256 } },
  });
  return (format === "png" ? image.png() : format === "webp" ? image.webp() : image.jpeg()).toBuffer();
}
