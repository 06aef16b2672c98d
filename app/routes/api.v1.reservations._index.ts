// GET  /api/v1/reservations          the bearer's reservations: as traveler (default) or as host (?as=host&tab=…)
// POST /api/v1/reservations          book a stay → 201 { id, reference, status, … }, 409 when the nights are taken
import { CreateReservationBodySchema } from "~/schemas/booking";
import { ReservationListQuerySchema } from "~/schemas/booking-api";
import { createReservation } from "~/services/booking/booking.server";
import { listHostReservations, listTravelerReservations } from "~/services/booking/reservation-lists.server";
import { withReviewable } from "~/services/reviews/review-reads.server";
import { apiError, apiJson, apiLanguage, apiRoute, readJsonBody } from "~/utils/api.server";
import { requireApiUser, requireVerifiedUser } from "~/utils/auth.server";
import { findCurrency, TND } from "~/utils/currency.server";
import { LEGACY_LIST_PAGE_SIZE, paginate, readPagination } from "~/utils/api-pagination";

export const loader = apiRoute(async ({ request }) => {
  const user = await requireApiUser(request);
  const search = new URL(request.url).searchParams;
  const param = (name: string) => search.get(name) ?? undefined;
  // A bad value is a 400 on its field (apiRoute); the tab is read only for the host's side.
  const { as } = ReservationListQuerySchema.pick({ as: true }).parse({ as: param("as") });
  // A traveler's items say whether the stay can be reviewed now (issue 13).
  const pagination = readPagination(request.url, LEGACY_LIST_PAGE_SIZE);
  if (as === "traveler") {
    const { items, ...page } = paginate(await listTravelerReservations(user.id), pagination);
    return { reservations: await withReviewable(items), ...page };
  }
  const { tab } = ReservationListQuerySchema.pick({ tab: true }).parse({ tab: param("tab") });
  const { items, ...page } = paginate(await listHostReservations(user.id, tab), pagination);
  return { reservations: items, ...page };
});

export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") throw apiError(405, "api:errors.method_not_allowed", { values: { allow: ["GET", "POST"] } });
  const user = await requireVerifiedUser(request);
  const body = await readJsonBody(request, CreateReservationBodySchema);
  const currency = body.currency ? ((await findCurrency(body.currency)) ?? TND) : TND;
  const created = await createReservation(
    { id: user.id },
    {
      listingId: body.propertyId,
      roomTypeId: body.roomTypeId ?? null,
      roomId: body.roomId ?? null,
      rooms: body.rooms,
      checkIn: body.checkIn,
      checkOut: body.checkOut,
      adults: body.adults,
      children: body.children ?? 0,
      infants: body.infants ?? 0,
      pets: body.pets ?? 0,
    },
    // The schema required `acceptTerms: true`: the traveler accepted the terms of sale.
    { termsAccepted: body.acceptTerms, language: await apiLanguage(request), displayCurrency: currency },
  );
  return apiJson(created, { status: 201, headers: { Location: `/api/v1/reservations/${created.id}` } });
});
