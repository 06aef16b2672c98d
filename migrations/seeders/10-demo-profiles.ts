import type { Migration } from "~/db/migrator.server";

// A few words on the demo accounts' public profiles. Only fills an empty "about".
const ABOUT: Record<string, string> = {
  "traveler@demo.darna.tn": "Architect from Tunis. I love old medinas, quiet beaches and long breakfasts.",
  "host@demo.darna.tn": "I host guests in Hammamet and Sidi Bou Said. Ask me about the best couscous in town.",
  "operator@demo.darna.tn": "Darna team: I review listings and help hosts and travelers.",
};

export const seed: Migration = async ({ context: { sequelize } }) => {
  for (const [email, about] of Object.entries(ABOUT)) {
    await sequelize.query("UPDATE users SET about = ? WHERE email = ? AND about IS NULL", { replacements: [about, email] });
  }
};
