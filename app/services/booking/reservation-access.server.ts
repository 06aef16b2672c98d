// Who may see a reservation (its traveler, its host, a co-host of its listing, operators; anyone
// else gets 404) and the errors the reservation services answer with. A co-host acts on the
// host's side (ADR 147); `cohost` tells the services to keep the host's money out of sight.
import { Reservation } from "~/db/models/reservation.server";
import { isCohostOf } from "~/services/cohosts/cohost-access.server";
import { type RefusalCode } from "~/domain/reservation-state";
import { AppError } from "~/utils/app-error";
import { can, type UserRole } from "~/domain/staff-roles";

export interface Viewer {
  id: number;
  role: UserRole;
}

export type ReservationSide = "traveler" | "host" | "operator";

/** Which side the viewer is on, or null for a stranger. */
export function sideOf(viewer: Viewer, reservation: Pick<Reservation, "travelerId" | "hostId">): ReservationSide | null {
  if (viewer.id === reservation.travelerId) return "traveler";
  if (viewer.id === reservation.hostId) return "host";
  if (can(viewer.role, "read")) return "operator";
  return null;
}

export function notFound(): AppError {
  return new AppError(404, "reservation:errors.notFound");
}

/** The reservation if the viewer is its traveler, its host, a co-host of its listing or an operator; 404 for anyone else. */
export async function loadVisible(viewer: Viewer, id: number): Promise<{ reservation: Reservation; side: ReservationSide; cohost: boolean }> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  const reservation = await Reservation.findByPk(id);
  if (!reservation) throw notFound();
  const side = sideOf(viewer, reservation);
  if (side !== "traveler" && side !== "host" && (await isCohostOf(viewer.id, reservation.listingId))) {
    return { reservation, side: "host", cohost: true };
  }
  if (!side) throw notFound();
  return { reservation, side, cohost: false };
}

export function refusal(code: RefusalCode, key: string): AppError {
  if (code === "reason_required") return new AppError(400, key, { fields: { reason: key } });
  return new AppError(409, key);
}

