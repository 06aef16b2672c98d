import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useLocalizedPath } from "~/utils/localized-path";

export type FavoriteKind = "property" | "establishment" | "provider";

/**
 * The heart: a form post to /favorites that works without JavaScript (a redirect back here);
 * with JavaScript a fetcher posts it and the heart fills at once.
 */
export function FavoriteButton({
  kind,
  targetId,
  saved,
  label,
  className,
}: {
  kind: FavoriteKind;
  targetId: number;
  saved: boolean;
  /** What is saved (the listing's title), for screen readers. */
  label: string;
  className?: string;
}) {
  const { t } = useTranslation("favorites");
  const fetcher = useFetcher<{ ok: boolean; saved?: boolean }>();
  const location = useLocation();
  const lp = useLocalizedPath();
  const hydrated = useHydrated();
  const pendingIntent = fetcher.formData?.get("intent");
  const isSaved = pendingIntent ? pendingIntent === "add" : fetcher.data?.ok && fetcher.data.saved !== undefined ? fetcher.data.saved : saved;
  const text = isSaved ? t("favorites:remove", { title: label }) : t("favorites:add", { title: label });
  return (
    <fetcher.Form method="post" action={lp("/favorites")} className={className ? `favorite-form ${className}` : "favorite-form"}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="intent" value={isSaved ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      <button
        type="submit"
        className={isSaved ? "favorite-button favorite-button--saved" : "favorite-button"}
        aria-pressed={isSaved}
        aria-label={text}
        title={text}
        data-testid="favorite-button"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"
            fill={isSaved ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
      </button>
    </fetcher.Form>
  );
}
