// Claims (issue 14 point 5, ADR 142): within 24 hours of check-in the traveler of a paid stay
// opens an amenity-failure or cleanliness claim with text and up to 5 photos; the host is
// e-mailed and answers. While the claim is open the stay's host earning is withheld (the open
// claim's row holds claims.open_reservation_id, which ledger.server.ts reads); an operator
// decides (claim-decisions.server.ts). One open claim per stay, held by a unique index.

import { UniqueConstraintError, type Transaction } from "sequelize";
import { Claim } from "~/db/models/claim.server";
import { ClaimPhoto } from "~/db/models/claim-photo.server";
import { Listing } from "~/db/models/listing.server";
import { Reservation } from "~/db/models/reservation.server";
import { writeTransaction } from "~/db/write-transaction.server";
import {
  CLAIM_AMENITIES,
  claimCap,
  claimWindow,
  isClaimWindowOpen,
  MAX_CLAIM_PHOTOS,
  nightsOutsideStay,
  type ClaimAmenity,
  type ClaimKind,
  type ClaimStatus,
} from "~/domain/claims";
import { can } from "~/domain/staff-roles";
import { nightsOf } from "~/domain/stay-dates";
import type { ClaimInput } from "~/schemas/claim";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { notifyClaimOpened } from "~/services/money/claim-emails.server";
import { stayHostEarning } from "~/services/money/ledger.server";
import { parseVariants, variantKey } from "~/domain/photo-variants";
import { processPhoto, variantsColumn, type ProcessedImage } from "~/services/photos/image-pipeline.server";
import { removeStoredPhotoFiles, storeProcessedImage, type UploadedFile } from "~/services/photos/photo-set.server";
import { notify } from "~/services/notifications/notify.server";
import { getStorage } from "~/services/storage/storage.server";
import { AppError } from "~/utils/app-error";

interface Actor {
  id: number;
  role: string;
}

export type ClaimSide = "traveler" | "host" | "operator";

export interface ClaimView {
  id: number;
  reservationId: number;
  kind: ClaimKind;
  amenity: ClaimAmenity | null;
  affectedNights: string[];
  text: string;
  status: ClaimStatus;
  photos: Array<{ id: number; url: string; srcSet: string }>;
  hostAnswer: string | null;
  hostAnsweredAt: string | null;
  decidedAmount: number | null;
  decisionNote: string | null;
  decidedAt: string | null;
  createdAt: string;
}

const forbidden = () => new AppError(403, "claims:errors.forbidden", { code: "forbidden" });
const notFound = () => new AppError(404, "claims:errors.notFound", { code: "not_found" });

export function affectedNightsOf(claim: Pick<Claim, "affectedNights">): string[] {
  return claim.affectedNights ? claim.affectedNights.split(",").filter(Boolean) : [];
}

export async function toClaimViews(claims: Claim[]): Promise<ClaimView[]> {
  if (claims.length === 0) return [];
  const photos = await ClaimPhoto.findAll({ where: { claimId: claims.map((claim) => claim.id) }, order: [["position", "ASC"]] });
  const storage = getStorage();
  return claims.map((claim) => ({
    id: claim.id,
    reservationId: claim.reservationId,
    kind: claim.kind,
    amenity: claim.amenity,
    affectedNights: affectedNightsOf(claim),
    text: claim.text,
    status: claim.status,
    photos: photos
      .filter((photo) => photo.claimId === claim.id)
      .map((photo) => ({
        id: photo.id,
        url: storage.url(variantKey(photo.storageKey, 640)),
        srcSet: parseVariants(photo.variants)
          .webp.map((width) => `${storage.url(variantKey(photo.storageKey, width))} ${width}w`)
          .join(", "),
      })),
    hostAnswer: claim.hostAnswer ?? null,
    hostAnsweredAt: claim.hostAnsweredAt ? claim.hostAnsweredAt.toISOString() : null,
    decidedAmount: claim.decidedAmount ?? null,
    decisionNote: claim.decisionNote ?? null,
    decidedAt: claim.decidedAt ? claim.decidedAt.toISOString() : null,
    createdAt: claim.createdAt.toISOString(),
  }));
}

/** The reservation and the asker's side: 404 when it does not exist, 403 for a stranger. */
async function loadStay(actor: Actor, reservationId: number): Promise<{ reservation: Reservation; side: ClaimSide }> {
  const reservation = Number.isSafeInteger(reservationId) && reservationId > 0 ? await Reservation.findByPk(reservationId) : null;
  if (!reservation) throw new AppError(404, "reservation:errors.notFound", { code: "not_found" });
  const side: ClaimSide | null =
    actor.id === reservation.travelerId ? "traveler" : actor.id === reservation.hostId ? "host" : can(actor.role, "read") ? "operator" : null;
  if (!side) throw forbidden();
  return { reservation, side };
}

