// What the receipt and invoice pages share: the operator's identity (env) and the rule that a
// document someone may not read is a 404 page, like a document that does not exist.
import { isAppError } from "~/utils/app-error";
import { env } from "~/utils/env.server";

export function operatorIdentity() {
  return env.operatorIdentity;
}

/** The document, or a 404 page when the service says it is not the viewer's (or does not exist). */
export async function documentOrNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 403)) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    throw error;
  }
}
