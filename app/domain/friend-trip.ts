// Friend Trip's rules (PRODUCT.md "Friend Trip, partners and experiences", ADR 180): pure, no I/O.

export const PACK_CODES = ["basic", "custom", "premium"] as const;
export type PackCode = (typeof PACK_CODES)[number];

export const TRIP_PURPOSES = ["fun", "work", "discover", "relax"] as const;
export type TripPurpose = (typeof TRIP_PURPOSES)[number];

export const TRIP_INTERESTS = ["culture", "food", "beach", "desert", "nightlife", "nature", "shopping", "wellness"] as const;

export const REQUEST_STATUSES = ["awaiting_payment", "new", "contacted", "planned", "done", "cancelled"] as const;
export type FriendTripRequestStatus = (typeof REQUEST_STATUSES)[number];

export type FriendTripPaymentStatus = "processing" | "success" | "failed" | "verification_failed";

/** Operators move a request forward (new → contacted → planned → done) or cancel it while open. */
const NEXT: Record<FriendTripRequestStatus, readonly FriendTripRequestStatus[]> = {
  awaiting_payment: ["cancelled"],
  new: ["contacted", "cancelled"],
  contacted: ["planned", "cancelled"],
  planned: ["done", "cancelled"],
  done: [],
  cancelled: [],
};

export function nextStatuses(status: FriendTripRequestStatus): readonly FriendTripRequestStatus[] {
  return NEXT[status];
}

export interface Promotion {
  /** Packs are free for trips starting on or before this day (YYYY-MM-DD)… */
  freeUntil: string;
  /** …requested on or before this day (Tunis); the offer is shown until then. */
  offerEndsOn: string;
}

/** The promotion when it is on offer on `today` (Tunis date), else null. */
export function validPromotion(promotion: Promotion | null, today: string): Promotion | null {
  return promotion && today <= promotion.offerEndsOn && today <= promotion.freeUntil ? promotion : null;
}

/**
 * What a pack costs (millimes) when asked on `today`: free under a valid promotion — for a trip
 * starting by its `freeUntil` when the start is known — its operator-set price otherwise.
 */
export function packPrice(basePrice: number, promotion: Promotion | null, today: string, tripStart?: string): number {
  const valid = validPromotion(promotion, today);
  if (valid && (tripStart === undefined || tripStart <= valid.freeUntil)) return 0;
  return basePrice;
}
