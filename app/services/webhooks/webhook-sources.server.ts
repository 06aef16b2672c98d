// Where webhook events come from (ADR 222): each capability calls one of these inside the
// transaction of its change, beside its notify(). They shape the event's `data` once.
import type { Transaction } from "sequelize";
import { Listing } from "~/db/models/listing.server";
import type { WebhookEventType } from "~/domain/webhooks";
import { recordWebhookEvent } from "~/services/webhooks/webhook-events.server";

/** Reservation steps (reservation-emails.server.ts kinds) that are webhook events for the host. */
const RESERVATION_EVENT_OF_STEP: Record<string, WebhookEventType> = {
  booked: "reservation.requested",
  requested: "reservation.requested",
  accepted: "reservation.accepted",
  declined: "reservation.declined",
  requestExpired: "reservation.expired",
  holdExpired: "reservation.expired",
  confirmed: "reservation.paid",
  cancelledByTraveler: "reservation.cancelled",
  cancelledByHost: "reservation.cancelled",
};

export interface ReservationFacts {
  id: number;
  reference: string;
  listingId: number;
  hostId: number;
  status: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  infants: number;
  total: number;
  hostPayout: number;
  roomTypeId: number | null;
  guesthouseRoomId: number | null;
}

export async function reservationStepWebhook(transaction: Transaction, step: string, reservation: ReservationFacts, now?: Date): Promise<void> {
  const type = RESERVATION_EVENT_OF_STEP[step];
  if (!type) return;
  await recordWebhookEvent(transaction, {
    userId: reservation.hostId,
    type,
    now,
    data: {
      reservation: {
        id: reservation.id,
        reference: reservation.reference,
        listingId: reservation.listingId,
        roomTypeId: reservation.roomTypeId,
        guesthouseRoomId: reservation.guesthouseRoomId,
        status: reservation.status,
        checkIn: reservation.checkIn,
        checkOut: reservation.checkOut,
        guests: { adults: reservation.adults, children: reservation.children, infants: reservation.infants },
        total: reservation.total,
        hostPayout: reservation.hostPayout,
        currency: "TND",
      },
      step,
    },
  });
}

const EXPERIENCE_EVENT_OF_STEP: Record<string, WebhookEventType> = {
  booked: "reservation.requested",
  cancelled: "reservation.cancelled",
  expired: "reservation.expired",
};

/** An experience booking's step, for the partner's account: the same reservation events, `data.experienceBooking`. */
export async function experienceBookingWebhook(
  transaction: Transaction,
  step: string,
  booking: { id: number; reference: string; experienceId: number; slotId: number; partnerId: number; people: number; total: number; partnerEarning: number; status: string; partnerUserId: number },
  now: Date,
): Promise<void> {
  const type = EXPERIENCE_EVENT_OF_STEP[step];
  if (!type) return;
  await recordWebhookEvent(transaction, {
    userId: booking.partnerUserId,
    type,
    now,
    data: {
      experienceBooking: {
        id: booking.id,
        reference: booking.reference,
        experienceId: booking.experienceId,
        slotId: booking.slotId,
        partnerId: booking.partnerId,
        people: booking.people,
        status: booking.status,
        total: booking.total,
        partnerEarning: booking.partnerEarning,
        currency: "TND",
      },
      step,
    },
  });
}

export async function messageReceivedWebhook(
  transaction: Transaction,
  input: { hostId: number; conversationUid: string; listingId: number; messageId: number; senderFirstName: string; body: string; now: Date },
): Promise<void> {
  await recordWebhookEvent(transaction, {
    userId: input.hostId,
    type: "message.received",
    now: input.now,
    data: { conversation: input.conversationUid, listingId: input.listingId, message: { id: input.messageId, from: input.senderFirstName, body: input.body } },
  });
}

export async function reviewPostedWebhook(
  transaction: Transaction,
  input: { hostId: number; reviewId: number; reservationId: number; listingId: number; now: Date },
): Promise<void> {
  await recordWebhookEvent(transaction, {
    userId: input.hostId,
    type: "review.posted",
    now: input.now,
    data: { review: { id: input.reviewId, reservationId: input.reservationId, listingId: input.listingId } },
  });
}

export async function payoutWebhook(transaction: Transaction, input: { hostId: number; payoutId: number; status: string; amount: number; now: Date }): Promise<void> {
  await recordWebhookEvent(transaction, {
    userId: input.hostId,
    type: "payout.updated",
    now: input.now,
    data: { payout: { id: input.payoutId, status: input.status, amount: input.amount, currency: "TND" } },
  });
}

export type CalendarChange = "blocked" | "unblocked" | "prices" | "imported";

/** A listing's calendar changed (blocks, prices, an import): its owner's systems hear of it. */
export async function calendarChangedWebhook(
  transaction: Transaction,
  input: { listingId: number; change: CalendarChange; from?: string; to?: string; now?: Date },
): Promise<void> {
  const listing = await Listing.findByPk(input.listingId, { attributes: ["id", "hostId"], transaction });
  if (!listing) return;
  await recordWebhookEvent(transaction, {
    userId: listing.hostId,
    type: "calendar.changed",
    now: input.now,
    data: { listingId: input.listingId, change: input.change, from: input.from ?? null, to: input.to ?? null },
  });
}
