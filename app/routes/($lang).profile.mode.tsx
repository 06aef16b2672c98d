import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HostModeSchema } from "~/schemas/host-mode";
import { setHostMode } from "~/services/accounts/user.server";
import { requireUser, safeRedirect } from "~/utils/auth.server";
import { getFixedT, getLanguage } from "~/utils/i18n.server";
import { localizedPath } from "~/utils/localized-path";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// /profile/mode: traveler mode or host mode, remembered on the user (users.host_mode).
// GET shows the switch; POST flips it (or sets `mode`) and goes back to `redirectTo`.

export const handle = { i18n: ["profile"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Darna` : "Darna" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "profile");
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return { hostMode: user.hostMode, redirectTo, title: t("mode.title") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: HostModeSchema });
  const value = submission.status === "success" ? submission.value : {};
  const hostMode = await setHostMode(user.id, value.mode);
  return redirectWithToast(safeRedirect(value.redirectTo, localizedPath(request, "/profile/mode")), {
    type: "success",
    message: hostMode ? "profile:mode.nowHost" : "profile:mode.nowTraveler",
  });
}

export default function ModePage() {
  const { hostMode, redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  return (
    <section aria-labelledby="mode-title">
      <h1 id="mode-title">{t("mode.title")}</h1>
      <p data-testid="current-mode">{hostMode ? t("mode.currentHost") : t("mode.currentTraveler")}</p>
      <p>{hostMode ? t("mode.hostExplained") : t("mode.travelerExplained")}</p>
      <Form method="post">
        <input type="hidden" name="mode" value={hostMode ? "traveler" : "host"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" className="button">
          {hostMode ? t("mode.switchToTraveler") : t("mode.switchToHost")}
        </button>
      </Form>
    </section>
  );
}
