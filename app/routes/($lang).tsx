import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireKnownLanguage } from "~/utils/i18n";

// Every page sits under an optional language prefix. Any other first segment is not a
// language: it is a page we do not have.
export async function loader({ params }: LoaderFunctionArgs) {
  requireKnownLanguage(params.lang);
  return null;
}

export default function LanguageLayout() {
  return <Outlet />;
}
