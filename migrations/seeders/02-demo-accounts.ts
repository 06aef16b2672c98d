import type { Migration } from "~/db/migrator.server";
import { hashPassword } from "~/utils/password.server";

export const DEMO_PASSWORD = "darna-demo-2025";

export const DEMO_ACCOUNTS = [
  { email: "traveler@demo.darna.tn", first_name: "Amira", last_name: "Ben Salah", role: "user", host_mode: false, country: "TN", birth_date: "1994-05-12", gender: "female", phone: "+21620123456" },
  { email: "host@demo.darna.tn", first_name: "Karim", last_name: "Trabelsi", role: "user", host_mode: true, country: "TN", birth_date: "1982-09-03", gender: "male", phone: "+21698765432" },
  { email: "operator@demo.darna.tn", first_name: "Sonia", last_name: "Mansour", role: "operator", host_mode: false, country: "TN", birth_date: "1988-01-20", gender: "female", phone: "+21671000000" },
];

export const seed: Migration = async ({ context: { sequelize } }) => {
  const now = new Date();
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await sequelize.query("SELECT id FROM users WHERE email = ?", { replacements: [account.email] });
    if (existing.length > 0) continue;
    await sequelize.getQueryInterface().bulkInsert("users", [
      {
        ...account,
        password_hash: await hashPassword(DEMO_PASSWORD),
        language: "en",
        currency: "TND",
        time_zone: "Africa/Tunis",
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      },
    ]);
  }
};
