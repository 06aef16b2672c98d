// Who did what on a host's listings (ADR 147): "Accepted by Amira Ben Ali (co-host)".
import { useTranslation } from "react-i18next";

export interface HostActionItem {
  id: number;
  action: string;
  listingTitle: string;
  detail: string | null;
  actorName: string;
  byCohost: boolean;
  at: string;
}

export function actorLabel(t: (key: string, options?: Record<string, unknown>) => string, name: string, byCohost: boolean): string {
  return byCohost ? t("cohosts:actorCohost", { name }) : name;
}

export function HostActionList({ actions, showListing = false, language }: { actions: HostActionItem[]; showListing?: boolean; language: string }) {
  const { t } = useTranslation("cohosts");
  if (actions.length === 0) return null;
  return (
    <ul className="host-actions" data-testid="host-actions">
      {actions.map((action) => (
        <li key={action.id} data-action={action.action}>
          {t(`cohosts:actions.${action.action}`, { name: actorLabel(t, action.actorName, action.byCohost) })}
          {action.detail ? ` (${action.detail === "all" ? t("cohosts:allDates") : action.detail})` : ""}
          {showListing ? ` · ${action.listingTitle}` : ""} ·{" "}
          <time dateTime={action.at}>{new Date(action.at).toLocaleString(language, { timeZone: "Africa/Tunis", dateStyle: "medium", timeStyle: "short" })}</time>
        </li>
      ))}
    </ul>
  );
}
