import { useTranslation } from "react-i18next";

/** The host's banner while their listings are suspended: why, and what lifts it. */
export function SuspensionBanner({
  standing,
}: {
  standing: { rating: number | null; count: number; suspension: { reason: "rating" | "operator"; note: string | null } | null };
}) {
  const { t } = useTranslation("reviews");
  if (!standing.suspension) return null;
  return (
    <p className="suspension-banner" role="status" data-testid="suspension-banner" data-reason={standing.suspension.reason}>
      {standing.suspension.reason === "rating"
        ? t("banner.rating", { rating: (standing.rating ?? 0).toFixed(1), count: standing.count })
        : t("banner.operator", { note: standing.suspension.note ?? "" })}
    </p>
  );
}
