import { Op, type WhereOptions } from "sequelize";
import { FriendTripRequest } from "~/db/models/friend-trip.server";
import { writeTransaction } from "~/db/write-transaction.server";
import { nextStatuses, REQUEST_STATUSES, type FriendTripRequestStatus, type PackCode } from "~/domain/friend-trip";
import type { FriendTripRequestInput } from "~/schemas/friend-trip";
import { audit } from "~/services/admin/audit.server";
import { trackEvent } from "~/services/analytics/analytics.server";
import { newReference } from "~/services/payments/payment-providers.server";
import { AppError } from "~/utils/app-error";
import { sendFriendTripRequestEmails } from "./friend-trip-emails.server";
import { priceForRequest } from "./friend-trip-packs.server";
import { startFriendTripPayment } from "./friend-trip-payment.server";

// Friend Trip requests (SPEC.md §3, ADR 180): a free pack is sent at once (status new, e-mails);
// a paid one waits for its card payment (awaiting_payment) and is sent when paid.

export interface FriendTripRequestView {
  id: number;
  reference: string;
  firstName: string;
  lastName: string;
  nationality: string;
  startDate: string;
  endDate: string;
  purpose: string;
  email: string;
  phone: string;
  pack: PackCode;
  interests: string[];
  price: number;
  status: FriendTripRequestStatus;
  notes: string | null;
  createdAt: string;
}

function toView(request: FriendTripRequest): FriendTripRequestView {
  return {
    id: request.id,
    reference: request.reference,
    firstName: request.firstName,
    lastName: request.lastName,
    nationality: request.nationality,
    startDate: request.startDate,
    endDate: request.endDate,
    purpose: request.purpose,
    email: request.email,
    phone: request.phone,
    pack: request.pack,
    interests: JSON.parse(request.interests) as string[],
    price: request.price,
    status: request.status,
    notes: request.notes,
    createdAt: request.createdAt.toISOString(),
  };
}

export interface CreatedFriendTripRequest {
  id: number;
  reference: string;
  status: FriendTripRequestStatus;
  price: number;
  /** The gateway's page, when the pack is not free. */
  paymentUrl: string | null;
}

export async function createFriendTripRequest(
  input: FriendTripRequestInput,
  options: { now?: Date; language?: string; userId?: number | null } = {},
): Promise<CreatedFriendTripRequest> {
  const now = options.now ?? new Date();
  const price = await priceForRequest(input.pack, input.startDate, now);
  const request = await FriendTripRequest.create({
    reference: newReference("FT"),
    userId: options.userId ?? null,
    firstName: input.firstName,
    lastName: input.lastName,
    nationality: input.nationality,
    startDate: input.startDate,
    endDate: input.endDate,
    purpose: input.purpose,
    email: input.email,
    phone: input.phone,
    pack: input.pack,
    interests: JSON.stringify(input.interests),
    consent: input.consent,
    language: options.language ?? "en",
    price,
    status: price === 0 ? "new" : "awaiting_payment",
    notes: null,
    createdAt: now,
    updatedAt: now,
  });
  await trackEvent("Requested Friend Trip", {
    userId: options.userId ?? null,
    at: now,
    value: price / 1000,
    properties: { pack: input.pack, purpose: input.purpose, paid: price > 0 },
  });
  if (price === 0) {
    await sendFriendTripRequestEmails(request);
    return { id: request.id, reference: request.reference, status: request.status, price, paymentUrl: null };
  }
  const { redirectUrl } = await startFriendTripPayment(request.id, { now, language: options.language });
  return { id: request.id, reference: request.reference, status: request.status, price, paymentUrl: redirectUrl };
}

/** A request by its (unguessable) reference, for the requester's confirmation and retry pages. */
export async function findRequestByReference(reference: string | null | undefined): Promise<FriendTripRequestView | null> {
  if (!reference) return null;
  const request = await FriendTripRequest.findOne({ where: { reference: reference.trim() } });
  return request ? toView(request) : null;
}

export interface RequestFilters {
  status?: FriendTripRequestStatus;
  pack?: PackCode;
  q?: string;
}

/** Operators' list, newest first. */
export async function listFriendTripRequests(filters: RequestFilters = {}, limit = 200): Promise<FriendTripRequestView[]> {
  const where: WhereOptions<FriendTripRequest>[] = [];
  if (filters.status) where.push({ status: filters.status });
  if (filters.pack) where.push({ pack: filters.pack });
  if (filters.q) {
    const like = `%${filters.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push({ [Op.or]: [{ lastName: { [Op.like]: like } }, { firstName: { [Op.like]: like } }, { email: { [Op.like]: like } }, { reference: { [Op.like]: like } }] });
  }
  const rows = await FriendTripRequest.findAll({ where: { [Op.and]: where }, order: [["id", "DESC"]], limit });
  return rows.map(toView);
}

export async function getFriendTripRequest(id: number): Promise<FriendTripRequestView> {
  const request = await FriendTripRequest.findByPk(id);
  if (!request) throw new AppError(404, "friend-trip:errors.notFound");
  return toView(request);
}

/**
 * The team moves a request on (or keeps its state and only saves the notes). The UPDATE is
 * conditional on the state read, so two of them at once cannot both move it. A move and a change
 * of the notes are each an audit row in the same transaction (ADR 170).
 */
export async function updateFriendTripRequest(
  staffId: number,
  id: number,
  change: { status: FriendTripRequestStatus; notes?: string },
  now: Date = new Date(),
): Promise<FriendTripRequestView> {
  const request = await FriendTripRequest.findByPk(id);
  if (!request) throw new AppError(404, "friend-trip:errors.notFound");
  if (change.status !== request.status && !nextStatuses(request.status).includes(change.status)) {
    throw new AppError(409, "friend-trip:errors.transition", { code: "conflict", fields: { status: "friend-trip:errors.transition" } });
  }
  const notes = change.notes === undefined ? request.notes : change.notes || null;
  await writeTransaction(async (transaction) => {
    const [changed] = await FriendTripRequest.update({ status: change.status, notes, updatedAt: now }, { where: { id, status: request.status }, transaction });
    if (changed !== 1) throw new AppError(409, "friend-trip:errors.transition", { code: "conflict", fields: { status: "friend-trip:errors.transition" } });
    if (change.status !== request.status) {
      await audit(transaction, { operatorId: staffId, kind: "friend_trip_request.status", recordId: id, details: { from: request.status, to: change.status }, now });
    }
    if (notes !== request.notes) await audit(transaction, { operatorId: staffId, kind: "friend_trip_request.note", recordId: id, reason: notes, now });
  });
  return getFriendTripRequest(id);
}

export function isRequestStatus(value: string | null): value is FriendTripRequestStatus {
  return (REQUEST_STATUSES as readonly string[]).includes(value ?? "");
}
