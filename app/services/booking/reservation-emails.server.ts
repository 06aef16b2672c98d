import type { Transaction } from "sequelize";
import { Listing } from "~/db/models/listing.server";
import { Reservation } from "~/db/models/reservation.server";
import { User } from "~/db/models/user.server";
import { formatMoney, TND } from "~/domain/money";
import { OVERLAP_DECLINE_REASON_KEY } from "~/domain/reservation-state";
import { noticeEmailBodies } from "~/services/email/notice-email.server";
import { sendEmail } from "~/services/email/email.server";
import { registerJobHandler } from "~/services/jobs/jobs.server";
import { notify } from "~/services/notifications/notify.server";
import { reservationStepWebhook } from "~/services/webhooks/webhook-sources.server";
import { env } from "~/utils/env.server";
import { fallbackLanguage, isLanguage, withLanguage, type Language } from "~/utils/i18n";
import { getFixedT } from "~/utils/i18n.server";
import { formatStayDate } from "~/utils/stay-date";

// Every step of a reservation e-mails the traveler and the host, in the recipient's language
// (the host gets a copy of their own answers too: ADR 072).
// E-mails are queued as jobs inside the transaction that makes the step, so a step that rolls back
// sends nothing, a committed step sends once (unique job key), and a mail server that is down
// only delays them (the job runner retries).

export const RESERVATION_EMAIL_JOB = "reservation:email";

export const RESERVATION_EMAIL_KINDS = [
  "booked",
  "requested",
  "accepted",
  "declined",
  "requestExpired",
  "holdExpired",
  "confirmed",
  "paymentFailed",
  "cancelledByTraveler",
  "cancelledByHost",
  "latePayment",
  "proofReceived",
  "bankRefused",
] as const;
export type ReservationEmailKind = (typeof RESERVATION_EMAIL_KINDS)[number];
export type EmailRecipient = "traveler" | "host";

export interface ReservationEmailPayload {
  kind: ReservationEmailKind;
  reservationId: number;
  to: EmailRecipient;
  /** Extra values for the text (amounts in millimes are formatted: keys ending in "Amount"). */
  values?: Record<string, string | number>;
}

/**
 * Whose own action each step is: that side's notification is recorded already read (they know),
 * and their e-mail is the copy of ADR 072. Steps nobody chose (expiries, failures) have none.
 */
const ACTOR_OF_STEP: Partial<Record<ReservationEmailKind, EmailRecipient>> = {
  booked: "traveler",
  requested: "traveler",
  accepted: "host",
  declined: "host",
  confirmed: "traveler",
  cancelledByTraveler: "traveler",
  cancelledByHost: "host",
  proofReceived: "traveler",
};

/**
 * Records the step for the traveler and for the host (one notification each, ADR 146) and queues
 * its e-mail to each of them whose settings want reservation e-mails; `discriminator` separates
 * repeatable steps (one per payment…).
 */
export async function queueReservationEmails(
  kind: ReservationEmailKind,
  reservationId: number,
  transaction: Transaction,
  options: { values?: Record<string, string | number>; discriminator?: string | number; now?: Date } = {},
): Promise<void> {
  const reservation = await Reservation.findByPk(reservationId, {
    attributes: ["id", "reference", "listingId", "travelerId", "hostId", "roomTypeId", "guesthouseRoomId", "status", "checkIn", "checkOut", "adults", "children", "infants", "total", "hostPayout"],
    transaction,
  });
  if (!reservation) return;
  // The host's systems hear of the step in the same transaction (ADR 222).
  await reservationStepWebhook(transaction, kind, reservation, options.now);
  const listing = await Listing.findByPk(reservation.listingId, { attributes: ["id", "title"], transaction });
  for (const to of ["traveler", "host"] as const) {
    const payload: ReservationEmailPayload = { kind, reservationId, to, values: options.values };
    const suffix = options.discriminator === undefined ? "" : `:${options.discriminator}`;
    await notify(transaction, {
      userId: to === "host" ? reservation.hostId : reservation.travelerId,
      kind: `reservation.${kind}`,
      params: { side: to, reference: reservation.reference, listing: listing?.title ?? `#${reservation.listingId}` },
      link: reservationPagePath(reservation, to),
      ownAction: ACTOR_OF_STEP[kind] === to,
      email: { job: RESERVATION_EMAIL_JOB, payload, uniqueKey: `email:${kind}:${reservationId}:${to}${suffix}` },
      now: options.now,
    });
  }
}

