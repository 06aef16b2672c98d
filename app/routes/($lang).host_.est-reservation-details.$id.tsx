// /host/est-reservation-details/{id}: the host's view of an establishment reservation.
// Only the traveler, the listing's host and operators can open it (anyone else: 404).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ReservationDetailsPage } from "~/components/booking/reservation-details";
import bookingStyles from "~/styles/booking.css?url";
import { reservationPageAction, reservationPageLoader } from "~/services/booking/reservation-pages.server";

export const handle = { i18n: ["reservation", "booking", "payment", "rules", "reviews", "claims", "receipts", "cohosts"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.details.reference} · Darna` : "Darna" },
  { name: "robots", content: "noindex" },
];

export const loader = (args: LoaderFunctionArgs) => reservationPageLoader(args, "host");
export const action = (args: ActionFunctionArgs) => reservationPageAction(args, "host");

export default ReservationDetailsPage;
