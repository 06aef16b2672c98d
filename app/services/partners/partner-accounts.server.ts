// A partner approved without an account (the proposer was signed out and no account held the
// proposal's e-mail; ADR 181) gets its manager when someone proves that address: on verifying
// the e-mail (or a password reset, which proves it too), the account is linked to the partner
// and partner mode opens (ADR 184). Only a partner without a manager, and only for an account
// that manages none yet (partners.user_id is unique); a conditional UPDATE, so it happens once.
import { col, fn, Op, where as whereSql, type Transaction } from "sequelize";
import { Partner } from "~/db/models/partner.server";

export async function linkPartnerToVerifiedAccount(user: { id: number; email: string }, transaction: Transaction): Promise<number | null> {
  if ((await Partner.count({ where: { userId: user.id }, transaction })) > 0) return null;
  const partner = await Partner.findOne({
    where: { userId: null, [Op.and]: [whereSql(fn("LOWER", col("email")), user.email.trim().toLowerCase())] },
    order: [["id", "ASC"]],
    transaction,
  });
  if (!partner) return null;
  const [changed] = await Partner.update({ userId: user.id }, { where: { id: partner.id, userId: null }, transaction });
  return changed > 0 ? partner.id : null;
}
