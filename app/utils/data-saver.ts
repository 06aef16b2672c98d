import { useRouteLoaderData } from "@remix-run/react";

/** The cookie that holds the visitor's "Data saver" choice ("on" or "off"; ADR 231). */
export const DATA_SAVER_COOKIE = "darna_data_saver";

/**
 * Whether the page is served in data-saver mode (no JavaScript, smallest images): the root
 * loader decides it from the cookie and the `Save-Data` request header.
 */
export function useDataSaver(): boolean {
  const root = useRouteLoaderData("root") as { dataSaver?: boolean } | undefined;
  return root?.dataSaver === true;
}
