// /verify-establishment-payment?ref=…: the establishment payment's return page. SPEC.md §2: the one
// route without a language prefix (the language comes from ?lng=, the cookie or the browser).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PaymentVerification, verificationMeta } from "~/components/booking/payment-verification";
import bookingStyles from "~/styles/booking.css?url";
import { verificationAction, verificationLoader } from "~/services/booking/booking-pages.server";

export const handle = { i18n: ["payment", "reservation", "rules"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, location }) => verificationMeta(data, "Darna", location.pathname);

export const loader = (args: LoaderFunctionArgs) => verificationLoader(args, "establishment");
export const action = (args: ActionFunctionArgs) => verificationAction(args);

export default PaymentVerification;