async function checkInTimeOf(reservation: Reservation): Promise<string | null> {
  const listing = await Listing.findByPk(reservation.listingId, { attributes: ["checkInTime"] });
  return listing?.checkInTime ?? null;
}

/** The claims of a stay, for its traveler, its host or an operator (403 for anyone else). */
export async function claimsOfReservation(actor: Actor, reservationId: number): Promise<ClaimView[]> {
  await loadStay(actor, reservationId);
  return toClaimViews(await Claim.findAll({ where: { reservationId }, order: [["id", "ASC"]] }));
}

/** Only the stay's traveler may open a claim: 404 without the stay, 403 for anyone else. */
export async function requireClaimant(actor: Actor, reservationId: number): Promise<void> {
  if ((await loadStay(actor, reservationId)).side !== "traveler") throw forbidden();
}

const duplicate = () => new AppError(409, "claims:errors.alreadyOpen", { code: "claim_open" });

/**
 * The traveler opens a claim on their paid stay: 403 for anyone else, 409 outside the 24 hours
 * after check-in or while a claim is open, 422 for nights that are not the stay's. Photos go
 * through the listing photos' pipeline (real images, re-encoded, the same size limits).
 */
export async function openClaim(actor: Actor, reservationId: number, input: ClaimInput, files: UploadedFile[] = [], now = new Date()): Promise<ClaimView> {
  const { reservation, side } = await loadStay(actor, reservationId);
  if (side !== "traveler") throw forbidden();
  if (reservation.status !== "confirmed") throw new AppError(409, "claims:errors.notStayed", { code: "claim_not_allowed" });
  const checkInTime = await checkInTimeOf(reservation);
  const window = claimWindow(reservation.checkIn, checkInTime);
  if (!isClaimWindowOpen(reservation.checkIn, checkInTime, now)) {
    throw new AppError(409, "claims:errors.windowClosed", { code: "claim_window_closed", values: { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() } });
  }
  const nights = input.kind === "amenity" ? [...new Set(input.affectedNights ?? [])].sort() : [];
  if (nightsOutsideStay(nights, reservation).length > 0) {
    throw new AppError(422, "claims:errors.nights", { code: "invalid_input", fields: { affectedNights: "claims:errors.nights" } });
  }
  if (files.length > MAX_CLAIM_PHOTOS) {
    throw new AppError(422, "claims:errors.tooManyPhotos", { code: "invalid_input", values: { max: MAX_CLAIM_PHOTOS }, fields: { photos: "claims:errors.tooManyPhotos" } });
  }
  if (await Claim.count({ where: { openReservationId: reservation.id } })) throw duplicate();

  // Sequentially: sharp is CPU-bound and the machine is small.
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processPhoto(file.data, file.name));
  const keys: string[] = [];
  let claim: Claim;
  try {
    for (const image of processed) keys.push(await storeProcessedImage(`claims/${reservation.id}`, image));
    claim = await writeTransaction(async (transaction) => {
      if (await Claim.count({ where: { openReservationId: reservation.id }, transaction })) throw duplicate();
      const created = await Claim.create(
        {
          reservationId: reservation.id,
          travelerId: reservation.travelerId,
          hostId: reservation.hostId,
          kind: input.kind,
          amenity: input.kind === "amenity" ? (input.amenity ?? null) : null,
          affectedNights: nights.length > 0 ? nights.join(",") : null,
          text: input.text,
          status: "open",
          openReservationId: reservation.id,
          createdAt: now,
          updatedAt: now,
        },
        { transaction },
      );
      await ClaimPhoto.bulkCreate(
        processed.map((image, index) => ({
          claimId: created.id,
          storageKey: keys[index]!,
          variants: variantsColumn(image),
          width: image.width,
          height: image.height,
          position: index,
          createdAt: now,
        })),
        { transaction },
      );
      await notifyClaimSides(transaction, "claim.opened", reservation, ["traveler", "host"], now, { ownEmail: true });
      return created;
    });
  } catch (error) {
    await removeStoredPhotoFiles(keys.map((storageKey, index) => ({ storageKey, variants: variantsColumn(processed[index]!) })));
    // Two claims at once: the unique open_reservation_id lets only one in.
    if (error instanceof UniqueConstraintError) throw duplicate();
    throw error;
  }
  await notifyClaimOpened(claim);
  return (await toClaimViews([claim]))[0]!;
}

