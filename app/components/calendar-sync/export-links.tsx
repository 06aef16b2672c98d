// The listing's private iCal export links with copy fields (the wizard's sync step).
import { useTranslation } from "react-i18next";
import { ExportLinkField } from "~/components/calendar-sync/calendar-sync-section";

export function ExportLinks({ links }: { links: Array<{ unitKey: string; name: string | null; url: string }> }) {
  const { t } = useTranslation("calendar-sync");
  return (
    <section className="calendar-sync__exports" aria-labelledby="export-links-title">
      <h2 id="export-links-title">{t("section.exportTitle")}</h2>
      <p className="field__hint">{t("section.exportHint")}</p>
      {links.map((link) => (
        <ExportLinkField key={link.unitKey} id={`export-${link.unitKey}`} label={link.name ? t("section.exportUnit", { name: link.name }) : t("section.exportLabel")} url={link.url} />
      ))}
    </section>
  );
}
