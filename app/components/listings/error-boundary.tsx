import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/shell/error-page";

/**
 * The listing pages' error boundary: 403 (another host's listing), 404 (unknown or deleted),
 * 409… with the service's translated message when there is one.
 */
export function ListingErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && !/^(Not Found|Forbidden)$/.test(error.data) ? error.data : null;
  return (
    <>
      <ErrorPage status={status} />
      {message ? (
        <p className="error-page__detail" data-testid="listing-error">
          {message}
        </p>
      ) : null}
    </>
  );
}
