import { FriendTripPack, FriendTripPromotion } from "~/db/models/friend-trip.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { PACK_CODES, packPrice, validPromotion, type PackCode, type Promotion } from "~/domain/friend-trip";
import { dateInTunis } from "~/domain/stay-dates";
import { audit } from "~/services/admin/audit.server";

// The packs' prices and the launch promotion, set by operators (ADR 180).

export const PROMOTION_ID = 1;

export interface PackOffer {
  code: PackCode;
  /** What the pack costs if requested now (millimes, TND): 0 under a valid promotion. */
  price: number;
  /** The operator-set price (millimes, TND). */
  basePrice: number;
  /** The promotion, only while it is on offer. */
  promotion: Promotion | null;
}

export async function readPromotion(): Promise<Promotion | null> {
  const row = await FriendTripPromotion.findByPk(PROMOTION_ID);
  return row ? { freeUntil: row.freeUntil, offerEndsOn: row.offerEndsOn } : null;
}

async function basePrices(): Promise<Record<PackCode, number>> {
  const rows = await FriendTripPack.findAll();
  const prices = { basic: 0, custom: 0, premium: 0 };
  for (const row of rows) if (PACK_CODES.includes(row.code)) prices[row.code] = row.price;
  return prices;
}

/** The three packs as offered on `now` (Tunis date decides the promotion). */
export async function listPackOffers(now: Date = new Date()): Promise<PackOffer[]> {
  const [prices, promotion] = await Promise.all([basePrices(), readPromotion()]);
  const today = dateInTunis(now);
  const valid = validPromotion(promotion, today);
  return PACK_CODES.map((code) => ({ code, basePrice: prices[code], price: packPrice(prices[code], promotion, today), promotion: valid }));
}

/** What `code` costs for a trip starting on `tripStart`, requested on `now`. */
export async function priceForRequest(code: PackCode, tripStart: string, now: Date): Promise<number> {
  const [prices, promotion] = await Promise.all([basePrices(), readPromotion()]);
  return packPrice(prices[code], promotion, dateInTunis(now), tripStart);
}

export interface PackSettings {
  prices: Record<PackCode, number>;
  promotion: Promotion | null;
}

export async function readPackSettings(): Promise<PackSettings> {
  const [prices, promotion] = await Promise.all([basePrices(), readPromotion()]);
  return { prices, promotion };
}

/**
 * Operators set the prices and the promotion (null removes it). Each changed price, and a changed
 * promotion, is an audit row in the same transaction (ADR 170).
 */
export async function savePackSettings(operatorId: number, settings: PackSettings, now: Date = new Date()): Promise<void> {
  await writeTransaction(async (transaction) => {
    const before = new Map((await FriendTripPack.findAll({ transaction })).map((row) => [row.code, row.price]));
    for (const code of PACK_CODES) {
      await FriendTripPack.upsert({ code, price: settings.prices[code], updatedAt: now }, { transaction });
      if (before.get(code) !== settings.prices[code]) {
        await audit(transaction, { operatorId, kind: "friend_trip_pack.price", recordId: code, details: { from: before.get(code) ?? null, to: settings.prices[code] }, now });
      }
    }
    const old = await FriendTripPromotion.findByPk(PROMOTION_ID, { transaction });
    const previous = old ? { freeUntil: old.freeUntil, offerEndsOn: old.offerEndsOn } : null;
    if (JSON.stringify(previous) !== JSON.stringify(settings.promotion)) {
      await audit(transaction, { operatorId, kind: "friend_trip_pack.promotion", recordId: "promotion", details: { from: previous, to: settings.promotion }, now });
    }
    if (settings.promotion) {
      await FriendTripPromotion.upsert({ id: PROMOTION_ID, ...settings.promotion, updatedAt: now }, { transaction });
    } else {
      await FriendTripPromotion.destroy({ where: { id: PROMOTION_ID }, transaction });
    }
  });
}
