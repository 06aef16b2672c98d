import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/accounts/legal-page";
import { getFixedT, getLanguage } from "~/utils/i18n.server";

export const handle = { i18n: ["legal"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(await getLanguage(request), "legal");
  return { title: t("saleTravelers.title"), description: t("saleTravelers.intro") };
}

export default function TermsOfSaleTravelersPage() {
  return <LegalPage document="saleTravelers" />;
}
