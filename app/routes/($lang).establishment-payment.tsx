// /establishment-payment?propertyId=…&roomTypeId=…|roomId=…&rooms=…&checkIn=…: the same as
// /payment for one or more rooms of a hotel room type, or a guesthouse room.
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

export const loader = (args: LoaderFunctionArgs) => paymentPageLoader(args, "establishment");
export const action = (args: ActionFunctionArgs) => paymentPageAction(args);

export default BookingPage;
