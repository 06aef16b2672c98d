// What Darna needs from a channel manager (PRODUCT.md "Calendar sync and channel manager"): check
// an account token, check a property key, push a property's availability and prices, pull its
// bookings. One adapter speaks the Beds24-style JSON API (beds24-adapter.server.ts); tests run it
// against a local server that speaks the same protocol (tests/support/channel-manager-server.ts).
import type { IsoDate } from "~/domain/stay-dates";

export interface ChannelNight {
  date: IsoDate;
  available: boolean;
  /** The night's price in millimes. */
  price: number;
}

export interface ChannelBooking {
  /** First night, and the day after the last night (exclusive). */
  arrival: IsoDate;
  departure: IsoDate;
  cancelled: boolean;
}

/** The provider refused the token or the property key (not worth retrying). */
export class ChannelManagerRefusal extends Error {
  constructor(
    readonly reason: "token" | "propertyKey",
    detail: string,
  ) {
    super(detail);
    this.name = "ChannelManagerRefusal";
  }
}

/** The provider could not be reached or answered nonsense (a timeout, a 5xx, not JSON). */
export class ChannelManagerUnavailable extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "ChannelManagerUnavailable";
  }
}

export interface ChannelManager {
  /** Resolves when the provider accepts the account token; ChannelManagerRefusal("token") if not. */
  verifyToken(token: string): Promise<void>;
  /** Resolves when the property key belongs to the account; ChannelManagerRefusal("propertyKey") if not. */
  verifyProperty(token: string, propertyKey: string): Promise<void>;
  pushAvailability(token: string, propertyKey: string, nights: readonly ChannelNight[]): Promise<void>;
  pullBookings(token: string, propertyKey: string, from: IsoDate): Promise<ChannelBooking[]>;
}
