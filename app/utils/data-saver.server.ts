import { createCookie } from "@remix-run/node";
import { DATA_SAVER_COOKIE } from "~/utils/data-saver";

// Data-saver mode (issue 18 point 4, ADR 231): no JavaScript and the smallest images. The
// visitor's own choice (the footer switch, the profile settings) is kept in a cookie and wins;
// without one, the browser's `Save-Data: on` header (Chrome's Lite mode, Android's data saver)
// turns it on.
export const dataSaverCookie = createCookie(DATA_SAVER_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function isDataSaverOn(request: Request): Promise<boolean> {
  const chosen: unknown = await dataSaverCookie.parse(request.headers.get("Cookie"));
  if (chosen === "on") return true;
  if (chosen === "off") return false;
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}

/** The Set-Cookie header value that remembers the visitor's choice. */
export async function serializeDataSaverCookie(on: boolean): Promise<string> {
  return dataSaverCookie.serialize(on ? "on" : "off");
}
