// /host: the host landing (nav "Owners", issue 16): why list on Darna, how it works, an earnings
// estimate from the catalogue's real prices (a GET form: works without JavaScript), hosts'
// questions, and the way into /become-host. No client code of its own.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HostEstimate } from "~/components/host-landing/host-estimate";
import { HostLandingSections } from "~/components/host-landing/host-landing-sections";
import { HOST_COMMISSION_PERCENT } from "~/domain/pricing";
import { parseHostEstimate } from "~/schemas/host-estimate";
import { estimateEarnings } from "~/services/host-landing/earnings-estimate.server";
import { popularDestinations } from "~/services/search/search-page.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";

export const handle = { i18n: ["host-landing", "search"], documentCache: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Darna` : "Darna" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(await getLanguage(request), "host-landing");
  const asked = parseHostEstimate(new URL(request.url).searchParams);
  const [cities, estimate] = await Promise.all([popularDestinations(), asked?.question ? estimateEarnings(asked.question) : null]);
  return {
    title: t("meta.title"),
    description: t("meta.description"),
    commissionPercent: HOST_COMMISSION_PERCENT,
    cities,
    question: asked?.question ?? null,
    errors: asked?.errors ?? null,
    estimate,
  };
}

export default function HostLandingPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="host-landing">
      <HostLandingSections commissionPercent={data.commissionPercent}>
        <HostEstimate
          cities={data.cities}
          question={data.question}
          errors={data.errors}
          estimate={data.estimate}
          commissionPercent={data.commissionPercent}
        />
      </HostLandingSections>
    </main>
  );
}
