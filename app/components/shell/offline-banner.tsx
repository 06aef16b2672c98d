import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

type Connection = "online" | "offline" | "restored";

/** How long the "connection restored" banner stays. */
const RESTORED_VISIBLE_MS = 4000;

/** "You are currently offline." while the browser is offline, then "…restored." for a moment. */
export function OfflineBanner() {
  const { t } = useTranslation("common");
  const [connection, setConnection] = useState<Connection>("online");

  useEffect(() => {
    const goOffline = () => setConnection("offline");
    const goOnline = () => setConnection((current) => (current === "offline" ? "restored" : current));
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
    if (!navigator.onLine) goOffline();
    return () => {
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
    };
  }, []);

  useEffect(() => {
    if (connection !== "restored") return;
    const timer = window.setTimeout(() => setConnection("online"), RESTORED_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [connection]);

  if (connection === "online") return null;
  return (
    <div className={`network-banner network-banner--${connection}`} role={connection === "offline" ? "alert" : "status"}>
      {connection === "offline" ? t("network.offline") : t("network.online")}
    </div>
  );
}
