// /est-reservation-details without an id: the traveler's trips.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localizedPath } from "~/utils/localized-path";

export const loader = ({ request }: LoaderFunctionArgs) => redirect(localizedPath(request, "/profile/trips"));