export function isEstablishmentReservation(reservation: { roomTypeId: number | null; guesthouseRoomId: number | null }): boolean {
  return reservation.roomTypeId !== null || reservation.guesthouseRoomId !== null;
}

/** The reservation's page for the traveler or the host (SPEC.md §2). */
export function reservationPagePath(
  reservation: { id: number; roomTypeId: number | null; guesthouseRoomId: number | null },
  side: EmailRecipient,
): string {
  const establishment = isEstablishmentReservation(reservation);
  const page = establishment ? "est-reservation-details" : "reservation-details";
  return side === "host" ? `/host/${page}/${reservation.id}` : `/${page}/${reservation.id}`;
}

/** Renders one reservation e-mail (exported for tests). */
export async function renderReservationEmail(payload: ReservationEmailPayload) {
  const reservation = await Reservation.findByPk(payload.reservationId);
  if (!reservation) return null;
  const userId = payload.to === "host" ? reservation.hostId : reservation.travelerId;
  const [user, listing] = await Promise.all([User.findByPk(userId), Listing.findByPk(reservation.listingId)]);
  if (!user) return null;
  const language: Language = isLanguage(user.language) ? user.language : fallbackLanguage;
  const t = await getFixedT(language, "reservation");
  const values: Record<string, string | number> = {
    name: user.firstName,
    reference: reservation.reference,
    listing: listing?.title ?? "",
    checkIn: formatStayDate(language, reservation.checkIn),
    checkOut: formatStayDate(language, reservation.checkOut),
    total: formatMoney(reservation.total - reservation.voucherApplied, TND, language),
  };
  for (const [key, value] of Object.entries(payload.values ?? {})) {
    values[key] = key.endsWith("Amount") && typeof value === "number" ? formatMoney(value, TND, language) : value;
  }
  if (payload.kind === "declined" && !values.reason && reservation.declineReason) {
    // A request declined automatically carries the domain's key, not the host's words.
    const reason = reservation.declineReason;
    values.reason = reason.startsWith("rules:") ? String(t(`rules.${reason.slice("rules:".length)}`)) : reason;
  }
  // A step may word the host's subject apart ("hostSubject"); otherwise both share "subject".
  const sharedSubject = String(t(`email.${payload.kind}.subject`, values));
  const subject = payload.to === "host" ? String(t(`email.${payload.kind}.hostSubject`, { ...values, defaultValue: sharedSubject })) : sharedSubject;
  // A request declined automatically (the host accepted another one) is not "You declined…".
  const automaticDecline = payload.kind === "declined" && reservation.declineReason === OVERLAP_DECLINE_REASON_KEY;
  const bodyKey = payload.to === "host" && automaticDecline ? "hostAutomatic" : payload.to;
  const body = String(t(`email.${payload.kind}.${bodyKey}`, values));
  const url = new URL(withLanguage(reservationPagePath(reservation, payload.to), language), env.appUrl).toString();
  const greeting = String(t("email.greeting", values));
  const action = String(t("email.action"));
  const { text, html } = noticeEmailBodies({ language, subject, greeting, body, action, url });
  return { to: user.email, subject, text, html, template: `reservation-${payload.kind}`, language };
}

registerJobHandler(RESERVATION_EMAIL_JOB, async (payload, { now }) => {
  const email = await renderReservationEmail(payload as ReservationEmailPayload);
  if (email) await sendEmail(email, now);
});
