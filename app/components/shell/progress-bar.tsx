import { useFetchers, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * A slim bar at the top while a navigation or a form post is under way. It only ever shows with
 * JavaScript: without it the browser's own loading indicator does the job.
 */
export function ProgressBar() {
  const { t } = useTranslation("common");
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  if (!busy) return null;
  return (
    <div
      className={`progress-bar progress-bar--${navigation.state === "idle" ? "loading" : navigation.state}`}
      role="progressbar"
      aria-label={t("progress")}
      aria-busy="true"
    >
      <span className="progress-bar__fill" />
    </div>
  );
}
