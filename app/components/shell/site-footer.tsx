import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataSaverForm } from "~/components/shell/data-saver-form";
import { StaticSection } from "~/components/ui/static-section";
import { useLocalizedPath } from "~/utils/localized-path";

// Contact details of the operator, shown as they are in every language.
export const contact = {
  phone: "+216 71 000 000",
  phoneHref: "tel:+21671000000",
  email: "contact@darna.tn",
} as const;

const social = [
  { name: "Facebook", href: "https://www.facebook.com/darna.tn", icon: <FacebookIcon /> },
  { name: "Instagram", href: "https://www.instagram.com/darna.tn", icon: <InstagramIcon /> },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/darna-tn", icon: <LinkedInIcon /> },
];

export function SiteFooter() {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <StaticSection as="footer" id="site-footer" className="site-footer" aria-label={t("footer.label")}>
      <div className="site-footer__grid">
        <section>
          <p className="site-footer__brand">{t("appName")}</p>
          <p>{t("footer.tagline")}</p>
          <h2 className="site-footer__heading">{t("footer.follow")}</h2>
          <ul className="social-links">
            {social.map((item) => (
              <li key={item.name}>
                <a href={item.href} rel="noopener noreferrer" aria-label={item.name} title={item.name}>
                  {item.icon}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="site-footer__heading">{t("footer.legal")}</h2>
          <ul className="site-footer__links">
            <li>
              <Link to={lp("/privacy-policy")}>{t("footer.privacyPolicy")}</Link>
            </li>
            <li>
              <Link to={lp("/terms-of-use")}>{t("footer.termsOfUse")}</Link>
            </li>
            <li>
              <Link to={lp("/partner-proposal")}>{t("footer.becomePartner")}</Link>
            </li>
            <li>
              <Link to={lp("/developers")}>{t("footer.developers")}</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="site-footer__heading">{t("footer.contact")}</h2>
          <address>
            <p>{t("footer.address")}</p>
            <p>
              {t("footer.phone")}: <a href={contact.phoneHref}>{contact.phone}</a>
            </p>
            <p>
              {t("footer.email")}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </p>
          </address>
        </section>
        <section>
          <h2 className="site-footer__heading">{t("footer.payment")}</h2>
          <PaymentCards />
          <p className="site-footer__small">{t("footer.paymentCards")}</p>
        </section>
        <section>
          <h2 className="site-footer__heading">{t("dataSaver.heading")}</h2>
          <DataSaverForm className="data-saver" />
        </section>
      </div>
      <p className="site-footer__rights">{t("footer.rights")}</p>
    </StaticSection>
  );
}

/** Payment-card marks as small inline SVGs: no image requests, a few hundred bytes. */
function PaymentCards() {
  return (
    <ul className="payment-cards">
      <li>
        <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Visa">
          <rect width="48" height="30" rx="4" fill="#1a1f71" />
          <text x="24" y="20" textAnchor="middle" fill="#fff" fontSize="12" fontWeight="700" fontStyle="italic" fontFamily="Arial, sans-serif">
            VISA
          </text>
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="Mastercard">
          <rect width="48" height="30" rx="4" fill="#f4f4f4" stroke="#ddd" />
          <circle cx="19" cy="15" r="8" fill="#eb001b" />
          <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label="e-DINAR">
          <rect width="48" height="30" rx="4" fill="#fff" stroke="#f2b705" strokeWidth="2" />
          <text x="24" y="19" textAnchor="middle" fill="#0d3c84" fontSize="9" fontWeight="700" fontFamily="Arial, sans-serif">
            e-DINAR
          </text>
        </svg>
      </li>
    </ul>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4A20 20 0 0 0 14.3 4c-2.2 0-3.8 1.4-3.8 3.9v2.6H8v3h2.5V21z"
      />
    </svg>
  );
}

function InstagramIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="16" height="16" rx="4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="12" r="3.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="16.6" cy="7.4" r="1.1" fill="currentColor" />
    </svg>
  );
}

function LinkedInIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M5 9h3v10H5zM6.5 4.5a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4M10 9h2.9v1.4c.4-.8 1.4-1.6 3-1.6 3.1 0 3.6 2 3.6 4.7V19h-3v-4.8c0-1.2 0-2.6-1.6-2.6s-1.9 1.2-1.9 2.5V19h-3z"
      />
    </svg>
  );
}
