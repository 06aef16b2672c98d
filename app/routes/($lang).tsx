import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { isLanguage } from "~/utils/i18n";

// Every page sits under an optional language prefix. Any other first segment is not a
// language: it is a page we do not have.
export async function loader({ params }: LoaderFunctionArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) {
    throw new Response("Not Found", { status: 404 });
  }
  return null;
}

export default function LanguageLayout() {
  return <Outlet />;
}
