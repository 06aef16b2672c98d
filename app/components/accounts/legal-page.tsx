import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/utils/localized-path";

export type LegalDocument = "privacy" | "terms" | "saleTravelers" | "saleHosts";

export const LEGAL_PATHS: Record<LegalDocument, string> = {
  privacy: "/privacy-policy",
  terms: "/terms-of-use",
  saleTravelers: "/terms-of-sale/travelers",
  saleHosts: "/terms-of-sale/hosts",
};

/** When the texts in locales/<lang>/legal.json last changed. */
export const LEGAL_UPDATED = "2026-11-22";

interface Section {
  title: string;
  paragraphs: string[];
}

/** A legal document from the `legal` namespace: title, intro, numbered sections, other documents. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation("legal");
  const lp = useLocalizedPath();
  const sections = t(`${document}.sections`, { returnObjects: true }) as unknown as Section[];
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(LEGAL_UPDATED));
  return (
    <main className="legal-page">
      <article>
        <h1>{t(`${document}.title`)}</h1>
        <p className="legal-page__updated">{t("updated", { date: updated })}</p>
        <p className="legal-page__intro">{t(`${document}.intro`)}</p>
        <nav aria-label={t("contents")} className="legal-page__toc">
          <h2>{t("contents")}</h2>
          <ol>
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#section-${index + 1}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.title} id={`section-${index + 1}`}>
            <h2>
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
      <aside className="legal-page__others">
        <h2>{t("otherDocuments")}</h2>
        <ul>
          {(Object.keys(LEGAL_PATHS) as LegalDocument[])
            .filter((other) => other !== document)
            .map((other) => (
              <li key={other}>
                <Link to={lp(LEGAL_PATHS[other])}>{t(`links.${other}`)}</Link>
              </li>
            ))}
        </ul>
      </aside>
    </main>
  );
}
