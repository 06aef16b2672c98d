// /payment?propertyId=…&checkIn=…&checkOut=…&adults=…: a verified traveler confirms a stay in a
// property, sees the price (display currency, charged in TND), picks bank card, bank transfer or
// bank deposit, accepts the terms of sale. Works without JavaScript (a plain form post).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BookingPage } from "~/components/booking/booking-page";
import bookingStyles from "~/styles/booking.css?url";
import { paymentPageAction, paymentPageLoader } from "~/services/booking/booking-pages.server";

export const handle = { i18n: ["booking", "rules", "reservation", "property"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.ok ? `${data.listing.title} · Darna` : "Darna" },
  { name: "robots", content: "noindex" },
];

export const loader = (args: LoaderFunctionArgs) => paymentPageLoader(args, "property");
export const action = (args: ActionFunctionArgs) => paymentPageAction(args);

export default BookingPage;
