// /reservation-verification?ref=…: the gateway sends the traveler back here after paying for a
// property. The payment is verified with the gateway by its reference (recorded once, however
// often the page is loaded) and the outcome shown.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PaymentVerification, verificationMeta } from "~/components/booking/payment-verification";
import bookingStyles from "~/styles/booking.css?url";
import { verificationAction, verificationLoader } from "~/services/booking/booking-pages.server";

export const handle = { i18n: ["payment", "reservation", "rules"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, location }) => verificationMeta(data, "Darna", location.pathname);

export const loader = (args: LoaderFunctionArgs) => verificationLoader(args, "property");
export const action = (args: ActionFunctionArgs) => verificationAction(args);

export default PaymentVerification;