/**
 * Records a claim's step for the given sides (ADR 146), each linked to their own reservation page.
 * The traveler's own claim is their record (read). `ownEmail`: the step has its dedicated e-mail
 * (claim-emails.server.ts), sent after commit when the recipient wants claim e-mails; otherwise
 * the notification's generic e-mail is queued (same setting).
 */
export async function notifyClaimSides(
  transaction: Transaction,
  kind: string,
  reservation: Pick<Reservation, "id" | "reference" | "listingId" | "travelerId" | "hostId" | "roomTypeId" | "guesthouseRoomId">,
  sides: Array<"traveler" | "host">,
  now: Date,
  options: { amount?: number; ownEmail?: boolean } = {},
): Promise<void> {
  const listing = await Listing.findByPk(reservation.listingId, { attributes: ["id", "title"], transaction });
  for (const side of sides) {
    await notify(transaction, {
      userId: side === "host" ? reservation.hostId : reservation.travelerId,
      kind,
      params: {
        side,
        reference: reservation.reference,
        listing: listing?.title ?? `#${reservation.listingId}`,
        ...(options.amount !== undefined ? { amount: options.amount } : {}),
      },
      link: reservationPagePath(reservation, side),
      ownAction: kind === "claim.opened" && side === "traveler",
      ...(options.ownEmail ? { email: "caller" as const } : {}),
      now,
    });
  }
}

/** The host answers an open claim on their stay (a later answer replaces the earlier one). */
export async function answerClaim(actor: Actor, claimId: number, answer: string, now = new Date()): Promise<void> {
  const claim = Number.isSafeInteger(claimId) && claimId > 0 ? await Claim.findByPk(claimId) : null;
  if (!claim) throw notFound();
  if (claim.hostId !== actor.id) throw forbidden();
  await writeTransaction(async (transaction) => {
    const [changed] = await Claim.update({ hostAnswer: answer, hostAnsweredAt: now, updatedAt: now }, { where: { id: claimId, status: "open" }, transaction });
    if (changed !== 1) throw new AppError(409, "claims:errors.alreadyDecided", { code: "conflict" });
    // The traveler is told (no dedicated e-mail: the notification's own, when they want claim e-mails).
    const reservation = await Reservation.findByPk(claim.reservationId, { transaction });
    if (reservation) await notifyClaimSides(transaction, "claim.answered", reservation, ["traveler"], now);
  });
}

export interface ReservationClaims {
  claims: ClaimView[];
  /** The traveler may open a claim now (paid stay, within the window, none open). */
  canOpen: boolean;
  opensAt: string;
  closesAt: string;
  nights: string[];
  amenities: readonly ClaimAmenity[];
  maxPhotos: number;
}

/** The claims part of a reservation page. */
export async function reservationClaims(
  viewer: { side: ClaimSide },
  reservation: { id: number; status: string; checkIn: string; checkOut: string; listing: { checkInTime: string | null } },
  now = new Date(),
): Promise<ReservationClaims> {
  const claims = await toClaimViews(await Claim.findAll({ where: { reservationId: reservation.id }, order: [["id", "ASC"]] }));
  const window = claimWindow(reservation.checkIn, reservation.listing.checkInTime);
  const canOpen =
    viewer.side === "traveler" &&
    reservation.status === "confirmed" &&
    isClaimWindowOpen(reservation.checkIn, reservation.listing.checkInTime, now) &&
    !claims.some((claim) => claim.status === "open");
  return {
    claims,
    canOpen,
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    nights: nightsOf(reservation.checkIn, reservation.checkOut),
    amenities: CLAIM_AMENITIES,
    maxPhotos: MAX_CLAIM_PHOTOS,
  };
}

/** The most an operator can grant on `claim` now (the domain's rule, capped by the stay's remaining earning). */
export async function claimCapOf(claim: Claim, reservation: Reservation, transaction?: Transaction): Promise<number> {
  const remaining = await stayHostEarning(reservation.id, transaction);
  return claimCap({ kind: claim.kind, affectedNights: affectedNightsOf(claim) }, reservation, remaining).amount;
}

/** /reservation-details/{id}/claim: the traveler's stay and its claims (403 for anyone else). */
export async function claimPage(actor: Actor, reservationId: number, now = new Date()) {
  const { reservation, side } = await loadStay(actor, reservationId);
  if (side !== "traveler") throw forbidden();
  const checkInTime = await checkInTimeOf(reservation);
  return {
    reservation: { id: reservation.id, reference: reservation.reference, roomTypeId: reservation.roomTypeId, guesthouseRoomId: reservation.guesthouseRoomId },
    claims: await reservationClaims({ side }, { ...reservation.get({ plain: true }), listing: { checkInTime } }, now),
  };
}
