import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/utils/date-format";

/** A slot's start in Tunis time, in the page's language (the same on the server and the client). */
export function SlotTime({ at, full = false }: { at: string; full?: boolean }) {
  const { i18n } = useTranslation();
  const text = dateTimeFormat(i18n.language, { dateStyle: full ? "full" : "medium", timeStyle: "short", timeZone: "Africa/Tunis" }).format(new Date(at));
  return <time dateTime={at}>{text}</time>;
}
