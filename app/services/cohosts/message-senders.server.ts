// How a thread names who wrote each message (ADR 147): a message a co-host sent reads
// "Amira (co-host)" for the traveler and the host alike, the host's own messages carry the
// host's name for a co-host reading them.
import { Op } from "sequelize";
import { User } from "~/db/models/user.server";
import type { Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";

export async function senderLabels(
  thread: { travelerId: number; hostId: number; messages: Array<{ senderId: number }> },
  viewerId: number,
  language: Language,
): Promise<Record<number, string>> {
  const ids = [...new Set(thread.messages.map((message) => message.senderId))].filter((id) => id !== viewerId);
  if (ids.length === 0) return {};
  const [users, t] = await Promise.all([
    User.findAll({ attributes: ["id", "firstName"], where: { id: { [Op.in]: ids } } }),
    getFixedT(language, "cohosts"),
  ]);
  const labels: Record<number, string> = {};
  for (const user of users) {
    const cohost = user.id !== thread.travelerId && user.id !== thread.hostId;
    labels[user.id] = cohost ? String(t("actorCohost", { name: user.firstName })) : user.firstName;
  }
  return labels;
}
