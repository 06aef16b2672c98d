import { useTranslation } from "react-i18next";

/** "Demo — no real payments": a thin strip above the header on every page of a demo site. */
export function DemoRibbon() {
  const { t } = useTranslation("demo");
  return (
    <p className="demo-ribbon" role="note">
      {t("ribbon")}
    </p>
  );
}
