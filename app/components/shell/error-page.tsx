import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/utils/localized-path";

/**
 * The not-found and server-error pages. Nothing here needs the database or loader data, so the
 * root ErrorBoundary can render it when the database is down.
 */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  const notFound = status === 404;
  const [title, message] = notFound
    ? ["errors.notFoundTitle", "errors.notFound"]
    : status < 500
      ? ["errors.requestTitle", "errors.request"]
      : ["errors.serverTitle", "errors.server"];
  return (
    <main className="error-page" data-status={status}>
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{t(title)}</h1>
      <p className="error-page__message">{t(message)}</p>
      <p className="error-page__actions">
        <Link to={lp("/")} className="button" reloadDocument={status >= 500}>
          {t("errors.backHome")}
        </Link>
        {notFound ? (
          <Link to={lp("/accommodation")} className="button button--ghost">
            {t("errors.browse")}
          </Link>
        ) : null}
      </p>
    </main>
  );
}
