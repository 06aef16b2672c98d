import { FriendTripPack, FriendTripPromotion } from "~/db/models/friend-trip.server";
import type { Migration } from "~/db/migrator.server";
import type { PackCode } from "~/domain/friend-trip";
import { PROMOTION_ID } from "~/services/friend-trip/friend-trip-packs.server";

// Friend Trip's demo settings (issue 21 point 6): the operators' pack prices and the launch
// promotion with SPEC.md §1's dates (free until 31 March 2025, offer valid until 21 February
// 2025 — so it is no longer shown today). Idempotent: what an operator changed since is kept.

export const DEMO_PACK_PRICES: Record<PackCode, number> = { basic: 150_000, custom: 350_000, premium: 700_000 };
export const LAUNCH_PROMOTION = { freeUntil: "2025-03-31", offerEndsOn: "2025-02-21" };

export const seed: Migration = async () => {
  const now = new Date();
  for (const [code, price] of Object.entries(DEMO_PACK_PRICES) as Array<[PackCode, number]>) {
    await FriendTripPack.findOrCreate({ where: { code }, defaults: { code, price, updatedAt: now } });
  }
  await FriendTripPromotion.findOrCreate({ where: { id: PROMOTION_ID }, defaults: { id: PROMOTION_ID, ...LAUNCH_PROMOTION, updatedAt: now } });
};
