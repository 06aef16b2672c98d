// Loaders and actions shared by the booking pages (issue 6): /payment and /establishment-payment
// (confirm the stay, see the price, pick how to pay, accept the terms of sale), and the two
// verification pages the gateway sends the traveler back to (/reservation-verification, and
// /verify-establishment-payment without a language prefix).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { policySummaryKey } from "~/domain/refunds";
import { BookingFormSchema, StayQuerySchema } from "~/schemas/booking";
import { createReservation, previewBooking } from "~/services/booking/booking.server";
import { type BookingRequest } from "~/services/booking/booking-target.server";
import { startPayment, verificationPath } from "~/services/payments/payment-start.server";
import { verifyPayment } from "~/services/payments/payment-results.server";
import { issueMessages } from "~/services/listings/property-availability.server";
import { reservationPagePath } from "~/services/booking/reservation-emails.server";
import { getReservationDetails } from "~/services/booking/reservation-details.server";
import { availableVoucherTotal } from "~/services/payments/refund.server";
import { fieldErrorsOf, isAppError } from "~/utils/app-error";
import { requireUser, requireVerifiedUser } from "~/utils/auth.server";
import { getDisplayCurrency } from "~/utils/currency.server";
import { getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export type BookingPageKind = "property" | "establishment";

const PAGE_PATH: Record<BookingPageKind, string> = { property: "/payment", establishment: "/establishment-payment" };

function stayRequest(query: {
  propertyId: number;
  roomTypeId?: number;
  roomId?: number;
  rooms: number;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  infants: number;
  pets: number;
}): BookingRequest {
  return {
    listingId: query.propertyId,
    roomTypeId: query.roomTypeId ?? null,
    roomId: query.roomId ?? null,
    rooms: query.rooms,
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    adults: query.adults,
    children: query.children,
    infants: query.infants,
    pets: query.pets,
  };
}

/** Where the gateway sends the traveler back: the property page keeps the language prefix. */
function returnPathFor(request: Request, reservation: { roomTypeId: number | null; guesthouseRoomId: number | null }): string {
  const path = verificationPath(reservation);
  return path === "/reservation-verification" ? localizedPath(request, path) : path;
}

export async function paymentPageLoader({ request }: LoaderFunctionArgs, kind: BookingPageKind) {
  const user = await requireVerifiedUser(request);
  const url = new URL(request.url);
  const language = await getLanguage(request);
  const parsed = StayQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return { ok: false as const, reason: "missing" as const, language };
  }
  let preview;
  try {
    preview = await previewBooking(stayRequest(parsed.data));
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
  const { target } = preview;
  // The establishment page books rooms, the property page whole listings: send each to its page.
  const wanted: BookingPageKind = target.establishment ? "establishment" : "property";
  if (wanted !== kind) throw redirect(localizedPath(request, PAGE_PATH[wanted]) + url.search);
  const [issues, voucher] = await Promise.all([issueMessages(language, preview.issues), availableVoucherTotal(user.id)]);
  const quote = preview.quote;
  // A voucher is used whole, when it fits in the total (refund.server.ts applyVouchers).
  const voucherShown = quote && voucher <= quote.total ? voucher : 0;
  return {
    ok: true as const,
    language,
    query: Object.fromEntries(url.searchParams),
    listing: {
      id: target.listingId,
      title: target.title,
      city: target.city,
      propertyType: target.propertyType,
      method: target.method,
      establishment: target.establishment,
      unitName: target.unitName,
      roomTypeId: target.roomTypeId,
      roomId: target.guesthouseRoomId,
      checkInTime: target.checkInTime,
      checkOutTime: target.checkOutTime,
      policyKey: policySummaryKey(target.cancellationPolicy),
      policy: target.cancellationPolicy,
      own: target.hostId === user.id,
    },
    stay: preview.stay,
    available: preview.available,
    issues,
    quote: quote
      ? {
          nights: quote.nights,
          rooms: quote.rooms,
          nightly: quote.nightly,
          nightsTotal: quote.nightsTotal,
          discount: quote.discount,
          discountKind: quote.discountKind,
          discountPercent: quote.discountPercent,
          cleaningFee: quote.cleaningFee,
          serviceFee: quote.serviceFee,
          serviceFeePercent: quote.serviceFeePercent,
          total: quote.total,
          voucher: voucherShown,
          amountDue: quote.total - voucherShown,
        }
      : null,
  };
}

export async function paymentPageAction({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: BookingFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;
  const language = await getLanguage(request);
  let created;
  try {
    created = await createReservation({ id: user.id }, stayRequest(value), {
      termsAccepted: value.acceptTerms === "on",
      language,
      displayCurrency: await getDisplayCurrency(request),
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fieldErrors = fieldErrorsOf(error);
    // The message's values ("Bookings are open until {{date}}") travel with the reply.
    return data({ ...submission.reply({ formErrors: [error.key], fieldErrors }), ...(error.values ? { values: error.values } : {}) }, { status: error.status });
  }
  const location = { roomTypeId: value.roomTypeId ?? null, guesthouseRoomId: value.roomId ?? null };
  const details = localizedPath(request, reservationPagePath({ id: created.id, ...location }, "traveler"));
  if (created.status === "pending_host") {
    return redirectWithToast(details, { type: "success", message: "booking:toast.requestSent" });
  }
  try {
    const started = await startPayment(user, created.id, value.method, { language, returnPath: returnPathFor(request, location) });
    if (started.kind === "gateway") return redirect(started.redirectUrl);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(details, { type: "error", message: error.key });
  }
  return redirectWithToast(details, { type: "success", message: "booking:toast.booked" });
}

// ---------------------------------------------------------------------------------------------
// Verification pages

export async function verificationLoader({ request }: LoaderFunctionArgs, kind: BookingPageKind) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const result = await verifyPayment(url.searchParams.get("ref"), { viewer: user });
  let reservation = null;
  if (result.reservationId) {
    const details = await getReservationDetails(user, result.reservationId);
    reservation = {
      id: details.id,
      reference: details.reference,
      title: details.listing.title,
      listingId: details.listing.id,
      checkIn: details.checkIn,
      checkOut: details.checkOut,
      status: details.status,
      path: reservationPagePath(
        { id: details.id, roomTypeId: details.unit?.kind === "room-type" ? details.unit.id : null, guesthouseRoomId: details.unit?.kind === "room" ? details.unit.id : null },
        details.side === "host" ? "host" : "traveler",
      ),
      canPay: details.actions.includes("pay"),
      refunds: details.refunds,
    };
  }
  return { kind, state: result.state, payment: result.payment, reservation, language: await getLanguage(request) };
}

/** "Retry": a new card payment for the same reservation (the hold still stands). */
export async function verificationAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const reservationId = Number(form.get("reservationId"));
  try {
    const details = await getReservationDetails(user, reservationId);
    const location = {
      roomTypeId: details.unit?.kind === "room-type" ? details.unit.id : null,
      guesthouseRoomId: details.unit?.kind === "room" ? details.unit.id : null,
    };
    const started = await startPayment(user, reservationId, "card", {
      language: await getLanguage(request),
      returnPath: returnPathFor(request, location),
    });
    if (started.kind === "gateway") return redirect(started.redirectUrl);
    return redirect(localizedPath(request, reservationPagePath({ id: reservationId, ...location }, "traveler")));
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw new Response("Not Found", { status: 404 });
    return data({ error: error.key }, { status: error.status });
  }
}
